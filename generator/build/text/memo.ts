// Memos of pure functions of a string (a unit's text, a URL). A built tree repeats the same sentences and links in
// thousands of artifacts (a page's HTML, its twin and llms-full.txt carry the same sentences; every page links the
// same resources), so a tree check judges each distinct text once.

/**
 * A copy of a string that does not keep the text it was cut from alive: a unit's text is a slice of its artifact,
 * and a memo that outlives a check run must not pin that run's artifacts.
 */
export function detached(text: string): string {
  return ` ${text}`.slice(1);
}

/**
 * The bound of a memo kept for one check run: the streamed files (a page context per page) bring keys every page has
 * its own of (its address, its twin's), and 200,000 of them, each a slice that pins its file's text, must not pile up.
 */
export const RUN_MEMO_LIMIT = 50_000;

export class TextMemo<T> {
  private readonly values = new Map<string, T>();

  /**
   * `limit`: above this many entries the memo starts over, so that one that outlives a check run stays bounded
   * (its keys are then copied, see `detached`), and one of a check run that reads streamed files too (RUN_MEMO_LIMIT).
   */
  constructor(private readonly limit = Infinity) {}

  get(key: string, compute: (key: string) => T): T {
    const known = this.values.get(key);
    if (known !== undefined || this.values.has(key)) return known as T;
    const value = compute(key);
    if (this.limit === Infinity) this.values.set(key, value);
    else {
      if (this.values.size >= this.limit) this.values.clear();
      this.values.set(detached(key), value);
    }
    return value;
  }
}
