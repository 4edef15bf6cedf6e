// Checks of the llms files: the llmstxt.org structure, links that reach emitted files, and the size readers accept.
import type { Nodes, Root } from 'mdast';
import { type Artifact, partWise, type ValidateContext, type Validator } from '../../registry/types.js';
import { plainParser } from '../../render/processor.js';
import { pageParsers } from '../../render/parse-page.js';
import { resolveSiteLink } from '../../render/site-links.js';
import type { RuleId } from '../../messages/rules.js';
import { UNSAFE_URL_FIX, unsafeUrlReason } from '../../text/safe-urls.js';
import { markdownLinkTargets } from '../../text/link-targets.js';

/**
 * The largest llms.txt accepted: a widely used llms.txt checker fails files above 50,000 characters.
 * @see https://llmstxt.org/ (format)
 */
export const LLMS_TXT_MAX_CHARS = 50_000;

/**
 * The size past which llms-full.txt draws a warning: about 200,000 tokens at the build's estimate of four characters a
 * token, the context window of most models; past it an agent cannot read the file whole and should read the section
 * indexes and pages instead. A warning, like a shortened llms.txt: the file is still right, only long.
 */
export const LLMS_FULL_MAX_CHARS = 800_000;

function reporter(artifact: Artifact, context: ValidateContext) {
  const file = context.displayPath(artifact.entry);
  return (ruleId: RuleId, node: Nodes | undefined, reason: string, fix: string) =>
    context.diagnostics.error('validate', {
      ruleId,
      reason,
      fix,
      place: node?.position ? { file, line: node.position.start.line, column: node.position.start.column } : { file },
    });
}

/** One H1 first, an optional blockquote, prose without headings, then H2 sections holding `- [name](url): notes` lists. */
export const llmsStructure: Validator = (artifact, context) => {
  const text = context.artifacts.text(artifact);
  // A file over the limit is reported by llmsSize; parsing it whole would only cost time.
  if (text.length > LLMS_TXT_MAX_CHARS) return;
  // The fast path's tree when it reads the file and nothing is found; remark-parse's for a finding's exact place.
  // Its blocks are enough: what GFM reads in text (a bare address is a link, `~~` a deletion) never changes a block,
  // a link that starts an item, or the `: ` after it, so a file judged fine on them is fine to GFM too; a finding is
  // looked at again by remark-parse (an item that is a bare address is a link to GFM, and passes).
  const fast = pageParsers.plainBlocks(text);
  if (fast) {
    let found = false;
    checkStructure(fast, () => {
      found = true;
    });
    if (!found) return;
  }
  checkStructure(plainParser.parse(text), reporter(artifact, context));
};

function checkStructure(tree: Root, report: ReturnType<typeof reporter>): void {
  const fix =
    'Follow the llmstxt.org structure: `# Title`, an optional `> summary`, prose, then `## Section` lists of `- [name](url): notes`.';
  const [first] = tree.children;
  if (first?.type !== 'heading' || first.depth !== 1) {
    report('llms-structure', first, 'An llms.txt file must start with its one level-1 heading.', fix);
  }
  let inSection = false;
  tree.children.forEach((node, i) => {
    if (node.type === 'heading') {
      if (node.depth === 1 && i > 0)
        report('llms-structure', node, 'An llms.txt file has exactly one level-1 heading.', fix);
      if (node.depth > 2)
        report(
          'llms-structure',
          node,
          `A level-${node.depth} heading is not part of the llms.txt structure; only H2 sections follow the title.`,
          fix,
        );
      if (node.depth === 2) inSection = true;
      return;
    }
    if (!inSection) return;
    if (node.type !== 'list') {
      report(
        'llms-structure',
        node,
        `An H2 section of an llms.txt file holds a list of links, not a ${node.type}.`,
        fix,
      );
      return;
    }
    for (const item of node.children) {
      const para = item.children[0];
      const [target, after] = para?.type === 'paragraph' ? para.children : [];
      const ok =
        item.children.length === 1 &&
        target?.type === 'link' &&
        (after === undefined || (after.type === 'text' && after.value.startsWith(': ')));
      if (!ok)
        report(
          'llms-structure',
          item,
          'A list item in an llms.txt section must be `- [name](url)` or `- [name](url): notes`.',
          fix,
        );
    }
  });
}

/**
 * Links of an llms file: `[name](url)` and `<url>`, with their offsets. A scan rather than a Markdown parse, because
 * llms-full.txt grows with the site and micromark's cost on one huge document is not linear.
 */
const LINK = /\]\(([^()\s]+)(?:\s+"[^"]*")?\)|<([a-z][a-z0-9+.-]*:[^<>\s]*)>/gi;

function linksOf(text: string): { url: string; offset: number }[] {
  const out: { url: string; offset: number }[] = [];
  for (const match of text.matchAll(LINK)) {
    const url = match[1] ?? match[2]!;
    out.push({ url, offset: match.index + match[0].indexOf(url) });
  }
  return out;
}

/** Line and column of an offset, from the line starts (found once per file). */
function positioner(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  };
}

const resolved = new WeakMap<ValidateContext['registry'], Map<string, ReturnType<typeof resolveSiteLink>>>();

/** Every link is absolute, and every link on the site reaches a file this build emits (each link read alone). */
export const llmsLinks = partWise((artifact, context) => {
  const text = context.artifacts.text(artifact);
  const file = context.displayPath(artifact.entry);
  const at = positioner(text);
  const report = (ruleId: RuleId, offset: number, reason: string, fix: string) =>
    context.diagnostics.error('validate', { ruleId, reason, fix, place: { file, ...at(offset) } });
  for (const { url, offset } of markdownLinkTargets(text)) {
    const unsafe = unsafeUrlReason(url);
    if (unsafe) report('unsafe-url', offset, `${unsafe}.`, UNSAFE_URL_FIX);
  }
  // llms-full.txt links the same addresses over and over, in every part: each is resolved once per registry.
  let resolvedLinks = resolved.get(context.registry);
  if (!resolvedLinks) resolved.set(context.registry, (resolvedLinks = new Map()));
  for (const { url, offset } of linksOf(text)) {
    if (unsafeUrlReason(url)) continue;
    if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) {
      report(
        'llms-relative-link',
        offset,
        `The link ${url} is relative; llms files are read away from the site.`,
        'Write the absolute URL ({base_url}/…).',
      );
      continue;
    }
    let resolved = resolvedLinks.get(url);
    if (!resolved) resolvedLinks.set(url, (resolved = resolveSiteLink(url, '/', context.registry)));
    if (!resolved.site) continue;
    const emitted = resolved.entry && context.artifacts.get(resolved.entry.host, resolved.entry.file);
    if (!emitted) {
      report(
        'llms-unresolved-link',
        offset,
        `The link to ${resolved.path} reaches no file the build emits.`,
        'Link only to registry entries (content/discovery-resources.yaml, content/pages/).',
      );
    }
  }
});

export const llmsSize: Validator = (artifact, context) => {
  const length = context.artifacts.text(artifact).length;
  if (length > LLMS_TXT_MAX_CHARS) {
    reporter(artifact, context)(
      'llms-too-large',
      undefined,
      `${artifact.entry.path} has ${length} characters; llms.txt checkers reject more than ${LLMS_TXT_MAX_CHARS}.`,
      'Move detail into the pages it links (and llms-full.txt); keep the index to links and short notes.',
    );
  }
};

export const llmsFullSize: Validator = (artifact, context) => {
  // A file made in parts knows its length without being decoded.
  const length = context.parts?.partsOf(artifact.body)?.chars ?? context.artifacts.text(artifact).length;
  if (length <= LLMS_FULL_MAX_CHARS) return;
  context.diagnostics.warn('validate', {
    ruleId: 'llms-full-too-large',
    reason: `${artifact.entry.path} has ${length} characters (about ${Math.round(length / 4)} tokens); past ${LLMS_FULL_MAX_CHARS} most agents cannot read it whole.`,
    fix: 'Shorten the guides, or split very long pages; agents can still read the section indexes and pages one at a time.',
    file: context.displayPath(artifact.entry),
  });
};
