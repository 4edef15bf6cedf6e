// Checks of the emitted pages: the head links agents rely on, one title, and nothing left unexpanded.
import { type Artifact, partWise, type ValidateContext, type Validator } from '../../registry/types.js';
import type { RuleId } from '../../messages/rules.js';
import { htmlLinkTargets, markdownLinkTargets } from '../../text/link-targets.js';
import { UNSAFE_URL_FIX, unsafeUrlReason } from '../../text/safe-urls.js';

function reporter(artifact: Artifact, context: ValidateContext) {
  const file = context.displayPath(artifact.entry);
  const text = context.artifacts.text(artifact);
  return (ruleId: RuleId, offset: number | undefined, reason: string, fix: string) => {
    let place: { file: string; line?: number; column?: number } = { file };
    if (offset !== undefined) {
      const before = text.slice(0, offset).split('\n');
      place = { file, line: before.length, column: before.at(-1)!.length + 1 };
    }
    context.diagnostics.error('validate', { ruleId, reason, fix, place });
  };
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** An HTML page has one H1, its canonical URL, and (when it has a twin) an alternate link to a twin that was emitted. */
export const htmlPageHead: Validator = (artifact, context) => {
  const text = context.artifacts.text(artifact);
  const report = reporter(artifact, context);
  const fix = 'Pages are built by generator/build/emit/guidance/layout.ts; rebuild, and report this if it persists.';
  const links = [...text.matchAll(/<link\s[^>]*>/g)].map((m) => ({
    tag: m[0],
    offset: m.index,
    rel: attribute(m[0], 'rel'),
  }));
  const canonical = links.filter((l) => l.rel === 'canonical');
  const expected = context.registry.url(artifact.entry);
  if (canonical.length !== 1 || attribute(canonical[0]!.tag, 'href') !== expected) {
    report('page-canonical', canonical[0]?.offset, `The page must have one canonical link to ${expected}.`, fix);
  }
  if (artifact.entry.twin) {
    const twin = context.registry.get(artifact.entry.twin, artifact.entry.host);
    const alternate = links.find((l) => l.rel === 'alternate' && attribute(l.tag, 'type') === 'text/markdown');
    const href = alternate && attribute(alternate.tag, 'href');
    if (!twin || href !== context.registry.url(twin) || !context.artifacts.get(twin.host, twin.file)) {
      report(
        'page-markdown-alternate',
        alternate?.offset,
        `The page must link its emitted Markdown twin ${artifact.entry.twin} as rel="alternate" type="text/markdown".`,
        fix,
      );
    }
  }
  const headings = [...text.matchAll(/<h1[\s>]/g)];
  if (headings.length !== 1) {
    report(
      'page-one-title',
      headings[1]?.index ?? headings[0]?.index,
      `The page has ${headings.length} level-1 headings; it must have exactly one, its title.`,
      fix,
    );
  }
};

/** The H1 must start within this share of the page's text: agents reading the page top down meet its title first. */
export const TITLE_WITHIN = 0.1;
/** Bytes of markup the layout may add around a page's main content (head, header, sidebar, pager, footer). */
export const LAYOUT_BYTES = 12 * 1024;

/**
 * What agents and screen readers meet first: the page's title near the start of its text, and a layout small beside
 * the content, so that a page read as text is mostly its own words.
 */
export const pageReadingOrder: Validator = (artifact, context) => {
  const text = context.artifacts.text(artifact);
  const report = reporter(artifact, context);
  const fix =
    'The layout is generator/build/emit/guidance/layout.ts: keep what comes before <main> short, and the sidebar and footer small.';
  const body = text.indexOf('<body');
  const h1 = text.indexOf('<h1', body);
  if (body >= 0 && h1 >= 0) {
    const before = textLength(text.slice(body, h1));
    const total = before + textLength(text.slice(h1));
    if (before > total * TITLE_WITHIN) {
      report(
        'page-title-late',
        h1,
        `The page's H1 starts after ${before} of its ${total} characters of text (${Math.round((before / total) * 100)} %); it must start within the first ${TITLE_WITHIN * 100} %.`,
        fix,
      );
    }
  }
  const open = /<main[\s>]/.exec(text);
  const close = text.lastIndexOf('</main>');
  if (open && close > open.index) {
    const layoutBytes = byteLength(text) - byteLength(text.slice(text.indexOf('>', open.index) + 1, close));
    if (layoutBytes > LAYOUT_BYTES) {
      report(
        'page-layout-size',
        close,
        `The layout adds ${layoutBytes} bytes of markup around the page's content; at most ${LAYOUT_BYTES} are allowed.`,
        fix,
      );
    }
  }
};

/** Characters of text in a stretch of HTML: tags left out, runs of white space counted as one. */
function textLength(html: string): number {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[#a-z0-9]+;/gi, 'x')
    .replace(/\s+/g, ' ')
    .trim().length;
}

const encoder = new TextEncoder();
const byteLength = (text: string) => encoder.encode(text).length;

/** A Markdown twin starts with its title and has no directive left. */
export const markdownTwin: Validator = (artifact, context) => {
  const text = context.artifacts.text(artifact);
  const report = reporter(artifact, context);
  if (!text.startsWith('# ')) {
    report(
      'twin-title',
      0,
      'A Markdown twin must start with its title as a level-1 heading.',
      "Rebuild; the title comes from the page's front matter.",
    );
  }
  safeUrls(artifact, context);
  const directive = /^:{2,3}[A-Za-z][\w-]*/m.exec(text);
  if (directive) {
    report(
      'twin-directive',
      directive.index,
      `\`${directive[0]}\` was not expanded.`,
      'Use a directive listed in README, "Content layout for editors".',
    );
  }
};

/** No page or llms file may ship a placeholder: readers would take `{base_url}` literally (the first in each part). */
export const noPlaceholders = partWise((artifact, context) => {
  const text = context.artifacts.text(artifact);
  const match = /\{(base_url|mcp_url|auth_url|api_url)\}/.exec(text);
  if (match) {
    reporter(artifact, context)(
      'unfilled-placeholder',
      match.index,
      `\`${match[0]}\` was published as written instead of the environment's address.`,
      'Write the placeholder where it is filled (page text, links, code), or write the address itself.',
    );
  }
});

/**
 * Every URL a built page or twin links or loads passes the URL rule, whatever made it (the page's links are checked
 * at their source line already; this reads the published bytes).
 */
export const safeUrls: Validator = (artifact, context) => {
  const text = context.artifacts.text(artifact);
  const targets = artifact.entry.mediaType.startsWith('text/html') ? htmlLinkTargets(text) : markdownLinkTargets(text);
  for (const { url, offset } of targets) {
    const reason = unsafeUrlReason(url);
    if (reason) reporter(artifact, context)('unsafe-url', offset, `${reason}.`, UNSAFE_URL_FIX);
  }
};
