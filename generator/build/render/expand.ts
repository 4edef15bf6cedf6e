// Turns a page's parsed tree into its published tree: directives expanded from the model, addresses filled,
// site links checked against the registry and made absolute, the front-matter title as the one H1.
import type { Definition, Image, Link, Nodes, Parents, PhrasingContent, Root, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import type { Diagnostics } from '../messages/diagnostics.js';
import type { Model, Page, SourcePlace } from '../../model/types.js';
import { fillAddresses, type Registry } from '../registry/registry.js';
import { blockDirectives, inlineDirectives } from './directives/index.js';
import type { DirectiveContext } from './directives/types.js';
import { heading } from './mdast-build.js';
import { indexNotice } from './index-notice.js';
import { resolveSiteLink } from './site-links.js';
import { walk } from './walk.js';
import type { RuleId } from '../messages/rules.js';
import { UNSAFE_URL_FIX, unsafeUrlReason } from '../text/safe-urls.js';
import { didYouMean } from '../messages/suggest.js';
import { toString as wordsOf } from 'mdast-util-to-string';

export interface ExpandInput {
  page: Page;
  tree: Root;
  model: Model;
  registry: Registry;
  diagnostics: Diagnostics;
}

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export function expandPage(input: ExpandInput): Root {
  const { page, tree, model, registry, diagnostics } = input;
  const placeOf = (node: Nodes, offset = 0): SourcePlace => pagePlace(page, node, offset);
  const report = (ruleId: RuleId, node: Nodes, reason: string, fix: string, offset = 0) =>
    diagnostics.error('emit', { ruleId, reason, fix, place: placeOf(node, offset) });
  const fill = (text: string) => fillAddresses(text, model.addresses);

  checkTitleHeading(tree, report);
  checkHeadingOrder(tree, report);
  checkWordless(tree, report);
  const definitions = definitionsOf(tree);
  checkCodeFences(tree, page.body, report);
  checkUndefinedReferences(tree, page.body, definitions, report);
  checkImageOrigins(tree, page, registry, definitions, report);
  refuseRawHtml(tree, report);
  checkDirectivesInSentences(tree, report);
  expandDirectives(tree, page, { model, registry, page, fill, fail: () => undefined }, report);
  const filled = fillPlaceholders(tree, model, report);
  checkUrls(tree, report);
  linkifyAddresses(tree, filled);
  checkSiteLinks(tree, page, registry, report);
  tree.children.unshift(heading(1, page.title), indexNotice(model));
  return tree;
}

type Report = (ruleId: RuleId, node: Nodes, reason: string, fix: string, offset?: number) => void;

/** The place of a node in content/pages: mdast counts lines from the body, the file from its front matter. */
export function pagePlace(page: Page, node: Nodes, offset = 0): SourcePlace {
  const start = node.position?.start;
  if (!start) return page.source;
  let line = start.line;
  let column = start.column;
  // Within a text node, count through its value to the offending character (escapes may shift it slightly).
  const value = 'value' in node && typeof node.value === 'string' ? node.value.slice(0, offset) : '';
  for (const ch of value) {
    if (ch === '\n') {
      line += 1;
      column = 1;
    } else column += 1;
  }
  return { file: page.source.file, line: page.bodyLine + line - 1, column };
}

function checkTitleHeading(tree: Root, report: Report): void {
  walk(tree, (node) => {
    if (node.type === 'heading' && node.depth === 1) {
      report(
        'page-title-heading',
        node,
        'The page body has a level-1 heading; the page title comes from the front matter `title` and is its only H1.',
        'Remove this heading (put its words in `title`), or make it a level-2 heading (`## …`).',
      );
    }
  });
}

/**
 * Each heading at most one level below the one before it (the title is level 1): a skipped level breaks the outline
 * that screen readers and agents move through a page by (axe's heading-order).
 */
function checkHeadingOrder(tree: Root, report: Report): void {
  let previous = 1;
  walk(tree, (node) => {
    if (node.type !== 'heading') return;
    if (node.depth > previous + 1) {
      report(
        'heading-skip',
        node,
        `A level-${node.depth} heading follows a level-${previous} heading${previous === 1 ? ' (the title)' : ''}: level ${previous + 1} is skipped.`,
        `Make it ${'#'.repeat(previous + 1)} (level ${previous + 1}), or put a level-${previous + 1} heading before it.`,
      );
    }
    previous = node.depth;
  });
}

/** The page's link reference definitions, by identifier (references and images by reference look them up). */
function definitionsOf(tree: Root): Map<string, Definition> {
  const definitions = new Map<string, Definition>();
  walk(tree, (node) => {
    if (node.type === 'definition') definitions.set(node.identifier, node);
  });
  return definitions;
}

/** What the editor wrote for a node, as it is in the page's body (escapes and all), when the parser placed it. */
function sourceOf(node: Nodes, body: string): string | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? undefined : body.slice(start, end);
}

/**
 * A fence never closed runs to the end of its container, most often the page's: the rest of the page is published as
 * code. CommonMark allows it; no editor means it.
 */
function checkCodeFences(tree: Root, body: string, report: Report): void {
  walk(tree, (node) => {
    const source = node.type === 'code' ? sourceOf(node, body) : undefined;
    if (source === undefined) return;
    const lines = source.replace(/\n$/, '').split('\n');
    const opening = /^(`{3,}|~{3,})/.exec(lines[0]!)?.[1];
    if (!opening) return;
    // The closing fence, after the container's own marks (a quote's >, a list item's indent).
    const closing = lines.length > 1 ? /^[\s>]*(`{3,}|~{3,})\s*$/.exec(lines.at(-1)!)?.[1] : undefined;
    if (closing && closing[0] === opening[0] && closing.length >= opening.length) return;
    report(
      'unclosed-code-fence',
      node,
      `The code block opened with ${opening} here is never closed: everything after it${lines.length > 1 ? ` (${lines.length - 1} ${lines.length === 2 ? 'line' : 'lines'})` : ''} is published as code.`,
      `Close it with a line of ${opening} where the code ends.`,
    );
  });
}

/** A full (`[text][label]`) or collapsed (`[label][]`) reference, as it is left in the text when nothing defines it. */
const REFERENCE_IN_TEXT = /\[([^[\]\n]+)\]\[([^[\]\n]*)\]/g;

/**
 * A reference link whose label no definition gives is published as its brackets, not as a link. Only what the editor
 * wrote as it is counts (escaped brackets are text meant as text), and a lone `[word]` is prose's own.
 */
function checkUndefinedReferences(
  tree: Root,
  body: string,
  definitions: ReadonlyMap<string, Definition>,
  report: Report,
): void {
  const labels = [...definitions.values()].map((definition) => definition.label ?? definition.identifier);
  walk(tree, (node) => {
    const source = node.type === 'text' ? sourceOf(node, body) : undefined;
    if (node.type !== 'text' || source === undefined) return;
    for (const match of node.value.matchAll(REFERENCE_IN_TEXT)) {
      if (!source.includes(match[0])) continue;
      const label = match[2] || match[1]!;
      report(
        'undefined-reference',
        node,
        `${match[0]} links to the reference \`${label}\`, which no definition in the page gives: it would be published as its brackets, not as a link.`,
        `${didYouMean(label, labels)}Add a line \`[${label}]: /path\` to the page, or write the link inline: [${match[1]}](/path).`,
        match.index,
      );
    }
  });
}

/**
 * An image is fetched by every reader's browser: one on another origin would tell that origin of each visit, and the
 * site fetches nothing from elsewhere. A link may lead anywhere (it is followed only when chosen).
 */
function checkImageOrigins(
  tree: Root,
  page: Page,
  registry: Registry,
  definitions: ReadonlyMap<string, Definition>,
  report: Report,
): void {
  walk(tree, (node) => {
    const target =
      node.type === 'image' ? node : node.type === 'imageReference' ? definitions.get(node.identifier) : undefined;
    if (!target || target.url === '' || resolveSiteLink(target.url, page.path, registry).site) return;
    report(
      'external-image',
      node,
      `The image ${target.url} is on another origin: every reader's browser would fetch it from there.`,
      'Put the image in content/static/ and show it by its site path (![Chart](/images/chart.png)); link to the other site instead if it must stay there.',
    );
  });
}

/**
 * A link or heading the editor wrote with no words (`[](/help)`, `## `) is published as an empty link or heading:
 * nothing to read for an agent, a screen reader or a person. An image's alternative text and code are words.
 */
function checkWordless(tree: Root, report: Report): void {
  walk(tree, (node) => {
    if ((node.type !== 'link' && node.type !== 'heading') || wordsOf(node).trim() !== '') return;
    if (node.type === 'link')
      report(
        'empty-link-text',
        node,
        `The link to ${node.url} has no text: it would be published as an empty link.`,
        `Write the words that say where it leads between the brackets, keeping its target: [what the reader finds there](${node.url}).`,
      );
    else
      report(
        'empty-heading',
        node,
        'The heading has no text: it would be published as an empty heading.',
        "Write the heading's words after the #s, or remove the line.",
      );
  });
}

/** `::name` where a directive is not parsed: inside a sentence, or with words before it on its line. */
const DIRECTIVE_IN_TEXT = /(?<![\w:])::([a-z][a-z0-9-]*)/g;

/**
 * A block directive parses only on a line of its own; written inside a sentence it stays plain text and would be
 * published as written ("The call is ::pricing-call"), so the editor's text is searched for it.
 */
function checkDirectivesInSentences(tree: Root, report: Report): void {
  walk(tree, (node) => {
    if (node.type !== 'text' || !node.position) return;
    for (const match of node.value.matchAll(DIRECTIVE_IN_TEXT)) {
      const name = match[1]!;
      if (blockDirectives[name]) {
        report(
          'block-directive-inline',
          node,
          `\`::${name}\` is written inside a sentence, where it is published as text.`,
          `Put \`::${name}\` on its own line, with a blank line before and after it.`,
          match.index,
        );
      } else reportUnknownDirective(`::${name}`, name, node, report, match.index);
    }
  });
}

function expandDirectives(tree: Root, page: Page, base: DirectiveContext, report: Report): void {
  walk(tree, (node, index, parent: Parents | undefined) => {
    if (!parent || index === undefined) return;
    if (node.type !== 'leafDirective' && node.type !== 'containerDirective' && node.type !== 'textDirective') return;
    const replacement = expandOne(node, page, base, report);
    (parent.children as RootContent[]).splice(index, 1, ...replacement);
    return index + replacement.length;
  });
}

function expandOne(
  node: LeafDirective | ContainerDirective | TextDirective,
  page: Page,
  base: DirectiveContext,
  report: Report,
): RootContent[] {
  const context: DirectiveContext = {
    ...base,
    fail: (ruleId, reason, fix) => report(ruleId, node, `\`::${node.name}\`: ${reason}`, fix),
  };
  if (node.type === 'textDirective') {
    const inline = inlineDirectives[node.name];
    if (inline) return inline.expand(context);
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    const literal = start !== undefined && end !== undefined ? page.body.slice(start, end) : `:${node.name}`;
    // Prose such as "10:30" or "error.data:code" parses as a text directive; it is kept as the editor wrote it.
    return [{ type: 'text', value: literal, position: node.position } satisfies PhrasingContent];
  }
  const handler = node.type === 'leafDirective' ? blockDirectives[node.name] : undefined;
  if (!handler) {
    reportUnknownDirective(`${node.type === 'containerDirective' ? ':::' : '::'}${node.name}`, node.name, node, report);
    return [];
  }
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(node.attributes ?? {})) {
    if (!handler.attributes?.includes(name)) {
      report(
        'unknown-directive-attribute',
        node,
        `\`::${node.name}\` has no attribute \`${name}\`.`,
        handler.attributes?.length
          ? `${didYouMean(name, handler.attributes)}Use only: ${handler.attributes.join(', ')}.`
          : `Write \`::${node.name}\` without attributes.`,
      );
      continue;
    }
    attributes[name] = value ?? '';
  }
  return handler.expand(attributes, context);
}

function reportUnknownDirective(written: string, name: string, node: Nodes, report: Report, offset = 0): void {
  const names = [...Object.keys(blockDirectives), ...Object.keys(inlineDirectives)];
  const guess = didYouMean(name, names, (n) => (inlineDirectives[n] ? `\`:${n}\` (inside a sentence)` : `\`::${n}\``));
  report(
    'unknown-directive',
    node,
    `Unknown directive \`${written}\`.`,
    `${guess}Write one of: ${Object.keys(blockDirectives)
      .map((n) => `::${n}`)
      .join(', ')} (each on its own line; see README, "Content layout for editors").`,
    offset,
  );
}

/**
 * Fills {base_url} and its siblings in the editor's text and links; any other {name} is a mistake. Returns the text
 * nodes an address was filled into.
 */
function fillPlaceholders(tree: Root, model: Model, report: Report): Set<Nodes> {
  const filled = new Set<Nodes>();
  const known = new Set(Object.keys(model.addresses));
  const fix = `Use one of ${[...known].map((k) => `{${k}}`).join(', ')}.`;
  const checkAndFill = (node: Nodes, value: string, strict: boolean): string => {
    if (strict && node.position) {
      for (const match of value.matchAll(PLACEHOLDER)) {
        if (!known.has(match[1]!)) {
          report(
            'unknown-placeholder',
            node,
            `Unknown placeholder \`${match[0]}\`.`,
            fix,
            node.type === 'text' ? match.index : 0,
          );
        }
      }
    }
    return value.replace(PLACEHOLDER, (whole, name: string) =>
      known.has(name) ? model.addresses[name as keyof typeof model.addresses] : whole,
    );
  };
  walk(tree, (node) => {
    switch (node.type) {
      case 'text': {
        const value = checkAndFill(node, node.value, true);
        if (value !== node.value) filled.add(node);
        node.value = value;
        break;
      }
      // Code may hold braces of its own (templates, JSON): only known placeholders are filled there.
      case 'inlineCode':
      case 'code':
        node.value = checkAndFill(node, node.value, false);
        break;
      case 'link':
      case 'image':
      case 'definition':
        node.url = checkAndFill(node, decodeBraces(node.url), true);
        if (node.title) node.title = checkAndFill(node, node.title, true);
        break;
    }
  });
  return filled;
}

/** micromark percent-encodes braces in destinations; placeholders are written with plain braces. */
function decodeBraces(url: string): string {
  return url.replace(/%7B/gi, '{').replace(/%7D/gi, '}');
}

/** Whether raw HTML is only comments (and space): an editor's notes, which no published file carries. */
function onlyComments(html: string): boolean {
  return html.replace(/<!--[\s\S]*?-->/g, '').trim() === '';
}

/**
 * Pages are Markdown only: the HTML page, the twin and every llms file come from one tree, so raw HTML is refused at
 * its line rather than dropped from one output and kept in another. Comments are removed from the tree. Read on the
 * mdast (`html` nodes), so the rule holds whatever parser makes the tree.
 */
function refuseRawHtml(tree: Root, report: Report): void {
  walk(tree, (node, index, parent) => {
    if (node.type !== 'html' || !parent || index === undefined) return;
    if (!onlyComments(node.value)) {
      report(
        'raw-html',
        node,
        `Raw HTML \`${excerptOf(node.value)}\` is not published: pages are Markdown only.`,
        'Write it in Markdown (a link, an image, emphasis, a table), or put it in backticks to show it as code; HTML comments (<!-- … -->) are allowed and left out of every published file.',
      );
    }
    (parent.children as RootContent[]).splice(index, 1);
    return index;
  });
}

function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}

/** Links, images and definitions: only the URL rule's schemes and site paths (generator/build/text/safe-urls.ts). */
function checkUrls(tree: Root, report: Report): void {
  walk(tree, (node) => {
    if (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') return;
    const reason = unsafeUrlReason(node.url);
    if (reason) report('unsafe-url', node, `${reason}.`, UNSAFE_URL_FIX);
  });
}

/** Every link or image to a site path must reach a file the build emits; it is then written absolute. */
function checkSiteLinks(tree: Root, page: Page, registry: Registry, report: Report): void {
  walk(tree, (node) => {
    if (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') return;
    const target = node as Link | Image | Definition;
    const resolved = resolveSiteLink(target.url, page.path, registry);
    if (!resolved.site) return;
    if (!resolved.entry) {
      report(
        'unresolved-site-link',
        node,
        `The link to ${resolved.path} points at a site path the build does not emit.`,
        `${didYouMean(
          resolved.path,
          registry.of('site').map((e) => e.path),
        )}Link to a page or resource the site publishes (see content/discovery-resources.yaml and content/pages/), or correct the path.`,
      );
    }
    // Absolute even when broken, so that the published files' own link checks do not report it a second time as relative.
    target.url = resolved.absolute;
  });
}

const URL_IN_TEXT = /https?:\/\/[^\s<>()`]+[^\s<>()`.,;:!?'"]/g;

/**
 * Addresses inside the model's sentences, and those filled into the editor's prose ("at {base_url}"), become links:
 * readers can follow them, and the Markdown writer would otherwise escape them ("https\://") to stop GFM from
 * autolinking. The editor's own written-out URLs are already links (GFM autolinks them as it parses).
 */
function linkifyAddresses(tree: Root, filled: Set<Nodes>): void {
  walk(tree, (node, index, parent) => {
    if (node.type !== 'text' || !parent || index === undefined || parent.type === 'link') return;
    if (node.position && !filled.has(node)) return;
    const parts: PhrasingContent[] = [];
    let last = 0;
    for (const match of node.value.matchAll(URL_IN_TEXT)) {
      if (match.index > last) parts.push({ type: 'text', value: node.value.slice(last, match.index) });
      // The link keeps the text's place, so that a filled address that reaches nothing is reported where it was written.
      parts.push({
        type: 'link',
        url: match[0],
        children: [{ type: 'text', value: match[0] }],
        position: node.position,
      });
      last = match.index + match[0].length;
    }
    if (parts.length === 0) return;
    if (last < node.value.length) parts.push({ type: 'text', value: node.value.slice(last) });
    (parent.children as PhrasingContent[]).splice(index, 1, ...parts);
    return index + parts.length;
  });
}
