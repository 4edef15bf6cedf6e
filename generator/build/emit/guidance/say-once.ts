// Writes a file's Markdown blocks with each sentence, list item and table row said once: what an earlier block said is
// left out of a later one (a table or list left empty becomes a pointer to where it was given). llms-full.txt joins
// pages that repeat the same facts; an agent reading it whole should read each once.
import { comparableText } from '../../text/prose-rules.js';
import { sentences } from '../../text/units.js';

export interface SourcedBlock {
  text: string;
  /** Where the block comes from, for pointers ("the introduction", a page's title). */
  source: string;
}

const FENCE = /^\s*(`{3,}|~{3,})/;

/** Whether a block is a fenced code block (at any indentation, as in a list item): it is written as it is. */
const isCode = (text: string) => FENCE.test(text);

/**
 * A Markdown text's blocks, as separated by blank lines, but a fenced code block stays one block whatever blank lines
 * it holds: read as prose, its lines would be joined and the fences after it misread.
 */
export function markdownBlocksOf(markdown: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    if (fence === undefined && line.trim() === '') {
      if (current.length) blocks.push(current.join('\n'));
      current = [];
      continue;
    }
    current.push(line);
    const marker = FENCE.exec(line)?.[1];
    if (fence === undefined) fence = marker;
    // A fence closes on a line of its own character, at least as long, and nothing else.
    else if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
      fence = undefined;
  }
  if (current.length) blocks.push(current.join('\n'));
  return blocks;
}

export function sayOnce(blocks: SourcedBlock[]): string[] {
  const said = new Map<string, string>();
  const pointers = new Set<string>();
  const out: string[] = [];
  /** Whether a unit is new (and remember it); a unit too short to compare always is. */
  const fresh = (text: string, source: string, item = false): { isNew: boolean; first?: string } => {
    // A table row or list item is a fact of its own, however short ("`error.code` | string | Machine-readable code").
    const key = comparableText(text) ?? (item ? text.replace(/\s+/g, ' ').trim() : undefined);
    if (key === undefined) return { isNew: true };
    const first = said.get(key);
    if (first !== undefined) return { isNew: false, first };
    said.set(key, source);
    return { isNew: true };
  };
  for (const { text, source } of blocks) {
    if (text.startsWith('#') || isCode(text)) {
      out.push(text);
      continue;
    }
    const lines = text.split('\n');
    const isTable = lines[0]!.startsWith('|');
    const isList = /^(?:[-*+]|\d{1,9}[.)]) /.test(lines[0]!);
    if (!isTable && !isList) {
      const kept = sentences(text.replace(/\n/g, ' '), 0)
        .filter((u) => fresh(u.text, source).isNew)
        .map((u) => u.text);
      if (kept.length) out.push(kept.join(' '));
      continue;
    }
    let first: string | undefined;
    // A table keeps its header and delimiter rows; a list item keeps the lines indented under it.
    const head = isTable ? lines.slice(0, 2) : [];
    const body: string[] = [];
    let dropping = false;
    for (const line of isTable ? lines.slice(2) : lines) {
      const item = isTable || !/^\s/.test(line);
      if (item) {
        const verdict = fresh(line, source, true);
        dropping = !verdict.isNew;
        first ??= verdict.first;
      }
      if (!dropping) body.push(line);
    }
    if (body.length) {
      out.push([...head, ...body].join('\n'));
      continue;
    }
    const pointer = `(The same ${isTable ? 'table' : 'list'} is given above, in “${first}”.)`;
    if (!pointers.has(pointer)) {
      pointers.add(pointer);
      out.push(pointer);
    }
  }
  return out;
}
