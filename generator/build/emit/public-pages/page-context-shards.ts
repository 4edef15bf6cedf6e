// How many shards the page contexts are stored in, and a shard's bytes: chosen from the number and size of the
// contexts so that every shard stays small enough for an edge handler to fetch and parse on a request.
import { shardOfHash } from '../../../runtime/query-routes/context-files.js';

/** The average size a shard is aimed at: half the bound, so that the luck of the hash keeps the fullest under it. */
export const SHARD_TARGET_BYTES = 32 * 1024;

/** The size no shard may pass (the page-context validator checks it): an edge handler reads one per request. */
export const SHARD_MAX_BYTES = 64 * 1024;

/** More shards than this would be more files than the contexts themselves at any real size. */
export const MAX_SHARDS = 1 << 16;

/** The bytes of one shard entry ("/help/x":{…},), its separator included. */
export function entryBytes(path: string, contextJson: string): number {
  return Buffer.byteLength(JSON.stringify(path)) + 1 + Buffer.byteLength(contextJson) + 1;
}

/** The bytes of each shard, for S shards, from each context's path hash and entry bytes. */
export function shardSizes(hashes: readonly number[], bytes: readonly number[], shards: number): number[] {
  const sizes = new Array<number>(shards).fill(1); // "{" and "}", less the last entry's ","
  hashes.forEach((hash, i) => {
    sizes[shardOfHash(hash, shards)]! += bytes[i]!;
  });
  return sizes;
}

/**
 * S, from each context's path hash and entry bytes: the smallest power of two whose average shard is at most the
 * target, doubled while a shard passes the bound (up to MAX_SHARDS). A power of two, so that the contexts of a small
 * edit keep S, and with it every other shard's bytes.
 */
export function chooseShardCount(hashes: readonly number[], bytes: readonly number[]): number {
  const total = bytes.reduce((sum, b) => sum + b, 0);
  let shards = 1;
  while (shards < MAX_SHARDS && total / shards > SHARD_TARGET_BYTES) shards *= 2;
  while (shards < MAX_SHARDS && shardSizes(hashes, bytes, shards).some((size) => size > SHARD_MAX_BYTES)) shards *= 2;
  return shards;
}

/** A shard's text, from its entries' paths and context JSON: what `JSON.stringify` writes of the object they make. */
export function shardBody(entries: Iterable<[path: string, contextJson: string]>): string {
  const parts: string[] = [];
  for (const [path, json] of entries) parts.push(`${JSON.stringify(path)}:${json}`);
  return `{${parts.join(',')}}`;
}
