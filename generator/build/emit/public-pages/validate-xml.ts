// Structure checks of the XML files: well-formed, the sitemaps 0.9 (and schema feed) namespaces, required elements.
import { validateURL } from 'sitemap';
import type { Artifact, ValidateContext, Validator } from '../../registry/types.js';
import { mainSitemap, sitemapUrls } from './sitemap.js';
import type { SitemapLimits } from './sitemap-limits.js';
import { siteEntryOf } from './served-urls.js';
import { SCHEMA_FEED_CONTENT_TYPE, SCHEMA_FEED_NAMESPACE, SITEMAP_NAMESPACE } from './xml.js';
import { parseXml, type XmlElement } from './xml-tree.js';
import type { RuleId } from '../../messages/rules.js';

const REBUILD = 'Rebuild; if it persists, the emitter of this kind is broken.';

type Report = (ruleId: RuleId, at: { line: number; column: number }, reason: string, fix?: string) => void;

function reporter(artifact: Artifact, context: ValidateContext): Report {
  const file = context.displayPath(artifact.entry);
  return (ruleId, at, reason, fix = REBUILD) =>
    context.diagnostics.error('validate', { ruleId, reason: `${file}: ${reason}.`, fix, place: { file, ...at } });
}

/** Parses the artifact, reporting `xml-syntax` when it is not well-formed XML. */
function readXml(artifact: Artifact, context: ValidateContext, report: Report): XmlElement | undefined {
  const parsed = parseXml(context.artifacts.text(artifact));
  if (parsed.ok) return parsed.root;
  report('xml-syntax', parsed, `not well-formed XML: ${parsed.reason}`);
  return undefined;
}

const inSitemapNs = (e: XmlElement, local: string) => e.local === local && e.uri === SITEMAP_NAMESPACE;
const child = (e: XmlElement, local: string, uri = SITEMAP_NAMESPACE) =>
  e.children.filter((c) => c.local === local && c.uri === uri);

export const checkSchemamap: Validator = (artifact, context) => {
  const report = reporter(artifact, context);
  const root = readXml(artifact, context, report);
  if (!root) return;
  if (!inSitemapNs(root, 'urlset') || root.attributes['xmlns:sf']?.value !== SCHEMA_FEED_NAMESPACE) {
    report(
      'schemamap-namespace',
      root,
      `the root must be <urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:sf="${SCHEMA_FEED_NAMESPACE}">`,
    );
    return;
  }
  const listed = new Set<string>();
  for (const url of root.children) {
    const loc = child(url, 'loc');
    const sf = child(url, 'contentType', SCHEMA_FEED_NAMESPACE);
    if (!inSitemapNs(url, 'url') || loc.length !== 1) {
      report('schemamap-structure', url, `<${url.name}> must be a <url> with exactly one <loc>`);
      continue;
    }
    if (
      url.attributes.contentType?.value !== SCHEMA_FEED_CONTENT_TYPE ||
      sf.length !== 1 ||
      sf[0]!.text.trim() !== SCHEMA_FEED_CONTENT_TYPE
    ) {
      report(
        'schemamap-structure',
        url,
        `each <url> gives the type ${SCHEMA_FEED_CONTENT_TYPE} both as a contentType attribute and as <sf:contentType>`,
      );
    }
    const href = loc[0]!.text.trim();
    listed.add(href);
    if (siteEntryOf(context.registry, href)?.kind !== 'schema-feed') {
      report('schemamap-loc', loc[0]!, `<loc>${href}</loc> is not an absolute URL of a schema feed the site serves`);
    }
  }
  for (const feed of context.registry.ofKind('schema-feed')) {
    if (!listed.has(context.registry.url(feed))) {
      report('schemamap-coverage', root, `the schema feed ${feed.path} is not listed`);
    }
  }
};

/** The sitemap checks, with the limits the build splits by (tests inject small ones). */
export function makeSitemapCheck(limits: SitemapLimits): Validator {
  return (artifact, context) => {
    const report = reporter(artifact, context);
    const root = readXml(artifact, context, report);
    if (!root) return;
    const isIndex = inSitemapNs(root, 'sitemapindex');
    if (!isIndex && !inSitemapNs(root, 'urlset')) {
      report(
        'sitemap-namespace',
        root,
        `the root must be <urlset> or <sitemapindex> in the namespace ${SITEMAP_NAMESPACE}`,
      );
      return;
    }
    const item = isIndex ? 'sitemap' : 'url';
    const locs: string[] = [];
    // Once per sitemap, not once per <loc>: listing every page URL per entry is quadratic in the catalog's size.
    const pageUrls = isIndex ? undefined : new Set(sitemapUrls(context.registry));
    for (const element of root.children) {
      const loc = child(element, 'loc');
      if (!inSitemapNs(element, item) || loc.length !== 1) {
        report(
          'sitemap-structure',
          element,
          `<${root.local}> holds only <${item}> elements, each with exactly one <loc>`,
        );
        continue;
      }
      const href = loc[0]!.text.trim();
      locs.push(href);
      const entry = siteEntryOf(context.registry, href);
      let valid = true;
      try {
        validateURL(href, 'loc');
      } catch {
        valid = false;
      }
      if (!valid || !entry || (isIndex ? entry.kind !== 'sitemap' : !pageUrls!.has(href))) {
        report(
          'sitemap-loc',
          loc[0]!,
          `<loc>${href}</loc> is not the absolute URL of a ${isIndex ? 'sitemap part' : 'public page'} the site serves`,
        );
      }
    }
    const size = new TextEncoder().encode(context.artifacts.text(artifact)).length;
    if (locs.length > limits.maxUrls || size > limits.maxBytes) {
      report(
        'sitemap-limit',
        root,
        `${locs.length} entries and ${size} bytes exceed the sitemap limits (${limits.maxUrls} entries, ${limits.maxBytes} bytes)`,
      );
    }
    if (artifact.entry === mainSitemap(context.registry)) checkCoverage(context, report, root);
  };
}

/** Every public page appears in exactly one sitemap file, and nothing else does. */
function checkCoverage(context: ValidateContext, report: Report, root: XmlElement): void {
  const found: string[] = [];
  for (const entry of context.registry.ofKind('sitemap')) {
    const artifact = context.artifacts.get(entry.host, entry.file);
    // Each file's structure is its own check's (a tree per file); here only its <loc> values count, read from the
    // text: a catalog's parts parsed into trees all at once held hundreds of MB.
    const text = artifact && context.artifacts.text(artifact);
    if (!text || !/<urlset[\s>]/.test(text)) continue;
    for (const match of text.matchAll(/<loc>([^<]*)<\/loc>/g)) found.push(unescapeXml(match[1]!.trim()));
  }
  const want = sitemapUrls(context.registry);
  // Sets, not includes/indexOf: those scans are quadratic in the number of pages.
  const listed = new Set(found);
  const missing = want.filter((u) => !listed.has(u));
  const seen = new Set<string>();
  const twice = found.filter((u) => {
    if (seen.has(u)) return true;
    seen.add(u);
    return false;
  });
  if (missing.length > 0 || twice.length > 0) {
    report(
      'sitemap-coverage',
      root,
      [missing.length ? `missing ${missing.join(', ')}` : '', twice.length ? `listed twice ${twice.join(', ')}` : '']
        .filter(Boolean)
        .join('; '),
    );
  }
}

/** The five predefined entities, the only escapes the emitters write (`escapeXml`). */
function unescapeXml(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name]!,
  );
}
