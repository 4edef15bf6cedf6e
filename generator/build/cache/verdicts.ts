// Verdicts kept across builds: a check that found nothing in a text does not read the same text again while nothing
// else it reads has changed (the generator, the model without page bodies, the registry: the scope). So a rebuild
// after one page changed checks that page's files and the files that list it, not the whole tree again. The same
// holds for the boundaries guard on the content's pages (its scope: the generator and the model without page bodies).
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { asciiJson, readCacheText } from './ascii-json.js';
import { mapOfPairs } from './saved-pairs.js';
import { FEW_BESIDE, writeWhole } from './whole-file.js';

/**
 * The verdicts on one text: where it is published and the hash of its bytes. Made by `key`, once per text and build
 * (asking again gives the same object back), so that a dozen checks judging 20,000 texts make no key twice.
 */
export interface VerdictKey {
  readonly display: string;
  readonly hash: string;
}

/** What a check needs of the kept verdicts. */
export interface KeptVerdicts {
  key(display: string, hash: string): VerdictKey;
  judge(key: VerdictKey, findings: () => number, judge: () => void): void;
  /**
   * The same as judging each key, for keys every one of whose verdicts is kept (`kept`): counted as kept, read by no
   * check. One call for the 20,000 texts of a site a check does not read, not one per text.
   */
  judgeAllKept(keys: readonly VerdictKey[]): void;
  /** Whether the last good build found nothing in the text of this key (a check may then skip making the text). */
  kept(key: VerdictKey): boolean;
}

/** A text's verdicts in this build: kept from the last good one, judged, and whether some check found something. */
interface TextVerdicts extends VerdictKey {
  readonly kept: boolean;
  /** Kept as the verdicts' file itself holds it (this hash alone, not kept beside the file): saved, it is the same. */
  readonly asInBase: boolean;
  judged: boolean;
  failed: boolean;
}

/** The saved verdicts: per published file, the hashes of its texts that every check found fine, space-separated. */
interface Saved {
  scope: string;
  files: [display: string, hashes: string][];
}

export class Verdicts implements KeptVerdicts {
  /**
   * Every text asked about in this build, by file: one text, or several by hash (an artifact and it with its stream,
   * the thousands of parts of a text made in parts).
   */
  private readonly texts = new Map<string, TextVerdicts | Map<string, TextVerdicts>>();
  /** A file's hashes the last good build found fine, as a set, for a file that has several. */
  private readonly passedSets = new Map<string, Set<string>>();
  /** The files whose texts were judged in this build (not taken from the last one). */
  readonly judgedFiles = new Set<string>();
  /** How many judgements were taken from the previous build, and how many were made. */
  readonly counts = { kept: 0, judged: 0 };

  /**
   * `previous`: per file, the hashes (space-separated) of its texts the last good build found fine in this scope;
   * `base`: those of them the verdicts' file itself holds (without what was kept beside it), when it is of this scope.
   */
  constructor(
    readonly scope: string,
    private readonly previous: HashesByFile = new Map(),
    readonly base?: HashesByFile,
  ) {}

  /**
   * The key of the verdicts on a text: where it is published and its hash (`contentHash`, made once per text by whoever
   * holds it). One key per text, not per check: a text is kept only when every check found nothing in it (a catalog has
   * 200,000 texts and a dozen checks).
   */
  key(display: string, hash: string): VerdictKey {
    const known = this.texts.get(display);
    if (known === undefined) {
      const made = this.made(display, hash);
      this.texts.set(display, made);
      return made;
    }
    if (!(known instanceof Map)) {
      if (known.hash === hash) return known;
      const made = this.made(display, hash);
      this.texts.set(
        display,
        new Map([
          [known.hash, known],
          [hash, made],
        ]),
      );
      return made;
    }
    let text = known.get(hash);
    if (!text) known.set(hash, (text = this.made(display, hash)));
    return text;
  }

  private made(display: string, hash: string): TextVerdicts {
    const passed = this.previous.get(display);
    const kept = passed !== undefined && (passed === hash || this.passedOf(display, passed).has(hash));
    const base = this.base;
    const asInBase =
      passed === hash &&
      base !== undefined &&
      (this.previous === base || this.previous.isBase?.(display, base) === true);
    return { display, hash, kept, asInBase, judged: false, failed: false };
  }

  private passedOf(display: string, passed: string): Set<string> {
    let set = this.passedSets.get(display);
    if (!set) this.passedSets.set(display, (set = new Set(passed.split(' '))));
    return set;
  }

  kept(key: VerdictKey): boolean {
    return (key as TextVerdicts).kept;
  }

  /**
   * Runs `judge` unless the last good build found nothing in the same text; `findings` counts the messages so far,
   * so that a text on which some check added one is judged again by every check next time.
   */
  judge(key: VerdictKey, findings: () => number, judge: () => void): void {
    const text = key as TextVerdicts;
    text.judged = true;
    if (text.kept) {
      this.counts.kept++;
      return;
    }
    this.counts.judged++;
    this.judgedFiles.add(text.display);
    const before = findings();
    judge();
    if (findings() !== before) text.failed = true;
  }

  judgeAllKept(keys: readonly VerdictKey[]): void {
    for (const key of keys) {
      const text = key as TextVerdicts;
      // Only a kept text may be passed over unread: any other is a caller's bug, never a text let through.
      if (!text.kept) throw new Error(`judgeAllKept: the verdicts on ${text.display} are not kept`);
      text.judged = true;
    }
    this.counts.kept += keys.length;
  }

  /** Every file with the hashes of its texts that were judged (or kept) in this build and in which nothing was found. */
  toJSON(): Saved {
    return { scope: this.scope, files: [...this.passed()] };
  }

  /** Each file with the hashes (space-separated) of its texts judged or kept in this build and found fine. */
  *passed(): Generator<[display: string, hashes: string]> {
    for (const [display, known] of this.texts) {
      const hashes = passedHashes(known);
      if (hashes !== undefined) yield [display, hashes];
    }
  }

  /**
   * The files whose verdicts in this build differ from those of the verdicts' file (`base`), and how many of the
   * file's files this build found fine as well. A text kept as the file holds it is counted without being looked up
   * again: after an edit, that is all but a few of 20,000.
   */
  differences(base: HashesByFile): { differ: Saved['files']; kept: number } {
    const differ: Saved['files'] = [];
    let kept = 0;
    // forEach rather than a destructuring for...of: 40,000 texts, in the interpreter.
    this.texts.forEach((known, display) => {
      if (!(known instanceof Map) && known.asInBase) {
        if (known.judged && !known.failed) kept++;
        return;
      }
      const hashes = passedHashes(known);
      if (hashes === undefined) return;
      const before = base.get(display);
      if (before !== undefined) kept++;
      if (before !== hashes) differ.push([display, hashes]);
    });
    return { differ, kept };
  }
}

/** The hashes (space-separated) of a file's texts judged or kept and found fine; undefined when there are none. */
function passedHashes(known: TextVerdicts | Map<string, TextVerdicts>): string | undefined {
  if (!(known instanceof Map)) return known.judged && !known.failed ? known.hash : undefined;
  const passed = [...known.values()].filter((text) => text.judged && !text.failed);
  return passed.length > 0 ? passed.map((text) => text.hash).join(' ') : undefined;
}

/** Which verdicts: those of the checks on the built files, or of the boundaries guard on the content's pages. */
export type VerdictSet = 'verdicts' | 'content-verdicts';

const fileOf = (cacheDir: string, set: VerdictSet) => join(cacheDir, `${set}.json`);
/**
 * What later builds found beside the verdicts' file: after an edit, the files whose verdicts differ from the file's,
 * written instead of every file's again. Each entry is true in its scope whichever file holds it (a text with these
 * hashes at this place was found fine), so either file may be missing or older.
 */
const besideOf = (cacheDir: string, set: VerdictSet) => join(cacheDir, `${set}.more.json`);

/** Per published file, the hashes (space-separated) of its texts found fine. */
export interface HashesByFile {
  get(display: string): string | undefined;
  /** Whether `get` answers for this file what `base` answers (it is `base`, or keeps nothing over it for the file). */
  isBase?(display: string, base: HashesByFile): boolean;
  keys(): Iterable<string>;
  readonly size: number;
}

/**
 * A saved file's verdicts, under those kept beside it (`over`), which take precedence. Only a file's hashes as this
 * module writes them (a string) are read; anything else is judged again.
 */
class SavedHashes implements HashesByFile {
  constructor(
    private readonly files: ReadonlyMap<string, string>,
    private readonly over?: HashesByFile,
  ) {}

  get(display: string): string | undefined {
    return this.over?.get(display) ?? this.files.get(display);
  }

  isBase(display: string, base: HashesByFile): boolean {
    return (
      this === base ||
      (base instanceof SavedHashes && this.files === base.files && this.over?.get(display) === undefined)
    );
  }

  /** The same files, under those of `over`. */
  under(over: HashesByFile): SavedHashes {
    return new SavedHashes(this.files, over);
  }

  /** Its own files (not those over it). */
  keys(): Iterable<string> {
    return this.files.keys();
  }

  /** How many files it holds (not those over it). */
  get size(): number {
    return this.files.size;
  }
}

/** The files' verdicts a saved text holds for this scope; undefined when it is damaged or of another scope. */
function parseSaved(text: string, scope: string): SavedHashes | undefined {
  let saved: Partial<Saved> | undefined;
  try {
    saved = JSON.parse(text) as Partial<Saved>;
  } catch {
    return undefined;
  }
  const files = saved?.scope === scope ? mapOfPairs(saved.files, isText) : undefined;
  return files && new SavedHashes(files);
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** The verdicts of the last good build, if they were made in the same scope; none otherwise. */
export async function loadVerdicts(cacheDir: string, scope: string, set: VerdictSet = 'verdicts'): Promise<Verdicts> {
  return (await savedVerdicts(cacheDir, set))(scope);
}

/** As `loadVerdicts`, for a scope known only later: read now, taken when the scope is known. */
export async function savedVerdicts(cacheDir: string, set: VerdictSet): Promise<(scope: string) => Verdicts> {
  const texts = await Promise.all([fileOf(cacheDir, set), besideOf(cacheDir, set)].map((path) => readText(path)));
  return (scope) => {
    const [base, beside] = texts.map((text) => (text === undefined ? undefined : parseSaved(text, scope)));
    if (!beside) return new Verdicts(scope, base, base);
    return new Verdicts(scope, base ? base.under(beside) : beside, base);
  };
}

const readText = async (path: string): Promise<string | undefined> => {
  try {
    return await readCacheText(path);
  } catch {
    // None yet, or unreadable: every text is checked.
    return undefined;
  }
};

/**
 * Keeps a good build's verdicts (only a build without errors: a failed one's are never trusted): beside the verdicts'
 * file, those that differ from it, when they are few; else the whole file again (and nothing beside it).
 */
export async function saveVerdicts(cacheDir: string, verdicts: Verdicts, set: VerdictSet = 'verdicts'): Promise<void> {
  await mkdir(cacheDir, { recursive: true });
  const base = verdicts.base;
  if (base) {
    // The files whose verdicts differ from the base, found without making the whole file's text: after an edit, a few.
    const { differ, kept } = verdicts.differences(base);
    // A file no longer published keeps its entry in the base (true, and never asked for) until it is written again.
    const gone = base.size - kept;
    if ((differ.length + gone) * FEW_BESIDE <= base.size) {
      if (differ.length === 0) await rm(besideOf(cacheDir, set), { force: true });
      else await writeWhole(besideOf(cacheDir, set), asciiJson({ scope: verdicts.scope, files: differ }));
      return;
    }
  }
  await writeWhole(fileOf(cacheDir, set), asciiJson(verdicts.toJSON()));
  await rm(besideOf(cacheDir, set), { force: true });
}
