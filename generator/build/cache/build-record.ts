// The record of the last good build into an output folder: what went in (a fingerprint) and what came out (a
// manifest of the written files), so that a rebuild with nothing changed can be skipped safely.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { lstatSync, readdirSync } from 'node:fs';
import type { EnvironmentName, Addresses } from '../../model/types.js';
import type { ListedMessage } from '../messages/diagnostics.js';
import { CONTENT_SCHEMA_DIR, DEFAULT_CONTENT_DIR, hostTreeDir, PROJECT_ROOT } from '../files/project-paths.js';
import { generatorFingerprint, hashFolder, hashWalk, sha256 } from './fingerprint.js';
import { type FolderWalk, walkFolder } from './folder-walk.js';
import { FileHashes } from './file-hashes.js';
import { crc32 } from 'node:zlib';
import { asciiJson, cacheText } from './ascii-json.js';
import { writeWhole } from './whole-file.js';
import { STAMPS_ON_A_THREAD, stampNow, takeStamps } from './output-stamps.js';
import type { TreeListing } from '../files/tree-listing.js';
import {
  besideAfter,
  byName,
  type ChangedOutputs,
  isBesideOf,
  type Output,
  type RecordBeside,
  withBeside,
} from './record-beside.js';

export interface BuildInputs {
  projectRoot: string;
  contentDir: string;
  schemaDir: string;
  env: EnvironmentName;
  addresses?: Partial<Addresses>;
  /** The site's output folder; the other hosts' trees sit in `<outDir>-hosts/`. */
  outDir: string;
}

interface BuildRecord {
  fingerprint: string;
  /** What the build said at its end (the example identity), said again when a rebuild is skipped. */
  notices?: string[];
  /** The build's warnings, said again when a rebuild is skipped: nothing a build warned of goes quiet unchanged. */
  warnings?: ListedMessage[];
  /** Every output file with its size and modification time, as written, and the hash of its bytes when known. */
  outputs: Output[];
}

/** The record of the last good build into an output folder as it stands: its file, with what was kept beside it. */
export interface RecordRead {
  record: BuildRecord;
  /** The record file's own: the CRC-32 of its bytes (what a beside names) and how many files it lists. */
  file: { crc: number; listed: number };
  beside?: RecordBeside;
}

/** What a build into `outDir` reads, with the project's defaults for what is not given. */
export function buildInputsOf(options: {
  env: EnvironmentName;
  contentDir?: string;
  schemaDir?: string;
  addresses?: Partial<Addresses>;
  outDir: string;
}): BuildInputs {
  return {
    projectRoot: PROJECT_ROOT,
    contentDir: options.contentDir ?? DEFAULT_CONTENT_DIR,
    schemaDir: options.schemaDir ?? CONTENT_SCHEMA_DIR,
    env: options.env,
    addresses: options.addresses,
    outDir: options.outDir,
  };
}

/** A build's fingerprint, and whether its output folders already hold what it would write. */
export interface RecordCheck {
  fingerprint: string;
  /** The walk of the content folder the fingerprint was made from: the load lists and knows its files from it. */
  contentWalk?: FolderWalk;
  upToDate: boolean;
  /** What the last build said at its end, when this one is up to date (the example identity): said again. */
  notices?: string[];
  /** The last build's warnings, when this one is up to date: said again. */
  warnings?: ListedMessage[];
}

/**
 * Checks a build against the record of the last good one. Light on purpose (this module loads no stage): a
 * command decides here that nothing changed before it loads the pipeline.
 */
export async function checkBuildRecord(cacheDir: string, inputs: BuildInputs): Promise<RecordCheck> {
  const known = await FileHashes.load(cacheDir);
  const { fingerprint, contentWalk } = await fingerprintBuild(inputs, known);
  await known.save();
  const said = await isUpToDate(cacheDir, inputs.outDir, fingerprint);
  return { fingerprint, contentWalk, upToDate: said !== undefined, ...said };
}

/**
 * One hash over everything a build reads: the same fingerprint means the same bytes out. The files' hashes come from
 * `known`: a file whose stat is the one its last walk saw is not read again. The content folder's walk is given back,
 * for the load to use rather than walk and stat again.
 */
export async function fingerprintBuild(
  inputs: BuildInputs,
  known: FileHashes,
): Promise<{ fingerprint: string; contentWalk: FolderWalk }> {
  const hash = createHash('sha256');
  hash.update(await generatorFingerprint(inputs.projectRoot));
  hash.update(`\0env ${inputs.env}\0addresses ${JSON.stringify(inputs.addresses ?? {})}\0`);
  const contentWalk = walkFolder(inputs.contentDir, known.start);
  hashWalk(hash, contentWalk, known);
  hash.update('\0schemas\0');
  await hashFolder(hash, inputs.schemaDir, known);
  return { fingerprint: hash.digest('hex'), contentWalk };
}

function recordPath(cacheDir: string, outDir: string): string {
  return join(cacheDir, 'builds', `${sha256(resolve(outDir))}.json`);
}

/** What rebuilds written in place kept beside the record file (see record-beside.ts). */
function besidePath(cacheDir: string, outDir: string): string {
  return join(cacheDir, 'builds', `${sha256(resolve(outDir))}.more.json`);
}

/**
 * The record of the last good build into `outDir`, with what was kept beside its file; undefined when there is none
 * or it cannot be read. Given a `fingerprint`, undefined as well for a record of another one, found without parsing
 * the record file (its text starts with its fingerprint, which recordBuild writes first).
 */
export async function readRecord(
  cacheDir: string,
  outDir: string,
  fingerprint?: string,
): Promise<RecordRead | undefined> {
  const [bytes, besideText] = await Promise.all(
    [recordPath(cacheDir, outDir), besidePath(cacheDir, outDir)].map((path) => readFile(path).catch(() => undefined)),
  );
  if (!bytes) return undefined;
  const crc = crc32(bytes);
  let beside: RecordBeside | undefined;
  try {
    const kept: unknown = besideText && JSON.parse(cacheText(besideText));
    if (isBesideOf(kept, crc)) beside = kept;
  } catch {
    // Damaged: the record file alone is the record.
  }
  const text = cacheText(bytes);
  if (
    fingerprint !== undefined &&
    (beside ? beside.fingerprint !== fingerprint : !text.startsWith(`{"fingerprint":${JSON.stringify(fingerprint)},`))
  )
    return undefined;
  let record: BuildRecord;
  try {
    record = JSON.parse(text) as BuildRecord;
  } catch {
    return undefined;
  }
  if (typeof record?.fingerprint !== 'string' || !Array.isArray(record.outputs)) return undefined;
  const file = { crc, listed: record.outputs.length };
  if (beside) {
    const { fingerprint, notices, warnings } = beside;
    record = { fingerprint, notices, warnings, outputs: withBeside(record.outputs, beside) };
  }
  return { record, file, beside };
}

/** A file's size and modification time. */
export type FileStamp = [size: number, mtimeMs: number];

/**
 * The files of the output trees now, with sizes and times; a file changed or added by hand shows up here. `known`:
 * stamps already read for some files (by absolute path), not read again.
 */
async function outputManifest(outDir: string, known?: ReadonlyMap<string, FileStamp>): Promise<BuildRecord['outputs']> {
  const root = dirname(resolve(outDir));
  const name = basename(resolve(outDir));
  const outputs: BuildRecord['outputs'] = [];
  for (const tree of [name, `${name}-hosts`]) {
    let names: string[];
    try {
      names = readdirSync(join(root, tree), { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const rel of names) {
      const path = join(root, tree, rel);
      const name = `${tree}/${rel.split('\\').join('/')}`;
      const stamp = known?.get(path);
      if (stamp) {
        outputs.push([name, stamp[0], stamp[1]]);
        continue;
      }
      const stats = lstatSync(path);
      if (stats.isFile()) outputs.push([name, stats.size, stats.mtimeMs]);
    }
  }
  return outputs.sort(byName);
}

/**
 * The files of the output trees as the build just put them there, from what it wrote: every file of every tree (the
 * trees hold nothing else once written), with the stamps of those kept from the previous tree and a stat of the others
 * (a rebuild after an edit stats a few files, not the whole tree again). Undefined when the hosts' folder holds
 * anything no tree of this build was written to (a host no longer built): the trees are then listed whole.
 */
function writtenOutputs(
  outDir: string,
  hashes: ReadonlyMap<string, string>,
  linked?: ReadonlyMap<string, FileStamp>,
): BuildRecord['outputs'] | undefined {
  const names = recordNames(outDir);
  const hostsFolder = `${names.hosts}/`;
  const hosts = new Set<string>();
  const outputs: BuildRecord['outputs'] = [];
  for (const path of hashes.keys()) {
    const name = names.nameOf(path);
    if (name === undefined) return undefined;
    if (name.startsWith(hostsFolder)) {
      // A file of another host's tree: the host is the name after the hosts' folder.
      const end = name.indexOf('/', hostsFolder.length);
      hosts.add(name.slice(hostsFolder.length, end < 0 ? undefined : end));
    }
    const stamp = linked?.get(path) ?? stampNow(path);
    if (!stamp) return undefined;
    outputs.push([name, stamp[0], stamp[1], hashes.get(path)]);
  }
  return names.onlyHosts(hosts) ? outputs.sort(byName) : undefined;
}

/**
 * How a record names the files of the output trees: from the output folders' parent, with "/" (undefined for a path
 * outside it); and whether the hosts' folder holds only the trees of the given hosts (anything else there, a host no
 * longer built, makes the trees be listed whole).
 */
function recordNames(outDir: string): {
  hosts: string;
  nameOf(path: string): string | undefined;
  onlyHosts(built: ReadonlySet<string>): boolean;
} {
  const root = dirname(resolve(outDir));
  const inRoot = root + sep;
  const hosts = `${basename(resolve(outDir))}-hosts`;
  return {
    hosts,
    nameOf(path) {
      if (!path.startsWith(inRoot)) return undefined;
      const rel = path.slice(inRoot.length);
      return sep === '/' ? rel : rel.split(sep).join('/');
    },
    onlyHosts(built) {
      let present: string[] = [];
      try {
        present = readdirSync(join(root, hosts));
      } catch {
        // No host but the site's.
      }
      return present.every((name) => built.has(name));
    },
  };
}

/**
 * Whether the output folders hold exactly what the last build with this fingerprint wrote: what that build said (its
 * notices and warnings) when they do, undefined when they do not.
 */
export async function isUpToDate(
  cacheDir: string,
  outDir: string,
  fingerprint: string,
): Promise<{ notices: string[]; warnings: ListedMessage[] } | undefined> {
  const record = (await readRecord(cacheDir, outDir, fingerprint))?.record;
  if (record?.fingerprint !== fingerprint) return undefined;
  const now = await outputManifest(outDir);
  const same = now.length === record.outputs.length && now.every((file, i) => sameFile(file, record.outputs[i]!));
  return same ? { notices: record.notices ?? [], warnings: record.warnings ?? [] } : undefined;
}

function sameFile(a: BuildRecord['outputs'][number], b: BuildRecord['outputs'][number]): boolean {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
}

/** What a good build wrote and said, for its record (see recordBuild). */
export interface Recorded {
  /**
   * The hash of each file written, by its path, so that the next build can leave in place, or stage by a hard link,
   * each file whose bytes it would write again (see previousOutput).
   */
  hashes?: ReadonlyMap<string, string>;
  /**
   * The stamps of the files kept from the previous tree, as they were checked (a link keeps them), so that tens of
   * thousands of files are not read again; a file edited by hand since then no longer matches its stamp, and the next
   * build writes it.
   */
  linked?: ReadonlyMap<string, FileStamp>;
  /** What the build said at its end, and its warnings: said again when the next build is skipped. */
  notices?: string[];
  warnings?: ListedMessage[];
  /**
   * The trees were changed file by file from those the record `recorded` lists (write/write-tree.ts): what changed is
   * then kept beside the record file while it is little, and the record is not made and written whole.
   */
  inPlace?: WrittenInPlace & { recorded: RecordRead };
}

/** Records a good build (after its output is in place). */
export async function recordBuild(
  cacheDir: string,
  outDir: string,
  fingerprint: string,
  { hashes, linked, notices = [], warnings = [], inPlace }: Recorded = {},
): Promise<void> {
  const path = recordPath(cacheDir, outDir);
  const kept = inPlace && keptBeside(outDir, { fingerprint, notices, warnings }, inPlace);
  await mkdir(dirname(path), { recursive: true });
  if (kept) {
    await writeWhole(besidePath(cacheDir, outDir), asciiJson(kept));
    return;
  }
  const root = dirname(resolve(outDir));
  const written = hashes && writtenOutputs(outDir, hashes, linked);
  const outputs = written ?? (await outputManifest(outDir, linked));
  if (hashes && !written) {
    for (const output of outputs) {
      const hash = hashes.get(join(root, output[0]));
      if (hash) output[3] = hash;
    }
  }
  const record: BuildRecord = { fingerprint, notices, ...(warnings.length > 0 && { warnings }), outputs };
  await writeWhole(path, asciiJson(record));
  // Kept beside the file just replaced: no longer read (it names that file's checksum), and removed.
  await rm(besidePath(cacheDir, outDir), { force: true });
}

/** What a rebuild in place keeps beside the record file; undefined when the record is to be written whole. */
function keptBeside(
  outDir: string,
  said: { fingerprint: string; notices: string[]; warnings: ListedMessage[] },
  inPlace: WrittenInPlace & { recorded: RecordRead },
): RecordBeside | undefined {
  const { recorded } = inPlace;
  const changes = changedOutputs(outDir, inPlace);
  if (!changes) return undefined;
  // The trees hold only the files this build placed: the record with these changes must list as many, or it is made
  // whole (a file it lists was removed by hand, not by this build).
  const listed = withBeside(recorded.record.outputs, { outputs: changes.written, removed: changes.removed });
  if (listed.length !== inPlace.files) return undefined;
  const beside = besideAfter(recorded.beside, changes, recorded.file.listed);
  if (!beside) return undefined;
  const { fingerprint, notices, warnings } = said;
  return { base: recorded.file.crc, fingerprint, notices, ...(warnings.length > 0 && { warnings }), ...beside };
}

/**
 * A write that changed the trees in place: each file it wrote with its hash, and each it removed, by path; its trees,
 * and how many files they hold now.
 */
export interface WrittenInPlace {
  written: ReadonlyMap<string, string>;
  removed: readonly string[];
  trees: readonly string[];
  files: number;
}

/**
 * What a write in place changed, as the record names files, with the written files' stamps now. Undefined when the
 * record is to be made whole: the hosts' folder holds a folder no tree of this build was written to (a host no longer
 * built: the trees are then listed whole), or a file is not where a record names files.
 */
function changedOutputs(outDir: string, inPlace: WrittenInPlace): ChangedOutputs | undefined {
  const names = recordNames(outDir);
  const hostsFolder = `${names.hosts}/`;
  const hosts = new Set<string>();
  for (const dir of inPlace.trees) {
    const name = names.nameOf(resolve(dir));
    if (name?.startsWith(hostsFolder)) hosts.add(name.slice(hostsFolder.length));
  }
  if (!names.onlyHosts(hosts)) return undefined;
  const written: Output[] = [];
  for (const [path, hash] of inPlace.written) {
    const name = names.nameOf(path);
    const stamp = name === undefined ? undefined : stampNow(path);
    if (!stamp) return undefined;
    written.push([name!, stamp[0], stamp[1], hash]);
  }
  const removed: string[] = [];
  for (const path of inPlace.removed) {
    const name = names.nameOf(path);
    if (name === undefined) return undefined;
    removed.push(name);
  }
  return { written: written.sort(byName), removed };
}

/**
 * The previous build's files, for staging by hard links: `unchanged(path, hash)` gives the stamp of the file at
 * `path` (in the tree now in place) when it holds the bytes with that hash, as the last good build wrote them and
 * untouched since; undefined otherwise.
 */
export interface PreviousOutput {
  unchanged(path: string, hash: string): FileStamp | undefined;
  /** The record these files come from, as read (a rebuild written in place keeps its changes beside it). */
  readonly recorded?: RecordRead;
  /**
   * Waits for the stamps taken beside the build (see output-stamps.ts). `fresh`: false when the trees changed since
   * they were taken (a write an earlier build left half-applied was completed): they are then dropped, and each file
   * is statted when it is asked about.
   */
  settle?(fresh: boolean): Promise<void>;
  /** Stops taking stamps, for a build that will not write. */
  stop?(): void;
  /**
   * A tree in place (its path resolved) as it was listed beside the build, once settled fresh; undefined when it was
   * not (the writer lists it then).
   */
  listed?(dir: string): TreeListing | undefined;
}

/**
 * The trees the record's files are in, as the writer resolves them: the site's, and each host's (`<out>-hosts/<host>`).
 */
function treesOf(outputs: readonly Output[], outDir: string): string[] {
  const names = recordNames(outDir);
  const site = `${basename(resolve(outDir))}/`;
  const hosts = new Set<string>();
  for (const [name] of outputs) {
    if (name.startsWith(site)) hosts.add('site');
    else if (name.startsWith(`${names.hosts}/`)) {
      const host = name.slice(names.hosts.length + 1).split('/', 1)[0]!;
      if (host !== '') hosts.add(host);
    }
  }
  return [...hosts].map((host) => resolve(hostTreeDir(outDir, host)));
}

/**
 * The output trees now in place as the last good build recorded them: a file counts as unchanged only when its
 * recorded hash is the one asked for and its size and modification time are still the recorded ones (a file edited
 * by hand since is written again). Undefined without a record. From `onAThreadFrom` files, their stamps are taken on a
 * thread of their own from now on, while the build runs; `settle` waits for them.
 */
export async function previousOutput(
  cacheDir: string,
  outDir: string,
  onAThreadFrom = STAMPS_ON_A_THREAD,
): Promise<PreviousOutput | undefined> {
  const recorded = await readRecord(cacheDir, outDir);
  if (!recorded) return undefined;
  const record = recorded.record;
  const root = dirname(resolve(outDir));
  // The record's names use "/"; a name is only looked up, so one that does not match any path is merely not found.
  const pathOf = sep === '/' ? (name: string) => `${root}/${name}` : (name: string) => join(root, name);
  const hashed = Array.isArray(record.outputs) ? record.outputs.filter((o) => Array.isArray(o) && o[3]) : [];
  const paths = hashed.map((o) => pathOf(o[0]));
  const byPath = new Map(paths.map((path, i) => [path, i] as const));
  // The trees the record's files are in, listed on the same thread: the writer needs their every file and folder.
  const taking = paths.length >= onAThreadFrom ? takeStamps(paths, treesOf(hashed, outDir)) : undefined;
  let stamps: Float64Array | undefined;
  let listings: ReadonlyMap<string, TreeListing> | undefined;
  const stampAt = (index: number, path: string): FileStamp | undefined => {
    if (!stamps) return stampNow(path);
    const size = stamps[2 * index]!;
    return size < 0 ? undefined : [size, stamps[2 * index + 1]!];
  };
  return {
    recorded,
    unchanged(path, hash) {
      const index = byPath.get(path);
      if (index === undefined) return undefined;
      const output = hashed[index]!;
      if (output[3] !== hash) return undefined;
      const stamp = stampAt(index, path);
      return stamp && stamp[0] === output[1] && stamp[1] === output[2] ? [output[1], output[2]] : undefined;
    },
    async settle(fresh) {
      const [taken, listed] = await Promise.all([taking?.taken, taking?.listed]);
      stamps = fresh ? taken : undefined;
      listings = fresh ? listed : undefined;
    },
    listed(dir) {
      return listings?.get(dir);
    },
    stop() {
      taking?.stop();
    },
  };
}
