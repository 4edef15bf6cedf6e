// A count with its noun, singular for one: "1 file", "2 files", "0 errors".

/** `word` is the singular; the plural adds an s (`plural` for the nouns the commands print: file, error, warning…). */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
