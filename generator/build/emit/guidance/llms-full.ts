// Emits /llms-full.txt: product context and constraints, then the full Markdown of every guide, each with its source URL.
// Each sentence, list item and table row is said once (say-once.ts): a table a later guide repeats whole (the error
// object) becomes a pointer to the guide that gave it first. The file is made in parts, the introduction and one part
// per guide: with a cache folder, a guide whose twin, title and URL are the same, and whose looked-up units have the
// same answers, is taken from the last good build without reading its Markdown (cache/said-parts.ts).
import type { EmitContext, Emitter } from '../../registry/types.js';
import { fillAddresses } from '../../registry/registry.js';
import { renderPage } from '../../render/render-page.js';
import { indexNoticeText } from '../../render/index-notice.js';
import { createHash } from 'node:crypto';
import { digestOf } from '../../cache/fingerprint.js';
import { agentRules, mcpBoundary } from './llms-guidance.js';
import { readingOrder } from './llms-format.js';
import { markdownText as md } from '../../text/markdown-text.js';
import { markdownBlocksOf, SayOnce, type SourcedBlock } from './say-once.js';

const INTRODUCTION = 'the introduction';

export const emitLlmsFull: Emitter = (entry, context) => {
  const guides = readingOrder(context.registry.of('site').filter((e) => e.kind === 'markdown' && e.page));
  const notice = indexNoticeText(context.model);
  const kept = context.saidParts;
  kept?.begin(notice);
  const fold = new SayOnce();
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
  const whole = joined(texts);
  const text = `${whole.text.trimEnd()}\n`;
  // Joined from bytes: their digest is made from them (a third of the time of encoding and hashing the text again).
  const cut = whole.text.length - text.length + 1;
  if (whole.bytes && /^[\t\n\v\f\r ]*$/.test(whole.text.slice(whole.text.length - cut))) {
    const end = whole.bytes.length - cut;
    const sha256 = createHash('sha256').update(whole.bytes.subarray(0, end)).update('\n').digest('hex');
    context.knowDigest?.(entry, { sha256, bytes: end + 1, hash: sha256.slice(0, 32) });
  }
  // The checks read the file part by part: what they found fine in a part is not read again.
  kept?.laidOut(text);
  return text;
};

/** The parts' texts joined by blank lines; with their UTF-8 bytes when some part was kept as bytes. */
function joined(texts: (string | Uint8Array)[]): { text: string; bytes?: Buffer } {
  if (texts.every((text) => typeof text === 'string')) return { text: texts.join('\n\n') };
  const blank = Buffer.from('\n\n');
  const bytes: Uint8Array[] = [];
  for (const text of texts) {
    if (bytes.length > 0) bytes.push(blank);
    bytes.push(typeof text === 'string' ? Buffer.from(text, 'utf8') : text);
  }
  const all = Buffer.concat(bytes);
  return { text: all.toString('utf8'), bytes: all };
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
