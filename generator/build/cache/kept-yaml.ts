// Content YAML files kept across builds as the load read them: a file with the same name and bytes, read by the same
// generator against the same content schemas, is not parsed and checked again (its value and its nodes' places come
// from the record, as plain JSON), and a file whose stat is the one the last good load saw, settled before that load
// began, is not even opened. The record carries its own checksum: a damaged or cut record reads every file again.
import { createHash } from 'node:crypto';
import { fileKey, keptKey } from './kept-keys.js';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileIdentity } from './file-identity.js';
import { isPlainJson } from './plain-json.js';
import { asciiJson, readCacheText } from './ascii-json.js';
import { writeWhole } from './whole-file.js';

/** What the record holds of one file: its settled identity (null when it was not settled), its key, its read. */
type KeptFile = [identity: string | null, key: string, read: unknown];

interface KeptRecord {
  scope: string;
  files: Record<string, KeptFile>;
}

export class KeptYaml {
  /** What this load read or kept, by file: what the next load may keep. */
  private readonly current = new Map<string, KeptFile>();
  /** How many YAML files were opened, and how many of them read (parsed and checked); the others were kept. */
  readonly counts = { opened: 0, read: 0 };
  private changed = false;

  private constructor(
    readonly scope: string,
    private readonly previous: ReadonlyMap<string, KeptFile>,
  ) {}

  /** The files the last good load read in `scope` (none when its record is missing, damaged or of another scope). */
  static async load(cacheDir: string, scope: string): Promise<KeptYaml> {
    const record = await readRecord(fileOf(cacheDir));
    const files = record?.scope === scope ? Object.entries(record.files).filter(([, file]) => isKeptFile(file)) : [];
    return new KeptYaml(scope, new Map(files));
  }

  /** The key of a YAML file: its name (in the content folder, and as messages show it) and its bytes. */
  key(rel: string, file: string, bytes: Uint8Array): string {
    return fileKey(rel, file, bytes);
  }

  /** The read the last good load kept for this file when its identity is the settled one seen then: not opened. */
  known(rel: string, identity: FileIdentity | undefined): unknown {
    const seen = this.previous.get(rel);
    if (!identity?.settled || seen?.[0] !== identity.text) return undefined;
    this.current.set(rel, seen);
    return this.named(seen[2], seen[1]);
  }

  /** A read, known from now on by its key in this scope (see keptYamlKeyOf). */
  private named(read: unknown, key: string): unknown {
    if (typeof read === 'object' && read !== null) keysOfReads.set(read, keptKey(this.scope, key));
    return read;
  }

  /** The file was opened and its bytes have this key: the read kept for the same bytes, if any. */
  opened(rel: string, identity: FileIdentity | undefined, key: string): unknown {
    this.counts.opened++;
    const seen = this.previous.get(rel);
    if (seen?.[1] !== key) return undefined;
    const kept: KeptFile = [identity?.settled ? identity.text : null, key, seen[2]];
    if (kept[0] !== seen[0]) this.changed = true;
    this.current.set(rel, kept);
    return this.named(seen[2], key);
  }

  /** A file just read (parsed and checked): kept for the next load when it drew no message and is plain JSON. */
  read(rel: string, identity: FileIdentity | undefined, key: string, read: unknown, clean: boolean): void {
    this.counts.read++;
    this.changed = true;
    if (read !== undefined && clean && isPlainJson(read)) {
      this.current.set(rel, [identity?.settled ? identity.text : null, key, this.named(read, key)]);
    }
  }

  /** Keeps what a good load read (never after a failed one), when it differs from what the record holds. */
  async save(cacheDir: string): Promise<void> {
    if (!this.changed && this.current.size === this.previous.size) return;
    const record: KeptRecord = { scope: this.scope, files: Object.fromEntries(this.current) };
    const body = asciiJson(record);
    const path = fileOf(cacheDir);
    await mkdir(cacheDir, { recursive: true });
    await writeWhole(path, Buffer.concat([Buffer.from(`${checksum(body)}\n`), body]));
  }
}

/**
 * Each read taken or kept through a KeptYaml, with its key in that scope: the same key is the same read (a function
 * of the file's name and bytes, the generator and the content schemas), so what is judged of it can be kept by it.
 */
const keysOfReads = new WeakMap<object, string>();

/** The key a YAML file's read was kept or taken under (its scope and its file's key), when it was. */
export const keptYamlKeyOf = (read: object): string | undefined => keysOfReads.get(read);

const fileOf = (cacheDir: string) => join(cacheDir, 'content-yaml.json');

const checksum = (body: string | Uint8Array) => createHash('sha256').update(body).digest('hex');

/** The record when its checksum holds; undefined when it is missing, damaged or cut short. */
async function readRecord(path: string): Promise<KeptRecord | undefined> {
  try {
    const text = await readCacheText(path);
    const newline = text.indexOf('\n');
    const body = text.slice(newline + 1);
    if (newline !== 64 || text.slice(0, newline) !== checksum(body)) return undefined;
    const record = JSON.parse(body) as KeptRecord;
    return typeof record.files === 'object' && record.files !== null ? record : undefined;
  } catch {
    // None yet, or unreadable: every file is read.
    return undefined;
  }
}

const isKeptFile = (file: unknown): file is KeptFile =>
  Array.isArray(file) &&
  (file[0] === null || typeof file[0] === 'string') &&
  typeof file[1] === 'string' &&
  file[2] !== undefined;
