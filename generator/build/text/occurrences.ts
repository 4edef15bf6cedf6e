// Where an address occurs in a text as a whole origin (not as the start of a longer host name or path).
/** Offsets where an address occurs as a whole origin (followed by a path, a delimiter or the end). */
export function occurrences(text: string, address: string): number[] {
  const found: number[] = [];
  // An empty address is no origin; searching for it would find it at the end of the text forever.
  if (!address) return found;
  for (let at = text.indexOf(address); at >= 0; at = text.indexOf(address, at + 1)) {
    if (!/[\w.:-]/.test(text.charAt(at + address.length))) found.push(at);
  }
  return found;
}
