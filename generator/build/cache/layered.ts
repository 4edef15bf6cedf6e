// A cache file read with what later builds kept beside it: the file's entries under the few an edit changed, looked
// up in layers rather than copied into one map (10,000 entries, for one or two over them).

/** What a reader asks of entries by key. */
export interface Lookup<T> {
  get(key: string): T | undefined;
  readonly size: number;
}

/** `base` under `over`, which takes precedence: not copied, as `over` is an edit's few. */
export function layered<T>(base: ReadonlyMap<string, T>, over: ReadonlyMap<string, T>): Lookup<T> {
  if (over.size === 0) return base;
  let size = base.size;
  for (const key of over.keys()) if (!base.has(key)) size++;
  return { get: (key) => over.get(key) ?? base.get(key), size };
}
