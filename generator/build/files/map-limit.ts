// Runs async work over many items with a bounded number in flight: file I/O on thousands of small files.

/** How many file operations are kept in flight: enough to hide latency, few enough to stay clear of EMFILE. */
export const IO_CONCURRENCY = 32;

/**
 * Maps `items` through `work`, at most `limit` at a time; results keep the items' order. After a failure no item is
 * started and the first error is thrown once the work in flight has ended: a caller cleaning up after it (removing a
 * staging folder) never races a write still running.
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (next < items.length && !failure) {
      const index = next++;
      try {
        results[index] = await work(items[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure) throw failure.error;
  return results;
}
