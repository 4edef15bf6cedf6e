// Where a page's context is: the one rule every writer and reader of the page contexts shares (the build's emitter
// and validator, the preview, dev, the edge handlers, and the per-path copy nginx answers from).
import type { PageContext, PageContextFiles } from './types.js';

/** What the shard file template holds in place of the shard's number. */
export const SHARD_PLACEHOLDER = '{shard}';

/** The layout the build writes: the contexts in S files, "/_agent/page-context/0.json" … "/_agent/page-context/<S−1>.json". */
export const PAGE_CONTEXT_SHARD_FILES = `/_agent/page-context/${SHARD_PLACEHOLDER}.json`;

/** The folder of the site tree every shard is in (relative, with a trailing "/"). */
export const PAGE_CONTEXT_FOLDER = `${PAGE_CONTEXT_SHARD_FILES.slice(1, PAGE_CONTEXT_SHARD_FILES.indexOf(SHARD_PLACEHOLDER))}`;

/** The hash that places a site path in its shard: FNV-1a, 32 bits, over the path's UTF-8 bytes. */
export const PAGE_CONTEXT_HASH = 'fnv-1a-32';

const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const utf8 = new TextEncoder();

/** FNV-1a (32 bits) of a site path's UTF-8 bytes, as an unsigned integer. */
export function pathHash(path: string): number {
  let hash = FNV_OFFSET_BASIS;
  for (const byte of utf8.encode(path)) hash = Math.imul(hash ^ byte, FNV_PRIME);
  return hash >>> 0;
}

/** The number of the shard of a path whose hash is `hash`, among `shards`: the hash modulo the number of shards. */
export function shardOfHash(hash: number, shards: number): number {
  return hash % shards;
}

/** The number of the shard a site path's context is in. */
export function shardOf(contexts: PageContextFiles, path: string): number {
  return shardOfHash(pathHash(path), contexts.shards);
}

/** The site path of shard `k` ("/_agent/page-context/7.json"). */
export function shardFile(contexts: PageContextFiles, k: number): string {
  return contexts.file.replace(SHARD_PLACEHOLDER, String(k));
}

/** The site path of the shard that holds a site path's context. */
export function shardFileOf(contexts: PageContextFiles, path: string): string {
  return shardFile(contexts, shardOf(contexts, path));
}

/**
 * The number of the shard a served path is ("/_agent/page-context/7.json" → 7); undefined when it names no shard
 * (another name, a number written otherwise, or one not below the number of shards).
 */
export function shardOfFile(contexts: PageContextFiles, file: string): number | undefined {
  const [before = '', after = ''] = contexts.file.split(SHARD_PLACEHOLDER);
  if (!file.startsWith(before) || !file.endsWith(after)) return undefined;
  const digits = file.slice(before.length, file.length - after.length);
  if (!/^(?:0|[1-9][0-9]{0,9})$/.test(digits)) return undefined;
  const k = Number(digits);
  return k < contexts.shards ? k : undefined;
}

/** What a shard holds: each of its site paths (a page's and its Markdown twin's), in order, with the context. */
export type PageContextShard = Record<string, PageContext>;

/**
 * A site path's context out of its shard's text, as the JSON bytes the route answers with (those of
 * `JSON.stringify(context)`, as the build wrote them); undefined when the shard has no entry for the path.
 */
export function contextInShard(shardText: string, path: string): string | undefined {
  let shard: unknown;
  try {
    shard = JSON.parse(shardText);
  } catch {
    throw new Error('A page-context shard is not JSON: the build that is served is damaged.');
  }
  if (typeof shard !== 'object' || shard === null || !Object.hasOwn(shard, path)) return undefined;
  const context = (shard as PageContextShard)[path];
  return context?.path === path ? JSON.stringify(context) : undefined;
}

/**
 * nginx's copy, one file per site path below a folder of its own (it cannot pick an entry out of a shard): the file of a
 * site path there, the path kept as folders ("/help/x" → "/help/x.json", "/" → "/.json"). Appending to the path keeps
 * distinct paths in distinct files.
 */
export function perPathContextFile(path: string): string {
  return `${path}.json`;
}

/** A file of the site as the URL path a CDN is asked for: each segment percent-encoded. */
export function contextUrlPathOf(file: string): string {
  return file.split('/').map(encodeURIComponent).join('/');
}
