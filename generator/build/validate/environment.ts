// Tells which environment a built tree was made for, from the addresses its files name, so that validating a
// preview tree as production (or the reverse) fails with one clear message instead of hundreds.
import type { Addresses, EnvironmentName } from '../../model/types.js';
import type { ArtifactSet, RegistryEntry } from '../registry/types.js';
import { formatOf } from './text/artifact-text.js';
import { occurrences } from '../text/occurrences.js';

export interface EnvironmentGuess {
  /** The environment whose addresses the tree names most; undefined when it names none of them. */
  env?: EnvironmentName;
  counts: Partial<Record<EnvironmentName, number>>;
  /** One place where the guessed environment's address appears, for the message. */
  example?: { address: string; file: string };
}

export function guessEnvironment(
  artifacts: ArtifactSet,
  environments: Record<EnvironmentName, Addresses>,
  displayPath: (entry: RegistryEntry) => string,
): EnvironmentGuess {
  const names = Object.keys(environments) as EnvironmentName[];
  const all = names.flatMap((n) => Object.values(environments[n]));
  // An address two environments share tells nothing.
  const own = (n: EnvironmentName) =>
    Object.values(environments[n]).filter((a) => all.indexOf(a) === all.lastIndexOf(a));
  const counts: Partial<Record<EnvironmentName, number>> = {};
  const examples: Partial<Record<EnvironmentName, { address: string; file: string }>> = {};
  for (const artifact of artifacts.values()) {
    if (!formatOf(artifact.entry) || artifact.entry.host === 'deploy') continue;
    const text = artifacts.text(artifact);
    for (const name of names) {
      for (const address of own(name)) {
        const n = occurrences(text, address).length;
        if (n === 0) continue;
        counts[name] = (counts[name] ?? 0) + n;
        examples[name] ??= { address, file: displayPath(artifact.entry) };
      }
    }
  }
  const ranked = names.filter((n) => (counts[n] ?? 0) > 0).sort((a, b) => (counts[b] ?? 0) - (counts[a] ?? 0));
  const env = ranked[0];
  return { env, counts, example: env ? examples[env] : undefined };
}
