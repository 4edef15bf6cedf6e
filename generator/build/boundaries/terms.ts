// Finds the words of content/boundaries.yaml (`unpublishedInterfaces[].terms`) in a text, including the
// coordinated form prose uses ("seller, creator or admin APIs" mentions the seller, creator and admin APIs).
import type { Boundaries } from '../../model/types.js';

export interface TermMatch {
  interfaceId: string;
  name: string;
  matched: string;
  index: number;
}

interface TermPattern {
  interfaceId: string;
  name: string;
  regex: RegExp;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function wordPattern(word: string, last: boolean): string {
  const body = word.split('-').map(escapeRegExp).join('[\\s-]?');
  return last && !word.endsWith('s') ? `${body}s?` : body;
}

/** "seller api" → seller, then any ", creator" / " or admin" / "/creator" coordinations, then "api" or "apis". */
function termRegex(term: string): RegExp {
  const words = term.trim().toLowerCase().split(/\s+/);
  const coordination = words.length > 1 ? `(?:\\s*(?:,|/|&|\\band\\b|\\bor\\b)\\s*[\\w-]+)*` : '';
  const rest = words
    .slice(1)
    .map((w, i) => `[\\s-]+${wordPattern(w, i === words.length - 2)}`)
    .join('');
  // The first word of a phrase may be inflected: "registers a webhook", "registering a webhook".
  const first = words.length > 1 ? `${wordPattern(words[0]!, false)}(?:s|es|d|ed|ing)?` : wordPattern(words[0]!, true);
  return new RegExp(`\\b${first}${coordination}${rest}\\b`, 'gi');
}

const compiled = new WeakMap<Boundaries, TermPattern[]>();

function patterns(boundaries: Boundaries): TermPattern[] {
  let list = compiled.get(boundaries);
  if (!list) {
    list = boundaries.unpublishedInterfaces.flatMap((i) =>
      i.terms.map((t) => ({ interfaceId: i.id, name: i.name, regex: termRegex(t) })),
    );
    compiled.set(boundaries, list);
  }
  return list;
}

/** The patterns' sources, for a search that only asks whether a text may mention any of them. */
export function termSources(boundaries: Boundaries): string[] {
  return patterns(boundaries).map((p) => p.regex.source);
}

/** Each unpublished interface a text mentions, once, at its first mention. */
export function findTerms(text: string, boundaries: Boundaries): TermMatch[] {
  const found = new Map<string, TermMatch>();
  for (const pattern of patterns(boundaries)) {
    pattern.regex.lastIndex = 0;
    const match = pattern.regex.exec(text);
    if (!match) continue;
    const earlier = found.get(pattern.interfaceId);
    if (!earlier || match.index < earlier.index) {
      found.set(pattern.interfaceId, {
        interfaceId: pattern.interfaceId,
        name: pattern.name,
        matched: match[0],
        index: match.index,
      });
    }
  }
  return [...found.values()];
}
