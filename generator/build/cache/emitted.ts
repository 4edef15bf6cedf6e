// Artifacts kept across builds by the scope they were made in. A kind whose emitter reads only the scope (the model
// without page bodies, the registry, and other such kinds' artifacts) makes the same bytes while the scope is the same,
// so a rebuild after a page's body changed takes them from here instead of making them again (the section indexes,
// nginx.conf, the CDN files, the catalogs at 10,000 pages). Its warnings are kept with it and said again.
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { MessageInput } from '../messages/diagnostics.js';
import { type Digest, digestOf } from './fingerprint.js';
import { asciiJson, cacheText } from './ascii-json.js';
import { checkedBody, withChecksum, writeWhole } from './whole-file.js';

/** What an emitter said while it made an artifact (a warning; a build with an error keeps nothing). */
export interface EmitMessage {
  fatal: boolean;
  input: MessageInput;
}

export interface KeptEmission {
  body: string;
  messages: EmitMessage[];
  /** The body's digest: the build does not hash it again. */
  digest: Digest;
}

interface Saved {
  scope: string;
  bodies: Record<string, KeptEmission>;
  /** The digests of the files a kind streams beside its artifact, in the stream's order. */
  streams: Record<string, [file: string, digest: Digest][]>;
  /** Values computed from the scope alone by emitters of other kinds (the deploy manifest's files and headers). */
  values?: Record<string, unknown>;
}

/** Past this many bytes of kept artifacts (a catalog of 100,000 pages), nothing is kept: reading it would cost more. */
export const EMITTED_MAX_BYTES = 64 * 1024 * 1024;

const folderOf = (cacheDir: string) => join(cacheDir, 'emitted');
/** One file per scope, named by it: a build reads only the file of its own scope, whatever the others hold. */
const fileOf = (cacheDir: string, scope: string) => join(folderOf(cacheDir), `${scope.slice(0, 32)}.json`);

export class EmittedCache {
  private readonly current: Saved;
  /** Whether an artifact was made that the last good build did not keep as it is. */
  private differs = false;
  private bytes = 0;
  /** How many artifacts were taken from the last good build, and how many were made. */
  readonly counts = { kept: 0, made: 0 };

  constructor(
    readonly scope: string,
    private readonly previous?: Saved,
  ) {
    this.current = { scope, bodies: {}, streams: {}, values: {} };
  }

  /** A value computed from the scope alone that the last good build kept under this key in the same scope, if any. */
  takeValue(key: string): { value: unknown } | undefined {
    const values = this.previous?.values;
    if (!values || !Object.hasOwn(values, key)) return undefined;
    this.current.values![key] = values[key];
    return { value: values[key] };
  }

  /** A value computed from the scope alone in this build, as JSON keeps it (`asKept`), kept for the next. */
  keepValue(key: string, value: unknown): void {
    this.current.values![key] = value;
    this.bytes += JSON.stringify(value).length;
    this.differs = true;
  }

  /** The artifact the last good build made in the same scope under this key ("host:file"), if any. */
  take(key: string): KeptEmission | undefined {
    const kept = this.previous?.bodies[key];
    if (!kept) return undefined;
    this.counts.kept++;
    this.current.bodies[key] = kept;
    this.bytes += kept.body.length;
    return kept;
  }

  /** An artifact made in this build, kept for the next; its digest, made here, is given back. */
  keep(key: string, body: string, messages: EmitMessage[]): Digest {
    this.counts.made++;
    const before = this.previous?.bodies[key];
    if (before?.body !== body || JSON.stringify(before.messages) !== JSON.stringify(messages)) this.differs = true;
    const emission = { body, messages, digest: before?.body === body ? before.digest : digestOf(body) };
    this.current.bodies[key] = emission;
    this.bytes += body.length;
    return emission.digest;
  }

  /** The digests the last good build made of a stream's files, if it streamed under this key in the same scope. */
  streamDigests(key: string): Map<string, Digest> | undefined {
    const kept = this.previous?.streams[key];
    return kept && new Map(kept);
  }

  keepStream(key: string, digests: ReadonlyMap<string, Digest>): void {
    this.current.streams[key] = [...digests];
  }

  /** Keeps what a good build made (never a failed one's), unless it is what is kept already or too large. */
  async save(cacheDir: string): Promise<void> {
    const unchanged =
      this.previous !== undefined &&
      !this.differs &&
      Object.keys(this.current.bodies).length === Object.keys(this.previous.bodies).length &&
      Object.keys(this.current.values!).length === Object.keys(this.previous.values ?? {}).length &&
      JSON.stringify(this.current.streams) === JSON.stringify(this.previous.streams);
    if (unchanged) return;
    const folder = folderOf(cacheDir);
    // Another scope's file is never read again: only the latest is kept.
    await rm(folder, { recursive: true, force: true });
    if (this.bytes > EMITTED_MAX_BYTES) return;
    await mkdir(folder, { recursive: true });
    const path = fileOf(cacheDir, this.scope);
    // The text's own CRC-32 on its first line: a file cut short, zeroed or changed by accident is not read (everything
    // is made again). A third of SHA-256's time over the 5 MB a rebuild of 10,000 pages reads.
    await writeWhole(path, Buffer.concat(withChecksum([asciiJson(this.current)]).pieces));
  }
}

/** A value as it is read back once kept (JSON): a build that computes it uses this, so that every build sees the same. */
export function asKept<T>(value: T): T {
  const text = JSON.stringify(value);
  return text === undefined ? value : (JSON.parse(text) as T);
}

/** What the last good build made in this scope; nothing when it made its artifacts in another scope. */
export async function loadEmitted(cacheDir: string, scope: string): Promise<EmittedCache> {
  try {
    const checked = checkedBody(await readFile(fileOf(cacheDir, scope)));
    const saved = checked && (JSON.parse(cacheText(checked.body)) as Saved);
    if (saved?.scope === scope && saved.bodies && saved.streams) return new EmittedCache(scope, saved);
  } catch {
    // None kept for this scope, or unreadable: every artifact is made.
  }
  return new EmittedCache(scope);
}
