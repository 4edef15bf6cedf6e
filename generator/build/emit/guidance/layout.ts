// The one layout every HTML page shares: head links agents look for, site navigation, the page's section and contents,
// and the discovery resources. The page's own content comes first after the header: a skip link leads to it, the
// sidebar follows it in the document (the stylesheet places it on the left on wide screens).
import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { Page } from '../../../model/types.js';
import type { Registry } from '../../registry/registry.js';
import type { RegistryEntry } from '../../registry/types.js';
import { resourceLink } from '../../render/directives/site-lists.js';
import { stringifyHtml } from '../../render/processor.js';
import { h } from './hast-build.js';
import { pageContents, pager, placeIn, sectionNavigation, sectionsOf, type Section } from './page-navigation.js';
import { scriptPath, stylesheetPath } from './theme-assets.js';

/** The id of the page's main content, the skip link's target (no heading's id starts with "_"). */
export const MAIN_ID = '_content';

export interface LayoutInput {
  entry: RegistryEntry;
  page: Page;
  serviceName: string;
  registry: Registry;
  content: HastRoot;
  /** What every page links, from `layoutLinks`, computed once per build. */
  links: LayoutLinks;
}

export interface LayoutLinks {
  home?: RegistryEntry;
  /** Top-level HTML pages, in registry order. */
  pages: RegistryEntry[];
  /** The contract's discovery resources on the site, aliases left out. */
  resources: RegistryEntry[];
  catalog?: RegistryEntry;
  /** Sections with their sub-pages, by section page id. */
  sections: Map<string, Section>;
  stylesheet?: string;
  /** The theme's script, loaded by pages with code only. */
  script?: string;
}

/** Scans the registry once; with thousands of pages, scanning it per page would be quadratic. */
export function layoutLinks(registry: Registry): LayoutLinks {
  return {
    home: registry.get('/'),
    pages: registry
      .ofKind('html-page')
      .filter((e) => e.host === 'site' && e.page && !e.page.includes('/') && e.path !== '/'),
    resources: registry.entries.filter((e) => e.inContract && e.host === 'site' && !e.aliasOf),
    catalog: registry.ofKind('api-catalog')[0],
    sections: sectionsOf(registry),
    stylesheet: stylesheetPath(registry),
    script: scriptPath(registry),
  };
}

export function layout({ entry, page, serviceName, registry, content, links }: LayoutInput): HastRoot {
  const twin = entry.twin ? registry.get(entry.twin) : undefined;
  const html = stringifyHtml(content);
  return documentOf(
    headOf(entry, page, serviceName, registry, links, hasCode(html)),
    [siteNavigation(currentOf(entry, links), serviceName, registry, links)],
    content.children as ElementContent[],
    besideMain(entry, html, registry, links),
    footer(twin, registry, links),
  );
}

/** The document around its parts: the skip link, the header, the main content and what is beside it, the footer. */
function documentOf(
  head: ElementContent[],
  header: ElementContent[],
  main: ElementContent[],
  beside: ElementContent[],
  foot: ElementContent[],
): HastRoot {
  return {
    type: 'root',
    children: [
      { type: 'doctype' },
      h('html', { lang: 'en' }, [
        h('head', {}, head),
        h('body', {}, [
          h('a', { className: ['skip-link'], href: `#${MAIN_ID}` }, ['Skip to content']),
          h('header', { className: ['site-header'] }, header),
          h('div', { className: ['page'] }, [h('main', { id: MAIN_ID }, main), ...beside]),
          h('footer', { className: ['site-footer'] }, foot),
        ]),
      ]),
    ],
  };
}

/** After the main content: previous and next inside the section, then the sidebar (the section's pages, contents). */
function besideMain(entry: RegistryEntry, html: string, registry: Registry, links: LayoutLinks): ElementContent[] {
  const place = placeIn(links.sections, entry);
  const beside: ElementContent[] = [];
  const next = place && pager(place.section, place.at, registry);
  if (next) beside.push(next);
  const sidebar: ElementContent[] = [];
  if (place) sidebar.push(sectionNavigation(place.section, place.at, registry));
  const contents = pageContents(html);
  if (contents) sidebar.push(contents);
  if (sidebar.length > 0) beside.push(h('aside', { className: ['sidebar'], ariaLabel: 'Pages and contents' }, sidebar));
  return beside;
}

/** A page with a code block gets the copy button's script. */
const hasCode = (html: string) => html.includes('<pre');

/** What the site navigation marks: the page itself when it is listed, else its section's page ("true": within it). */
function currentOf(entry: RegistryEntry, links: LayoutLinks): { path: string; current: 'page' | 'true' } | undefined {
  if (links.pages.includes(entry)) return { path: entry.path, current: 'page' };
  const slash = entry.page?.indexOf('/') ?? -1;
  const section = slash > 0 ? links.sections.get(entry.page!.slice(0, slash)) : undefined;
  return section ? { path: section.page.path, current: 'true' } : undefined;
}

function headOf(
  entry: RegistryEntry,
  page: Page,
  serviceName: string,
  registry: Registry,
  links: LayoutLinks,
  code: boolean,
): ElementContent[] {
  const head: ElementContent[] = [
    h('meta', { charSet: 'utf-8' }),
    h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
    h('title', {}, [`${page.title} · ${serviceName}`]),
    h('meta', { name: 'description', content: page.description }),
    ...(links.stylesheet ? [h('link', { rel: ['stylesheet'], href: links.stylesheet })] : []),
    ...(code && links.script ? [h('script', { src: links.script, defer: true }, [])] : []),
    h('link', { rel: ['canonical'], href: registry.url(entry) }),
  ];
  const twin = entry.twin ? registry.get(entry.twin) : undefined;
  if (twin) head.push(h('link', { rel: ['alternate'], type: 'text/markdown', href: registry.url(twin) }));
  // RFC 9727 section 3: a page may point at the API catalog with rel="api-catalog".
  if (links.catalog) head.push(h('link', { rel: ['api-catalog'], href: links.catalog.path }));
  return head;
}

/**
 * The layout as text with slots, made once per build: what every page shares (navigation, the discovery resources)
 * is written once instead of being built and written again for each of thousands of pages. `layoutHtml` fills the
 * slots; the bytes are those of `layout` written by `stringifyHtml` (test/pages/html-page.test.ts compares them).
 */
export interface LayoutTemplate {
  /** The text between the slots: before the head, the navigation, the content, what is beside it, the twin line. */
  between: [string, string, string, string, string, string];
  /** The navigation as written for each page it marks (a listed page, or the section a sub-page is in), by path. */
  navigations: Map<string, string>;
}

const fragmentHtml = (children: ElementContent[]): string => stringifyHtml({ type: 'root', children });
const SLOTS = ['head', 'nav', 'main', 'beside', 'twin'] as const;

export function layoutTemplate(serviceName: string, registry: Registry, links: LayoutLinks): LayoutTemplate {
  const slot = (name: (typeof SLOTS)[number]): ElementContent => ({ type: 'comment', value: `slot:${name}` });
  const text = stringifyHtml(
    documentOf(
      [slot('head')],
      [slot('nav')],
      [slot('main')],
      [slot('beside')],
      [resourcesNavigation(registry, links), slot('twin')],
    ),
  );
  const parts = text.split(/<!--slot:[a-z]+-->/);
  if (parts.length !== SLOTS.length + 1) throw new Error('the layout template lost a slot');
  // A handful of variants: none marked, each listed page, each section (for its sub-pages).
  const navigations = new Map<string, string>();
  navigations.set('', fragmentHtml([siteNavigation(undefined, serviceName, registry, links)]));
  for (const e of links.pages) {
    const current = { path: e.path, current: 'page' } as const;
    navigations.set(`page ${e.path}`, fragmentHtml([siteNavigation(current, serviceName, registry, links)]));
  }
  for (const section of links.sections.values()) {
    const current = { path: section.page.path, current: 'true' } as const;
    navigations.set(`true ${section.page.path}`, fragmentHtml([siteNavigation(current, serviceName, registry, links)]));
  }
  return { between: parts as LayoutTemplate['between'], navigations };
}

/** One page's HTML document from the template: the same bytes as `stringifyHtml(layout(input))`. */
export function layoutHtml(
  template: LayoutTemplate,
  input: Omit<LayoutInput, 'content'> & { content: string },
): string {
  const { entry, page, serviceName, registry, links } = input;
  const twin = entry.twin ? registry.get(entry.twin) : undefined;
  const current = currentOf(entry, links);
  const navigation =
    template.navigations.get(current ? `${current.current} ${current.path}` : '') ??
    fragmentHtml([siteNavigation(current, serviceName, registry, links)]);
  const [beforeHead, beforeNav, beforeMain, beforeBeside, beforeTwin, after] = template.between;
  return (
    beforeHead +
    fragmentHtml(headOf(entry, page, serviceName, registry, links, hasCode(input.content))) +
    beforeNav +
    navigation +
    beforeMain +
    input.content +
    beforeBeside +
    fragmentHtml(besideMain(entry, input.content, registry, links)) +
    beforeTwin +
    (twin ? fragmentHtml([twinLine(twin, registry)]) : '') +
    after
  );
}

/** The top-level HTML pages, in registry order; the current one (or the current page's section) marked. */
function siteNavigation(
  current: { path: string; current: 'page' | 'true' } | undefined,
  serviceName: string,
  registry: Registry,
  { home, pages }: LayoutLinks,
): Element {
  return h('nav', { ariaLabel: 'Site' }, [
    home ? h('a', { className: ['brand'], href: registry.url(home) }, [serviceName]) : serviceName,
    h(
      'ul',
      {},
      pages.map((e) =>
        h('li', {}, [
          h('a', { href: registry.url(e), ...(e.path === current?.path ? { ariaCurrent: current.current } : {}) }, [
            e.title,
          ]),
        ]),
      ),
    ),
  ]);
}

/** Every discovery resource of the contract, linked, so that a reader of any page can find them all. */
function footer(twin: RegistryEntry | undefined, registry: Registry, links: LayoutLinks): ElementContent[] {
  const line = twin && twinLine(twin, registry);
  return line ? [resourcesNavigation(registry, links), line] : [resourcesNavigation(registry, links)];
}

function resourcesNavigation(registry: Registry, { resources }: LayoutLinks): Element {
  const items = resources.map((e) => {
    const { href, label } = resourceLink(e, registry);
    return h('li', {}, [h('a', { href }, [h('code', {}, [label])]), ` ${e.title}`]);
  });
  return h('nav', { ariaLabel: 'Discovery resources' }, [h('h2', {}, ['Discovery resources']), h('ul', {}, items)]);
}

function twinLine(twin: RegistryEntry, registry: Registry): Element {
  return h('p', {}, [
    'This page in Markdown: ',
    h('a', { href: registry.url(twin), type: 'text/markdown' }, [registry.url(twin)]),
  ]);
}
