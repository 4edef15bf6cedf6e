// The content-hash render cache: a page's products, stored under a key made of everything they depend on, so that
// an unchanged page is not parsed or rendered again. Kept on disk in the cache folder (node_modules/.cache/…) as a
// few pack files of records and one index that says where each key's record is and what it holds (its bodies' sizes
// and digests): a rebuild knows every kept page without reading its record, and reads one only when some stage asks
// for its bytes (a check whose verdict is not kept, a file the tree in place lacks).
import {
  existsSync,
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Model, Page } from '../../model/types.js';
import { crc32 } from 'node:zlib';
import { type Digest, digestOf, modelFacts, sha256 } from '../cache/fingerprint.js';
import { keptKeyOf } from '../cache/page-keys.js';
import { keptKeyParts } from '../cache/kept-keys.js';
import type { PageProducts } from './page-products.js';
import { encodedText } from '../registry/types.js';
import { fileSystemNow, identityOf, settledBefore } from '../cache/file-identity.js';
import { asciiJson, cacheText } from '../cache/ascii-json.js';
import { checkedBody, FEW_BESIDE, withChecksum, writeWhole } from '../cache/whole-file.js';
import { mapOfPairs } from '../cache/saved-pairs.js';
import { layered, type Lookup } from '../cache/layered.js';

/**
 * What every page's rendering may read besides the page itself: the model without page bodies (directives pull
 * facts from it; page titles feed navigation) and the registry (links are checked against it, the layout lists
 * it). The registry is made from the model alone by the kind table, which is the generator's code: the generator's
 * fingerprint and the model stand for it, and its text (10 MB at 10,000 pages) is not hashed again. Adding a page or
 * changing any fact re-renders every page, which is the safe direction.
 */
export function renderContextKey(generator: string, model: Model): string {
  // Made once per build: the render stage and the kept verdicts both ask.
  const known = contextKeys.get(model);
  if (known?.generator === generator) return known.key;
  const key = sha256(generator, 'render context', modelFacts(model));
  contextKeys.set(model, { generator, key });
  return key;
}

const contextKeys = new WeakMap<Model, { generator: string; key: string }>();

/**
 * A page's key within its context: the key it was kept or read under when the load gave it one (the same file name
 * and bytes, generator and content schemas make the same page), otherwise the page itself as text. A kept page's key
 * is its file's key after a prefix made once for the context and the scope it was read in, not a hash made for each
 * of a rebuild's 10,000 pages; it cannot be mistaken for a page's hash (64 hexadecimal digits), being shorter.
 */
export function pageKey(contextKey: string, page: Page): string {
  const kept = keptKeyOf(page);
  if (kept === undefined) return sha256(contextKey, JSON.stringify(page));
  const parts = keptKeyParts(kept);
  return parts ? `${keptPrefix(contextKey, parts.scope)}${parts.file}` : sha256(contextKey, 'kept', kept);
}

/** The prefix of the kept pages' keys in a context and read scope (one pair in a build): 128 bits of their hash. */
function keptPrefix(contextKey: string, scope: string): string {
  if (lastPrefix?.contextKey !== contextKey || lastPrefix.scope !== scope)
    lastPrefix = { contextKey, scope, prefix: sha256(contextKey, 'kept', scope).slice(0, 32) };
  return lastPrefix.prefix;
}

let lastPrefix: { contextKey: string; scope: string; prefix: string } | undefined;

/**
 * Where a record is: which pack, at which byte, how long, and the CRC-32 of its bytes (what catches a record cut
 * short, zeroed or changed by accident, at a third of SHA-256's cost over a cache of 100 MB; the record's key, inside
 * it, catches an index that points at another page's record); and the record's head, so that a page kept in a pack
 * known by its stat is taken without reading its record.
 */
type Place = [pack: number, offset: number, length: number, crc: number, head: RecordHead];

interface PackIndex {
  format: typeof FORMAT;
  /**
   * Each pack's file name (in the render folder), size, and identity (see identityOf) when it was written: a pack whose
   * settled stat is that identity still holds the bytes written, so its records are trusted without being read.
   */
  packs: { name: string; bytes: number; identity?: string }[];
  /** Each key's place, as pairs (see saved-pairs.ts). */
  entries: [key: string, place: Place][];
}

/** An index as the cache holds it while the build runs: its places by key. */
interface HeldIndex {
  packs: PackIndex['packs'];
  entries: Lookup<Place>;
  /** What later saves kept beside the index file, over its own places (absent when nothing was). */
  over?: ReadonlyMap<string, Place>;
}

/** The layout of the index and its records; another value is not read. */
const FORMAT = 4;
/** More packs than this and the small ones are merged into one (each build with new products adds one). */
const MAX_PACKS = 8;

/**
 * The head of a record: its parts in order (each entry's body, then the twin's text unless it is one of the bodies,
 * as the Markdown twin's body is), and the parser.
 */
interface RecordHead {
  /** Each body's entry, byte count and SHA-256 (hex). */
  bodies: [entry: string, bytes: number, sha256: string][];
  markdown: number | { body: string };
  parsedBy: PageProducts['parsedBy'];
}

/**
 * How the texts of a kept page's parts are made again (a body by its entry's key, or the twin): see RenderCache.get.
 * An object rather than a closure: 10,000 kept pages each have one, and hold it to the end of the build.
 */
export interface MakeAgain {
  make(part: { body: string } | 'markdown'): string;
}

export class RenderCache {
  /** The records kept for this build's pages (taken or new), by key; each save keeps these alone. */
  private readonly live = new Map<string, { place?: Place; record?: Buffer; head?: RecordHead }>();
  /**
   * Noted as records are taken and made, so that a save after an edit finds what differs from the index file without
   * a pass over 10,000 records: the keys taken from what was kept beside the index, the keys of records made here,
   * and the bytes each pack's taken records use (by pack number).
   */
  private takenFromOver: string[] = [];
  private madeKeys: string[] = [];
  private packBytes: number[] = [];
  private readonly handles = new Map<number, number | null>();
  /** How many records were read: every kept page's, or only those whose bytes were asked for (packs known by stat). */
  readonly counts = { read: 0 };

  private constructor(
    private readonly dir: string,
    private index: HeldIndex,
    /** The packs whose settled stat is the identity the index gives them: their records are taken unread. */
    private trusted: ReadonlySet<number>,
    /**
     * The other packs' settled identities as they were when opened (a cache folder copied or restored gives its files
     * new stats): their records are all read and checked in this build, so a save names them with this identity, and
     * the next build takes their records unread again.
     */
    private seen: ReadonlyMap<number, string> = new Map(),
    /** The index file as read or last written (without what was kept beside it), when there is one. */
    private base?: IndexBase,
  ) {}

  /** True when no page was ever kept here: every page will be rendered. */
  static isEmpty(cacheDir: string): boolean {
    return !existsSync(indexOf(join(cacheDir, 'render')));
  }

  /**
   * The cache in `cacheDir`, as its index says; empty when there is none or it cannot be read (the index carries the
   * CRC-32 of its text on its first line: a damaged index is not read, and every page is rendered).
   */
  static open(cacheDir: string): RenderCache {
    const dir = join(cacheDir, 'render');
    let index: HeldIndex = { packs: [], entries: new Map() };
    let base: IndexBase | undefined;
    const saved = readChecked(indexOf(dir));
    if (saved && isIndex(saved.value)) {
      const entries = placesOf(saved.value.entries);
      index = { packs: saved.value.packs, entries };
      base = { crc: saved.crc, packs: index.packs.length, entries };
      // What later saves kept beside this index: their packs after its own, their places over its own.
      const beside = readChecked(besideOf(dir))?.value as Beside | undefined;
      if (isIndex(beside) && beside.base === saved.crc) {
        const over = placesOf(beside.entries);
        index = { packs: [...index.packs, ...beside.packs], entries: layered(entries, over), over };
      }
    }
    // A pack is known by its stat like a content file: the same identity, settled before now, is the same bytes.
    const now = index.packs.length > 0 ? fileSystemNow(cacheDir) : 0n;
    const trusted = new Set<number>();
    const seen = new Map<number, string>();
    for (const [number, pack] of index.packs.entries()) {
      try {
        const stats = statSync(join(dir, pack.name), { bigint: true });
        if (!settledBefore(stats, now)) continue;
        const identity = identityOf(stats);
        if (pack.identity === identity) trusted.add(number);
        else seen.set(number, identity);
      } catch {
        // Gone: its records are not taken.
      }
    }
    return new RenderCache(dir, index, trusted, seen, base);
  }

  /**
   * The products kept under `key`, or undefined: a record that is missing, cut short or not the bytes its checksum
   * names is never taken (the page is rendered again). A record in a pack known by its stat is not read here: its
   * bodies and twin are read when first asked for, and should its bytes be found wrong then (the pack changed without
   * its stat showing it), `makeAgain` makes that part's text as a plain build makes it.
   */
  get(key: string, makeAgain?: MakeAgain): PageProducts | undefined {
    // Looked up beside the index file first, then in it: which one answers is then known (see takenFromOver).
    const over = this.index.over?.get(key);
    const place = over ?? this.base?.entries.get(key);
    if (!Array.isArray(place) || place.length !== 5) return undefined;
    if (makeAgain && this.trusted.has(place[0]) && isHead(place[4])) {
      this.take(key, place, over !== undefined);
      return this.deferred(key, place[4], makeAgain);
    }
    const products = this.readRecord(key, place);
    if (products) this.take(key, place, over !== undefined);
    return products;
  }

  /** A record taken for this build, where it is: noted for the save (see takenFromOver). */
  private take(key: string, place: Place, fromOver: boolean): void {
    const size = this.live.size;
    this.live.set(key, { place });
    if (this.live.size === size) return;
    if (fromOver) this.takenFromOver.push(key);
    this.packBytes[place[0]] = (this.packBytes[place[0]] ?? 0) + place[2];
  }

  /** A record read and checked (its CRC-32, its key, its parts), or undefined. */
  private readRecord(key: string, place: Place, alone = false): PageProducts | undefined {
    this.counts.read++;
    const record = this.read(place, alone);
    return record && crc32(record) === place[3] ? decodeRecord(key, record) : undefined;
  }

  /**
   * Products whose digests and parser come from the record's head in the index and whose texts are read from the
   * record when first asked for (once for all of them), from wherever the record is then (a save may have moved it).
   */
  private deferred(key: string, head: RecordHead, makeAgain: MakeAgain): PageProducts {
    return new UnreadProducts(this, key, digestsOf(head), head.parsedBy, makeAgain);
  }

  /** A deferred record, read when its texts are first asked for, from wherever it is then (a save may have moved it). */
  readLate(key: string): PageProducts | undefined {
    const place = this.live.get(key)?.place;
    // Read alone (its pack opened and closed): a late read may come after the build, and leaves no file open.
    return place && this.readRecord(key, place, true);
  }

  /** Products made in this build, kept under `key` when the cache is saved. */
  set(key: string, products: PageProducts): void {
    const taken = this.live.get(key)?.place;
    // A record taken, then made again: its bytes no longer count for its pack.
    if (taken) this.packBytes[taken[0]]! -= taken[2];
    this.live.set(key, encodeRecord(key, products));
    this.madeKeys.push(key);
  }

  /**
   * Writes the new products in a pack of their own and an index of this build's records alone (the products of pages
   * no longer in the site, or no longer the same, are left out); the small packs are merged when there are too many,
   * all of them when most of their bytes are left out, and every pack the index no longer names is removed. Each file
   * is written beside and renamed, the index last: a reader sees the old index or the new one, each whole.
   */
  async save(): Promise<void> {
    const fresh = this.madeKeys.some((key) => this.live.get(key)?.record !== undefined);
    const sizes = this.liveBytes();
    const restamped = [...this.seen.keys()].some((pack) => sizes.has(pack));
    if (!fresh && !restamped && this.live.size === this.index.entries.size) {
      this.closePacks();
      return;
    }
    const merged = this.packsToMerge(sizes, fresh);
    // Beside the index while few records differ and few packs are listed (the dead ones too, which only a whole save
    // leaves out): an edit writes its record and a few places, not the places of every page again.
    const listed = this.index.packs.length + (fresh ? 1 : 0);
    // The records that differ from the index file's, found once for the choice and the save beside it.
    const base = this.base;
    const differing = base && this.differing(base);
    const few = base !== undefined && differing !== undefined && differing.length * FEW_BESIDE <= base.entries.size;
    if (merged.size === 0 && listed <= MAX_PACKS && this.seen.size === 0 && few) {
      await this.saveBeside(base, differing);
      return;
    }
    const packs: PackIndex['packs'] = [];
    const numbers = new Map<number, number>();
    for (const [pack, name] of this.index.packs.entries()) {
      if (!sizes.has(pack) || merged.has(pack)) continue;
      numbers.set(pack, packs.length);
      // Every record of it this build keeps was read and found right (a pack not known by its stat is read whole).
      const seen = this.seen.get(pack);
      packs.push(seen === undefined ? name : { ...name, identity: seen });
    }
    const newPack = { name: `${packName()}.pack`, bytes: 0 };
    const entries = new Map<string, Place>();
    const chunks: Buffer[] = [];
    for (const [key, { place, record, head: made }] of this.live) {
      const number = place && numbers.get(place[0]);
      if (place && number !== undefined) {
        entries.set(key, [number, place[1], place[2], place[3], place[4]]);
        continue;
      }
      const bytes = record ?? this.read(place!);
      const head = place?.[4] ?? made;
      if (!bytes || !head) continue;
      chunks.push(bytes);
      entries.set(key, [packs.length, newPack.bytes, bytes.length, place?.[3] ?? crc32(bytes), head]);
      newPack.bytes += bytes.length;
    }
    this.closePacks();
    mkdirSync(this.dir, { recursive: true });
    const trusted = new Set<number>();
    for (const [old, number] of numbers) if (this.trusted.has(old) || this.seen.has(old)) trusted.add(number);
    if (chunks.length > 0) {
      const path = join(this.dir, newPack.name);
      await writeWhole(path, Buffer.concat(chunks));
      packs.push({ ...newPack, identity: identityOf(statSync(path, { bigint: true })) });
    }
    const index: PackIndex = { format: FORMAT, packs, entries: [...entries] };
    const crc = await writeChecked(indexOf(this.dir), index);
    rmSync(besideOf(this.dir), { force: true });
    removeOthers(this.dir, new Set(packs.map((pack) => pack.name)));
    this.base = { crc, packs: packs.length, entries };
    // The records not read yet are read from where they are now (a merged pack is gone).
    this.index = { packs, entries };
    this.trusted = trusted;
    this.seen = new Map();
    this.packBytes = [];
    for (const [key, kept] of this.live) {
      kept.place = entries.get(key);
      kept.record = undefined;
      kept.head = undefined;
      if (kept.place) this.packBytes[kept.place[0]] = (this.packBytes[kept.place[0]] ?? 0) + kept.place[2];
    }
    this.noteSaved([]);
  }

  /**
   * The keys of this build's records whose places differ from the index file's: those made here and those taken from
   * what was kept beside it (a record taken from the file itself has the file's place). Found from what was noted as
   * they were taken and made; the save goes beside the index when they are few (one in eight or fewer).
   */
  private differing(base: IndexBase): string[] {
    const keys = new Set<string>();
    for (const key of this.madeKeys) if (this.live.get(key)?.record !== undefined) keys.add(key);
    for (const key of this.takenFromOver) {
      const place = this.live.get(key)?.place;
      if (place && place !== base.entries.get(key)) keys.add(key);
    }
    return [...keys];
  }

  /**
   * Saves beside the index file rather than writing it again: the new products in a pack of their own, and beside the
   * index, every pack after its own and every place that differs from its own. Every pack stays where it is (none is
   * merged or left out here), so the index's places still hold; the records no build keeps any more are left in their
   * packs until the index is written whole (packsToMerge then counts their bytes as dead).
   */
  private async saveBeside(base: IndexBase, differing: readonly string[]): Promise<void> {
    const packs = [...this.index.packs];
    const newPack = { name: `${packName()}.pack`, bytes: 0 };
    const differ: PackIndex['entries'] = [];
    const chunks: Buffer[] = [];
    for (const key of differing) {
      const { place, record, head } = this.live.get(key)!;
      if (place) {
        differ.push([key, place]);
        continue;
      }
      if (!record || !head) continue;
      chunks.push(record);
      differ.push([key, [packs.length, newPack.bytes, record.length, crc32(record), head]]);
      newPack.bytes += record.length;
    }
    this.closePacks();
    mkdirSync(this.dir, { recursive: true });
    if (chunks.length > 0) {
      const path = join(this.dir, newPack.name);
      await writeWhole(path, Buffer.concat(chunks));
      packs.push({ ...newPack, identity: identityOf(statSync(path, { bigint: true })) });
    }
    const beside: Beside = { format: FORMAT, base: base.crc, packs: packs.slice(base.packs), entries: differ };
    await writeChecked(besideOf(this.dir), beside);
    removeOthers(this.dir, new Set(packs.map((pack) => pack.name)));
    // As a later build reads them: the index file's places under those kept beside it now.
    const over = new Map(differ);
    this.index = { packs, entries: layered(base.entries, over), over };
    for (const [key, place] of differ) {
      const kept = this.live.get(key)!;
      if (!kept.place) this.packBytes[place[0]] = (this.packBytes[place[0]] ?? 0) + place[2];
      kept.place = place;
      kept.record = undefined;
      kept.head = undefined;
    }
    this.noteSaved(differ.map(([key]) => key));
  }

  /** After a save, what a later save starts from: the records kept beside the index (`over`), none made since. */
  private noteSaved(over: string[]): void {
    this.takenFromOver = over;
    this.madeKeys = [];
  }

  /** All packs when more of their bytes are dead than live; all but the largest when there would be too many. */
  private packsToMerge(sizes: ReadonlyMap<number, number>, fresh: boolean): Set<number> {
    const kept = [...sizes.keys()];
    const live = [...sizes.values()].reduce((a, b) => a + b, 0);
    const all = this.index.packs.reduce((sum, pack) => sum + pack.bytes, 0);
    if (all - live > live) return new Set(kept);
    if (kept.length + (fresh ? 1 : 0) <= MAX_PACKS) return new Set();
    const largest = kept.reduce((a, b) => (sizes.get(a)! >= sizes.get(b)! ? a : b));
    return new Set(kept.filter((pack) => pack !== largest));
  }

  /** The bytes of each pack that this build's records still use (packs with none are left out). */
  private liveBytes(): Map<number, number> {
    const sizes = new Map<number, number>();
    this.packBytes.forEach((bytes, pack) => {
      if (bytes > 0) sizes.set(pack, bytes);
    });
    return sizes;
  }

  /** A record's bytes, or undefined when its pack cannot be opened or ends before it. */
  private read([pack, offset, length]: Place, alone = false): Buffer | undefined {
    if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length <= 0) return undefined;
    if (alone) {
      const fd = this.openPack(pack);
      try {
        return fd === null ? undefined : this.readAt(fd, offset, length);
      } finally {
        if (fd !== null) closeSync(fd);
      }
    }
    let fd = this.handles.get(pack);
    if (fd === undefined) {
      fd = this.openPack(pack);
      this.handles.set(pack, fd);
    }
    return fd === null ? undefined : this.readAt(fd, offset, length);
  }

  private openPack(pack: number): number | null {
    // Names come from an index whose every pack name was checked (isIndex) or from this cache's own saves.
    const name = this.index.packs[pack]?.name;
    try {
      return name === undefined ? null : openSync(join(this.dir, name), 'r');
    } catch {
      return null;
    }
  }

  private readAt(fd: number, offset: number, length: number): Buffer | undefined {
    const bytes = Buffer.allocUnsafe(length);
    try {
      return readSync(fd, bytes, 0, length, offset) === length ? bytes : undefined;
    } catch {
      return undefined;
    }
  }

  private closePacks(): void {
    for (const fd of this.handles.values()) if (fd !== null) closeSync(fd);
    this.handles.clear();
  }
}

const indexOf = (dir: string) => join(dir, 'index.json');
/** What saves after the index file's kept beside it (see saveBeside). */
const besideOf = (dir: string) => join(dir, 'index.more.json');

/** The index file as read or written: its checksum (what a file beside it names), its packs' count, its places. */
interface IndexBase {
  crc: string;
  packs: number;
  entries: ReadonlyMap<string, Place>;
}

/** Kept beside an index file (named by its checksum): the packs after its own, and the places that differ. */
interface Beside extends PackIndex {
  base: string;
}

/** Writes `value` as the JSON readChecked reads: the CRC-32 of its bytes on the first line. The CRC, as written. */
async function writeChecked(path: string, value: unknown): Promise<string> {
  const { pieces, crc } = withChecksum([asciiJson(value)]);
  await writeWhole(path, Buffer.concat(pieces));
  return crc;
}

/** A file written with the CRC-32 of the rest on its first line, parsed; undefined when missing, damaged or cut short. */
function readChecked(path: string): { crc: string; value: unknown } | undefined {
  try {
    const checked = checkedBody(readFileSync(path));
    return checked && { crc: checked.crc, value: JSON.parse(cacheText(checked.body)) as unknown };
  } catch {
    // None yet, or unreadable.
    return undefined;
  }
}

/** The places an index's pairs give, by key: a pair of another shape is left out (its page is rendered again). */
const placesOf = (pairs: PackIndex['entries']): Map<string, Place> => mapOfPairs(pairs, isPlaceLike) ?? new Map();

/** A place's shape is checked in full when its page asks for it (see get). */
const isPlaceLike = (value: unknown): value is Place => Array.isArray(value);

/** An index of this format, its packs named and sized (its places are checked as they are used). */
function isIndex(saved: unknown): saved is PackIndex {
  const value = saved as PackIndex | undefined;
  return (
    value?.format === FORMAT &&
    Array.isArray(value.packs) &&
    value.packs.every(
      (pack) =>
        typeof pack?.name === 'string' &&
        /^[\w.-]+\.pack$/.test(pack.name) &&
        Number.isSafeInteger(pack.bytes) &&
        (pack.identity === undefined || typeof pack.identity === 'string'),
    ) &&
    Array.isArray(value.entries)
  );
}

/** A record's head as the index holds it: every body named, sized and digested; the twin a body or a size. */
function isHead(head: unknown): head is RecordHead {
  if (typeof head !== 'object' || head === null) return false;
  const { bodies, markdown, parsedBy } = head as RecordHead;
  if (!Array.isArray(bodies) || typeof parsedBy !== 'string') return false;
  // A loop, not every/some with a closure: this runs once for each of 10,000 kept pages in a rebuild.
  let twinIsBody = false;
  for (const body of bodies as unknown[]) {
    if (!isNamedBody(body)) return false;
    if (body[0] === (markdown as { body?: unknown })?.body) twinIsBody = true;
  }
  return typeof markdown === 'number' || twinIsBody;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

const isNamedBody = (entry: unknown): entry is RecordHead['bodies'][number] =>
  Array.isArray(entry) &&
  typeof entry[0] === 'string' &&
  Number.isSafeInteger(entry[1]) &&
  typeof entry[2] === 'string' &&
  SHA256_HEX.test(entry[2]);

/** Each body's digest, as the record's head names it. */
function digestsOf(head: RecordHead): Map<string, Digest> {
  const digests = new Map<string, Digest>();
  // By index: a destructuring runs an iterator, for each body of 10,000 kept pages.
  for (const body of head.bodies) digests.set(body[0], { sha256: body[2], bytes: body[1], hash: body[2].slice(0, 32) });
  return digests;
}

/**
 * A kept page's products before its record is read: the digests (every body's name) and the parser are known; the
 * bodies and the twin are read at the first ask, or, should the record be found wrong then, made again.
 */
class UnreadProducts implements PageProducts {
  private texts?: Pick<PageProducts, 'bodies' | 'markdown'>;

  constructor(
    private readonly cache: RenderCache,
    private readonly key: string,
    readonly digests: ReadonlyMap<string, Digest>,
    readonly parsedBy: PageProducts['parsedBy'],
    private readonly makeAgain: MakeAgain,
  ) {}

  get bodies(): Record<string, string | Uint8Array> {
    return this.textsOnce().bodies;
  }

  get markdown(): string | Uint8Array {
    return this.textsOnce().markdown;
  }

  private textsOnce(): Pick<PageProducts, 'bodies' | 'markdown'> {
    if (this.texts) return this.texts;
    const read = this.cache.readLate(this.key);
    if (read) return (this.texts = read);
    // Made again: the twin first (it reads nothing kept), then each body by its emitter, which may ask for the twin.
    const bodies: Record<string, string> = {};
    this.texts = { bodies, markdown: this.makeAgain.make('markdown') };
    for (const name of this.digests.keys()) bodies[name] = this.makeAgain.make({ body: name });
    return this.texts;
  }
}

/**
 * A record: its key and head on two lines, then its parts' bytes one after the other. The bodies' digests are made
 * here, kept in the head, and told to the products: the build then hashes no page body again, kept or new.
 */
function encodeRecord(key: string, products: PageProducts): { record: Buffer; head: RecordHead } {
  const names = Object.keys(products.bodies);
  const twin = names.find((name) => products.bodies[name] === products.markdown);
  const texts = [...Object.values(products.bodies), ...(twin === undefined ? [products.markdown] : [])];
  const parts = texts.map((text) => (typeof text === 'string' ? Buffer.from(text, 'utf8') : text));
  const digests = names.map((_, i) => digestOf(parts[i]!));
  products.digests = new Map(names.map((name, i) => [name, digests[i]!]));
  const head: RecordHead = {
    bodies: names.map((name, i) => [name, parts[i]!.length, digests[i]!.sha256]),
    markdown: twin === undefined ? parts.at(-1)!.length : { body: twin },
    parsedBy: products.parsedBy,
  };
  return { record: Buffer.concat([Buffer.from(`${key}\n${JSON.stringify(head)}\n`, 'utf8'), ...parts]), head };
}

/**
 * The products a record holds when it is the record of `key` and its parts fill it exactly; undefined otherwise. Its
 * bodies stay bytes (views of the record): most are never read as text in a rebuild (their checks' verdicts are kept,
 * the tree in place holds them), so they are not decoded here.
 */
function decodeRecord(key: string, record: Buffer): PageProducts | undefined {
  const keyEnd = key.length;
  if (record.toString('latin1', 0, keyEnd) !== key || record[keyEnd] !== 0x0a) return undefined;
  const headEnd = record.indexOf(0x0a, keyEnd + 1);
  if (headEnd < 0) return undefined;
  let head: unknown;
  try {
    head = JSON.parse(record.toString('utf8', keyEnd + 1, headEnd));
  } catch {
    return undefined;
  }
  if (!isHead(head)) return undefined;
  let at = headEnd + 1;
  const part = (bytes: unknown): Uint8Array | undefined => {
    if (typeof bytes !== 'number' || !Number.isSafeInteger(bytes) || bytes < 0 || at + bytes > record.length) {
      return undefined;
    }
    const text = encodedText(record.subarray(at, at + bytes));
    at += bytes;
    return text;
  };
  const bodies: Record<string, Uint8Array> = {};
  for (const [name, bytes] of head.bodies) {
    const text = part(bytes);
    if (text === undefined) return undefined;
    bodies[name] = text;
  }
  const twin = head.markdown;
  const markdown =
    typeof twin === 'number' ? part(twin) : Object.hasOwn(bodies, twin.body) ? bodies[twin.body] : undefined;
  return markdown !== undefined && at === record.length
    ? { bodies, markdown, parsedBy: head.parsedBy, digests: digestsOf(head) }
    : undefined;
}

/** A name no other build picks: the time, this process, a random part. */
const packName = () => `${Date.now().toString(36)}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

/** Removes the packs the index no longer names (and the one-file-a-page layout of earlier versions). */
function removeOthers(dir: string, keep: ReadonlySet<string>): void {
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.pack') && !keep.has(name)) rmSync(join(dir, name), { force: true });
  }
  rmSync(join(dir, '..', 'pages'), { recursive: true, force: true });
}
