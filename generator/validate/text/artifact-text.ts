// The published artifacts of a build as text, with their format, parsed JSON and positions, computed once per check run.
import type { Artifact, RegistryEntry, ValidateContext } from '../../registry/types.js';
import type { SourcePlace } from '../../model/types.js';
import { TextIndex } from './text-index.js';

/** How the text checks read an artifact. llms files are Markdown served as text/plain. */
export type TextFormat = 'json' | 'markdown' | 'html' | 'xml' | 'plain';

export interface ArtifactText {
  artifact: Artifact;
  entry: RegistryEntry;
  format: TextFormat;
  text: string;
  /** The parsed document of a JSON artifact; undefined when it does not parse (its own validators say so). */
  json?: unknown;
  /** Where an offset of the text is, as a message place in the built tree (dist/x.md:3:7). */
  place(offset: number): SourcePlace;
  display: string;
}

export function formatOf(entry: RegistryEntry): TextFormat | undefined {
  const type = entry.mediaType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'text/markdown') return 'markdown';
  if (type === 'text/html') return 'html';
  if (type === 'application/xml' || type === 'text/xml') return 'xml';
  if (type === 'text/plain') return /llms(-full)?\.txt$/.test(entry.path) ? 'markdown' : 'plain';
  return undefined;
}

// Per check run: a context is made once per validation, so a changed artifact set is never read stale.
const cache = new WeakMap<ValidateContext, ArtifactText[]>();

/**
 * Every published text artifact: the site's and the other hosts' files, not binary assets and not the `deploy`
 * pseudo-host (deployment files are never served, so they publish nothing).
 */
export function publishedTexts(context: ValidateContext): ArtifactText[] {
  const known = cache.get(context);
  if (known) return known;
  const texts: ArtifactText[] = [];
  for (const artifact of context.artifacts.values()) {
    const entry = artifact.entry;
    if (entry.host === 'deploy' || entry.kind === 'static') continue;
    const format = formatOf(entry);
    if (!format) continue;
    const text = context.artifacts.text(artifact);
    const display = context.displayPath(entry);
    let index: TextIndex | undefined;
    const item: ArtifactText = {
      artifact,
      entry,
      format,
      text,
      display,
      place(offset) {
        index ??= new TextIndex(text);
        return { file: display, ...index.position(offset) };
      },
    };
    if (format === 'json') {
      try {
        item.json = JSON.parse(text);
      } catch {
        // Its kind's own validators report unreadable JSON; the tree checks skip what they cannot read.
      }
    }
    texts.push(item);
  }
  cache.set(context, texts);
  return texts;
}

/** Offset of a JSON string value in the artifact's text (its first occurrence), for a positioned message. */
export function offsetOfString(item: ArtifactText, value: string): number {
  const at = item.text.indexOf(JSON.stringify(value));
  return at < 0 ? 0 : at;
}

/** Offset of a JSON member name in the artifact's text (its first occurrence). */
export function offsetOfKey(item: ArtifactText, key: string): number {
  const match = new RegExp(`${JSON.stringify(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*:`).exec(item.text);
  return match ? match.index : 0;
}
