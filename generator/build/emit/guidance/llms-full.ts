// Emits /llms-full.txt: product context and constraints, then the full Markdown of every guide, each with its source URL.
// Each sentence, list item and table row is said once (say-once.ts): a table a later guide repeats whole (the error
// object) becomes a pointer to the guide that gave it first. The file is made in parts, the introduction and one part
// per guide: with a cache folder, a guide whose twin, title and URL are the same, and whose looked-up units have the
// same answers, is taken from the last good build without reading its Markdown (cache/said-parts.ts).
import { type EmitContext, type Emitter, encodedText } from '../../registry/types.js';
import { decodeExactly } from '../../text/exact-utf8.js';
import { fillAddresses } from '../../registry/registry.js';
import { renderPage } from '../../render/render-page.js';
import { indexNoticeText } from '../../render/index-notice.js';
import { digestOf } from '../../cache/fingerprint.js';
import { agentRules, mcpBoundary } from './llms-guidance.js';
import { readingOrder } from './llms-format.js';
import { markdownText as md } from '../../text/markdown-text.js';
import { markdownBlocksOf, SayOnce, type SourcedBlock } from './say-once.js';

const INTRODUCTION = 'the introduction';

export const emitLlmsFull: Emitter = (_entry, context) => {
  const guides = readingOrder(context.registry.of('site').filter((e) => e.kind === 'markdown' && e.page));
  const notice = indexNoticeText(context.model);
  const kept = context.saidParts;
  kept?.begin(notice);
  const fold = new SayOnce(kept?.keyCount);
  /** Each part's text: a kept part's as the UTF-8 bytes it was kept as (decoded once, with the others). */
  const texts: (string | Uint8Array)[] = [];
  /** A part taken from the last good build when its answers hold, or made (and kept for the next). */
  const part = (key: string | undefined, source: string, blocks: () => SourcedBlock[]) => {
    const known = key === undefined ? undefined : kept?.take(key);
    const taken = known !== undefined && fold.take(known, source);
    const made = taken ? known : fold.make(blocks(), source);
    if (key !== undefined) kept?.keep(key, made);
    if (made.text.length > 0) texts.push(made.text);
  };
  const intro = introduction(context, guides.length);
  part(`intro\n${intro}`, INTRODUCTION, () => markdownBlocksOf(intro).map((text) => ({ text, source: INTRODUCTION })));
  for (const guide of guides) {
    const rendered = renderPage(guide.page!, context);
    // The source names the page in a pointer's Markdown ("given above, in …"): its title escaped like any text.
    const source = md(rendered.page.title);
    const url = context.registry.url(guide);
    // Keyed by the twin's digest (the render cache's, else made here), not its text: a kept twin is never decoded.
    const key = kept && `${rendered.markdownSha256 ?? digestOf(rendered.markdown).sha256}\n${source}\n${url}`;
    part(key, source, () => guideBlocks(rendered.markdown, source, url, notice));
  }
  const body = joined(texts);
  // The checks read the file part by part: what they found fine in a part is not read again.
  kept?.laidOut(body);
  return body;
};

/** What `trimEnd` cuts that is one byte in UTF-8: tab, line feed, vertical tab, form feed, carriage return, space. */
const isAsciiSpace = (byte: number) => (byte >= 0x09 && byte <= 0x0d) || byte === 0x20;

/**
 * The file: its parts' texts joined by blank lines, the white space at its end cut to one line break. Joined from
 * bytes when some part was kept as bytes: the file is then those bytes, which the writer and the digest take as they
 * are, and which are decoded only if a check reads the file whole (12 MB at 10,000 pages).
 */
function joined(texts: (string | Uint8Array)[]): string | Uint8Array {
  if (texts.every((text) => typeof text === 'string')) return `${texts.join('\n\n').trimEnd()}\n`;
  const blank = Buffer.from('\n\n');
  const pieces: Uint8Array[] = [];
  for (const text of texts) {
    if (pieces.length > 0) pieces.push(blank);
    pieces.push(typeof text === 'string' ? Buffer.from(text, 'utf8') : text);
  }
  // One byte more, for the line break that ends the file.
  pieces.push(Buffer.from('\n'));
  const all = Buffer.concat(pieces);
  let end = all.length - 1;
  while (end > 0 && isAsciiSpace(all[end - 1]!)) end--;
  // A last character outside ASCII may be white space trimEnd cuts (a no-break space): then cut as a text.
  if (end > 0 && all[end - 1]! >= 0x80) return `${decodeExactly(all.subarray(0, -1)).trimEnd()}\n`;
  all[end] = 0x0a;
  return encodedText(all.subarray(0, end + 1));
}

function introduction(context: EmitContext, guides: number): string {
  const { model } = context;
  return [
    `# ${md(model.identity.name)}: full AI reference`,
    `> ${md(model.identity.summary)}`,
    `${md(model.identity.disambiguatingDescription)} This file holds the product context and constraints, then the full Markdown of ${guides} guides, each starting with its title and source URL; a table or list that several guides repeat is given once.`,
    model.interfaceParts
      .map(
        (p, i) => `${i + 1}. **${md(p.title)}**: ${md(fillAddresses(p.summary, model.addresses).replace(/\s+/g, ' '))}`,
      )
      .join('\n'),
    ...mcpBoundary(model),
    agentRules(model)
      .map((r) => `- ${r}`)
      .join('\n'),
  ].join('\n\n');
}

/** A guide's blocks: its title, its source URL, then its twin's blocks but the index notice. */
function guideBlocks(markdown: string, source: string, url: string, notice: string): SourcedBlock[] {
  const [title = '', ...rest] = markdownBlocksOf(markdown.trimEnd());
  const blocks: SourcedBlock[] = [
    { text: title, source },
    { text: `Source: <${url}>`, source },
  ];
  // The index notice each page carries is left out: this file is itself read from the index.
  for (const text of rest) if (text !== notice) blocks.push({ text, source });
  return blocks;
}
