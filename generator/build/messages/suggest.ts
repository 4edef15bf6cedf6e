// "Did you mean …?" for a name an editor mistyped: the closest known name, when it is close enough to be the one meant.
import { closestMatch } from 'leven';

/**
 * How far a typo may be from the name meant: about one edit in three characters, at most three (`scopez` → `scopes`,
 * `mehtod` → `method`: a swap is two edits); further than that a guess misleads more than it helps.
 */
function reach(word: string): number {
  return Math.max(1, Math.min(3, Math.ceil(word.length / 3)));
}

/** The known name closest to `word` (case aside), or undefined when none is near enough. */
export function closestName(word: string, known: Iterable<string>): string | undefined {
  if (word === '') return undefined;
  // Compared in lower case, answered in the known name's own spelling.
  const byLower = new Map<string, string>();
  for (const name of known) if (name !== word) byLower.set(name.toLowerCase(), name);
  const near = closestMatch(word.toLowerCase(), [...byLower.keys()], { maxDistance: reach(word) });
  return near === undefined ? undefined : byLower.get(near);
}

/** "Did you mean `x`? " (written as `format` says), to put before a message's fix; '' when nothing is close. */
export function didYouMean(
  word: string,
  known: Iterable<string>,
  format: (name: string) => string = (n) => `\`${n}\``,
): string {
  const near = closestName(word, known);
  return near === undefined ? '' : `Did you mean ${format(near)}? `;
}
