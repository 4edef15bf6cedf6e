// Registry stage: turns the model's resources, pages and static files, plus what each kind derives, into entries.
import type { Diagnostics } from '../messages/diagnostics.js';
import type { DiscoveryResource, Model, Page } from '../model/types.js';
import { MEDIA_TYPES, mediaTypeOfStatic } from './media-types.js';
import { Registry } from './registry.js';
import type { KindDefinition, RegistryEntry } from './types.js';

export type KindTable = Record<string, KindDefinition>;

/** What a resource or a kind's `derive` says of an entry; the kind fills in the rest. */
export type EntrySpec = Omit<RegistryEntry, 'file' | 'host' | 'mediaType' | 'discovery' | 'inSitemap'> &
  Partial<Pick<RegistryEntry, 'file' | 'host' | 'mediaType' | 'discovery' | 'inSitemap'>>;

export function buildRegistry(model: Model, kinds: KindTable, diagnostics: Diagnostics): Registry | undefined {
  const specs: EntrySpec[] = model.discoveryResources.map(specOfResource);
  const listed = new Set(specs.map((s) => s.path));
  const referencedPages = new Set(model.discoveryResources.flatMap((r) => (r.page ? [r.page] : [])));

  for (const page of model.pages) {
    if (page.section) {
      specs.push(...subPageSpecs(page, model));
      continue;
    }
    if (!referencedPages.has(page.id)) {
      diagnostics.error('registry', {
        ruleId: 'unpublished-page',
        reason: `The page ${page.source.file} is not published: no resource in content/discovery-resources.yaml is built from it.`,
        fix: `Add a resource with \`page: ${page.id}\`, or move the page into a section folder (pages/help/, pages/docs/…).`,
        place: page.source,
      });
      continue;
    }
    const html = specs.find((s) => s.page === page.id && s.kind === 'html-page');
    if (html && !listed.has(page.twinPath)) specs.push(twinSpec(page, html));
  }

  for (const file of model.staticFiles) {
    specs.push({
      path: file.path,
      kind: 'static',
      group: 'static',
      title: file.path,
      purpose: 'Static asset.',
      audience: ['people'],
      mediaType: mediaTypeOfStatic(file.path),
      inContract: false,
      source: file.source,
    });
  }

  for (const [kind, definition] of Object.entries(kinds)) {
    if (definition.derive) specs.push(...definition.derive(model, diagnostics).map((s) => ({ ...s, kind: s.kind ?? kind })));
  }

  const entries: RegistryEntry[] = [];
  for (const spec of specs) {
    const definition = kinds[spec.kind];
    if (!definition) {
      diagnostics.error('registry', {
        ruleId: 'unknown-kind',
        reason: `${spec.path} has kind \`${spec.kind}\`, which no emitter builds.`,
        fix: `Use one of: ${Object.keys(kinds).sort().join(', ')}.`,
        place: spec.source,
      });
      continue;
    }
    entries.push({
      ...spec,
      host: spec.host ?? definition.host ?? 'site',
      file: spec.file ?? (definition.file ? definition.file(spec.path) : spec.path.replace(/^\//, '')),
      mediaType: spec.mediaType ?? definition.mediaType,
      discovery: spec.discovery ?? definition.discovery ?? false,
      inSitemap: spec.inSitemap ?? definition.inSitemap ?? false,
      ...(definition.answersQueryRoute && !spec.dataFor ? { dataFor: spec.path } : {}),
    });
  }

  checkUnique(entries, diagnostics);
  linkTwins(entries);
  return diagnostics.hasErrors ? undefined : new Registry(entries, model.addresses);
}

function specOfResource(resource: DiscoveryResource): EntrySpec {
  const { path, kind, group, title, purpose, audience, page, aliasOf, query, inContract, source } = resource;
  return { path, kind, group, title, purpose, audience, page, aliasOf, query, inContract, source };
}

function subPageSpecs(page: Page, model: Model): EntrySpec[] {
  const { pagesById, groupOfPage } = sectionIndex(model);
  const section = pagesById.get(page.section!);
  const group = groupOfPage.get(page.section!) ?? page.section!;
  const common = { group, page: page.id, inContract: false, source: page.source, purpose: page.description };
  return [
    { ...common, path: page.path, kind: 'html-page', title: page.title, audience: ['people', 'developers'] },
    {
      ...common,
      path: page.twinPath,
      kind: 'markdown',
      title: `${page.title} (Markdown)`,
      audience: ['agents', 'developers'],
      mediaType: MEDIA_TYPES.markdown,
    },
  ].map((s) => ({ ...s, title: s.title || section?.title || page.id })) as EntrySpec[];
}

// Built once per model: looking sections up by scanning is quadratic in the number of sub-pages.
const sectionIndexes = new WeakMap<Model, { pagesById: Map<string, Page>; groupOfPage: Map<string, string> }>();
function sectionIndex(model: Model) {
  let index = sectionIndexes.get(model);
  if (!index) {
    const groupOfPage = new Map<string, string>();
    for (const r of model.discoveryResources) if (r.page && !groupOfPage.has(r.page)) groupOfPage.set(r.page, r.group);
    index = { pagesById: new Map(model.pages.map((p) => [p.id, p])), groupOfPage };
    sectionIndexes.set(model, index);
  }
  return index;
}

function twinSpec(page: Page, html: EntrySpec): EntrySpec {
  return {
    path: page.twinPath,
    kind: 'markdown',
    page: page.id,
    group: html.group,
    title: `${html.title} (Markdown)`,
    purpose: `${html.purpose} Markdown twin.`,
    audience: ['agents', 'developers'],
    inContract: false,
    source: page.source,
  };
}

function checkUnique(entries: RegistryEntry[], diagnostics: Diagnostics): void {
  const files = new Map<string, RegistryEntry>();
  const paths = new Map<string, RegistryEntry>();
  for (const entry of entries) {
    const fileKey = `${entry.host}:${entry.file}`;
    const pathKey = `${entry.host}:${entry.path}`;
    const other = files.get(fileKey) ?? paths.get(pathKey);
    if (other) {
      diagnostics.error('registry', {
        ruleId: 'duplicate-path',
        reason: `${entry.path} (${entry.kind}) and ${other.path} (${other.kind}) would both be written to ${entry.file} or served at the same path.`,
        fix: 'Give each resource, page and static file its own path.',
        place: entry.source,
      });
      continue;
    }
    files.set(fileKey, entry);
    paths.set(pathKey, entry);
  }
}

/** Each HTML page knows its Markdown twin, for its alternate link and for content negotiation. */
function linkTwins(entries: RegistryEntry[]): void {
  // Indexed once: a scan per page is quadratic, and catalogs have thousands of pages.
  const twins = new Map<string, RegistryEntry>();
  for (const e of entries) if (e.kind === 'markdown' && e.page && !twins.has(e.page)) twins.set(e.page, e);
  for (const entry of entries) {
    if (entry.kind !== 'html-page' || !entry.page) continue;
    const twin = twins.get(entry.page);
    if (twin) entry.twin = twin.path;
  }
}
