// Registry stage: turns the model's resources, pages and static files, plus what each kind derives, into entries.
import type { Diagnostics } from '../messages/diagnostics.js';
import type { KindName } from '../../model/kinds.js';
import type { Audience, DiscoveryResource, Model, Page } from '../../model/types.js';
import { NOT_FOUND_PAGE } from '../../model/not-found.js';
import { MEDIA_TYPES, mediaTypeOfStatic } from './media-types.js';
import { Registry } from './registry.js';
import type { KindDefinition, RegistryEntry } from './types.js';

/** The kind table: one definition for every kind name, no more, no fewer. */
export type KindTable = Record<KindName, KindDefinition>;

/** One family's part of the kind table (emit/<family>/kinds.ts). */
export type FamilyKinds = Partial<KindTable>;

/** The table's kinds and definitions, in the table's order. */
export const kindsOf = (kinds: KindTable) => Object.entries(kinds) as [KindName, KindDefinition][];

/** What a resource or a kind's `derive` says of an entry; the kind fills in the rest. */
export type EntrySpec = Omit<RegistryEntry, 'file' | 'host' | 'mediaType' | 'discovery' | 'inSitemap'> &
  Partial<Pick<RegistryEntry, 'file' | 'host' | 'mediaType' | 'discovery' | 'inSitemap'>>;

export function buildRegistry(model: Model, kinds: KindTable, diagnostics: Diagnostics): Registry | undefined {
  const specs: EntrySpec[] = model.discoveryResources.map(specOfResource);
  const listed = new Set(specs.map((s) => s.path));
  const referencedPages = new Set(model.discoveryResources.flatMap((r) => (r.page ? [r.page] : [])));

  // Sub-pages (all but a few of a large catalog's pages) become entries directly, after the specs: their entries
  // are made once, not as a spec and then a copy, and their order among the others is kept by their position.
  const subPages: { page: Page; at: number }[] = [];
  for (const page of model.pages) {
    if (page.section) {
      subPages.push({ page, at: specs.length });
      continue;
    }
    // The not-found page is published by its own kind, at the address a CDN sends for a path it has no file at.
    if (!referencedPages.has(page.id) && page.id !== NOT_FOUND_PAGE.id) {
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

  for (const [kind, definition] of kindsOf(kinds)) {
    if (definition.derive)
      specs.push(...definition.derive(model, diagnostics).map((s) => ({ ...s, kind: s.kind ?? kind })));
  }

  const entries: RegistryEntry[] = [];
  const add = (spec: EntrySpec) => {
    entries.push(entryOf(spec, kinds[spec.kind]));
  };
  let next = 0;
  for (const { page, at } of subPages) {
    while (next < at) add(specs[next++]!);
    addSubPageEntries(page, model, kinds, add, entries);
  }
  while (next < specs.length) add(specs[next++]!);

  checkUnique(entries, diagnostics);
  linkTwins(entries);
  return diagnostics.hasErrors ? undefined : new Registry(entries, model.addresses);
}

function specOfResource(resource: DiscoveryResource): EntrySpec {
  const { path, kind, group, title, purpose, audience, page, aliasOf, query, inContract, source } = resource;
  return { path, kind, group, title, purpose, audience, page, aliasOf, query, inContract, source };
}

function entryOf(spec: EntrySpec, definition: KindDefinition): RegistryEntry {
  return {
    ...spec,
    host: spec.host ?? definition.host ?? 'site',
    file: spec.file ?? (definition.file ? definition.file(spec.path) : spec.path.replace(/^\//, '')),
    mediaType: spec.mediaType ?? definition.mediaType,
    discovery: spec.discovery ?? definition.discovery ?? false,
    inSitemap: spec.inSitemap ?? definition.inSitemap ?? false,
    ...(definition.answersQueryRoute && !spec.dataFor ? { dataFor: spec.path } : {}),
  };
}

// Shared by every sub-page's entries: a catalog has hundreds of thousands of them, and nothing changes an audience.
const HTML_AUDIENCE = Object.freeze(['people', 'developers']) as Audience[];
const TWIN_AUDIENCE = Object.freeze(['agents', 'developers']) as Audience[];

/**
 * A sub-page's HTML page and Markdown twin. Built as the entries themselves, with the same members in the same order
 * as a spec completed by `entryOf` would have; the generic path (a spec, then a copy) is taken only for a kind table
 * whose page kinds are not plain ones.
 */
function addSubPageEntries(
  page: Page,
  model: Model,
  kinds: KindTable,
  add: (spec: EntrySpec) => void,
  entries: RegistryEntry[],
): void {
  const { pagesById, groupOfPage } = sectionIndex(model);
  const section = pagesById.get(page.section!);
  const group = groupOfPage.get(page.section!) ?? page.section!;
  const htmlTitle = page.title || section?.title || page.id;
  const twinTitle = `${page.title} (Markdown)`;
  const html = kinds['html-page'];
  const twin = kinds.markdown;
  if (!html || !twin || !isPlain(html) || !isPlain(twin)) {
    const common = { group, page: page.id, inContract: false, source: page.source, purpose: page.description };
    add({ ...common, path: page.path, kind: 'html-page', title: htmlTitle, audience: HTML_AUDIENCE });
    add({
      ...common,
      path: page.twinPath,
      kind: 'markdown',
      title: twinTitle,
      audience: TWIN_AUDIENCE,
      mediaType: MEDIA_TYPES.markdown,
    });
    return;
  }
  entries.push({
    group,
    page: page.id,
    inContract: false,
    source: page.source,
    purpose: page.description,
    path: page.path,
    kind: 'html-page',
    title: htmlTitle,
    audience: HTML_AUDIENCE,
    host: html.host ?? 'site',
    file: html.file ? html.file(page.path) : page.path.slice(1),
    mediaType: html.mediaType,
    discovery: html.discovery ?? false,
    inSitemap: html.inSitemap ?? false,
    // Set here, where linkTwins would add it (it confirms it): a member added later would take a store of its own.
    twin: page.twinPath,
  });
  entries.push({
    group,
    page: page.id,
    inContract: false,
    source: page.source,
    purpose: page.description,
    path: page.twinPath,
    kind: 'markdown',
    title: twinTitle,
    audience: TWIN_AUDIENCE,
    mediaType: MEDIA_TYPES.markdown,
    host: twin.host ?? 'site',
    file: twin.file ? twin.file(page.twinPath) : page.twinPath.slice(1),
    discovery: twin.discovery ?? false,
    inSitemap: twin.inSitemap ?? false,
  });
}

/** A kind whose entries carry no `dataFor` of their own making. */
function isPlain(definition: KindDefinition): boolean {
  return !definition.answersQueryRoute;
}

// Built once per model: looking sections up by scanning is quadratic in the number of sub-pages.
const sectionIndexes = new WeakMap<Model, { pagesById: Map<string, Page>; groupOfPage: Map<string, string> }>();
function sectionIndex(model: Model) {
  let index = sectionIndexes.get(model);
  if (!index) {
    const groupOfPage = new Map<string, string>();
    for (const r of model.discoveryResources) if (r.page && !groupOfPage.has(r.page)) groupOfPage.set(r.page, r.group);
    // Only top-level pages head sections: a map of every page would be one more entry per catalog page.
    index = { pagesById: new Map(model.pages.flatMap((p) => (p.section ? [] : [[p.id, p] as const]))), groupOfPage };
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
  // Keyed by host, then by file or path: no key string is made per entry.
  const files = new Map<string, Map<string, RegistryEntry>>();
  const paths = new Map<string, Map<string, RegistryEntry>>();
  for (const entry of entries) {
    let hostFiles = files.get(entry.host);
    let hostPaths = paths.get(entry.host);
    if (!hostFiles || !hostPaths) {
      files.set(entry.host, (hostFiles = new Map()));
      paths.set(entry.host, (hostPaths = new Map()));
    }
    const other = hostFiles.get(entry.file) ?? hostPaths.get(entry.path);
    if (other) {
      diagnostics.error('registry', {
        ruleId: 'duplicate-path',
        reason: `${entry.path} (${entry.kind}) and ${other.path} (${other.kind}) would both be written to ${entry.file} or served at the same path.`,
        fix: 'Give each resource, page and static file its own path.',
        place: entry.source,
      });
      continue;
    }
    hostFiles.set(entry.file, entry);
    hostPaths.set(entry.path, entry);
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
