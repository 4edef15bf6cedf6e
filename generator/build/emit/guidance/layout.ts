// The one layout every HTML page shares: head links agents look for, site navigation, and the discovery resources.
import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { Page } from '../../../model/types.js';
import type { Registry } from '../../registry/registry.js';
import type { RegistryEntry } from '../../registry/types.js';
import { resourceLink } from '../../render/directives/site-lists.js';
import { stringifyHtml } from '../../render/processor.js';
import { h } from './hast-build.js';

/** Enough style to read tables and code on a phone; the pages carry no scripts and load nothing else. */
const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:0 1rem}' +
  'nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:0 1rem}' +
  'table{border-collapse:collapse;display:block;overflow-x:auto}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}' +
  'code{overflow-wrap:anywhere}footer{border-top:1px solid #ccc;margin-top:2rem;font-size:.9rem}';

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
  };
}

export function layout({ entry, page, serviceName, registry, content, links }: LayoutInput): HastRoot {
  const twin = entry.twin ? registry.get(entry.twin) : undefined;
  return documentOf(
    headOf(entry, page, serviceName, registry, links),
    [siteNavigation(entry.path, serviceName, registry, links)],
    content.children as ElementContent[],
    footer(twin, registry, links),
  );
}

/** The document around its four parts. */
function documentOf(
  head: ElementContent[],
  header: ElementContent[],
  main: ElementContent[],
  foot: ElementContent[],
): HastRoot {
  return {
    type: 'root',
    children: [
      { type: 'doctype' },
      h('html', { lang: 'en' }, [
        h('head', {}, head),
        h('body', {}, [h('header', {}, header), h('main', {}, main), h('footer', {}, foot)]),
      ]),
    ],
  };
}

function headOf(
  entry: RegistryEntry,
  page: Page,
  serviceName: string,
  registry: Registry,
  links: LayoutLinks,
): ElementContent[] {
  const head: ElementContent[] = [
    h('meta', { charSet: 'utf-8' }),
    h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
    h('title', {}, [`${page.title} · ${serviceName}`]),
    h('meta', { name: 'description', content: page.description }),
    h('style', {}, [STYLE]),
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
  /** The text between the slots: before the head, the navigation, the content, the twin line, and after it. */
  between: [string, string, string, string, string];
  /** The navigation as on a page that is not in it. */
  navigation: string;
  /** Paths of the pages the navigation lists: their own page marks them current, so they get their own navigation. */
  navigated: Set<string>;
}

const fragmentHtml = (children: ElementContent[]): string => stringifyHtml({ type: 'root', children });
const SLOTS = ['head', 'nav', 'main', 'twin'] as const;

export function layoutTemplate(serviceName: string, registry: Registry, links: LayoutLinks): LayoutTemplate {
  const slot = (name: (typeof SLOTS)[number]): ElementContent => ({ type: 'comment', value: `slot:${name}` });
  const text = stringifyHtml(
    documentOf([slot('head')], [slot('nav')], [slot('main')], [resourcesNavigation(registry, links), slot('twin')]),
  );
  const parts = text.split(/<!--slot:[a-z]+-->/);
  if (parts.length !== SLOTS.length + 1) throw new Error('the layout template lost a slot');
  return {
    between: parts as LayoutTemplate['between'],
    navigation: fragmentHtml([siteNavigation('', serviceName, registry, links)]),
    navigated: new Set(links.pages.map((e) => e.path)),
  };
}

/** One page's HTML document from the template: the same bytes as `stringifyHtml(layout(input))`. */
export function layoutHtml(
  template: LayoutTemplate,
  input: Omit<LayoutInput, 'content'> & { content: string },
): string {
  const { entry, page, serviceName, registry, links } = input;
  const twin = entry.twin ? registry.get(entry.twin) : undefined;
  const navigation = template.navigated.has(entry.path)
    ? fragmentHtml([siteNavigation(entry.path, serviceName, registry, links)])
    : template.navigation;
  const [beforeHead, beforeNav, beforeMain, beforeTwin, after] = template.between;
  return (
    beforeHead +
    fragmentHtml(headOf(entry, page, serviceName, registry, links)) +
    beforeNav +
    navigation +
    beforeMain +
    input.content +
    beforeTwin +
    (twin ? fragmentHtml([twinLine(twin, registry)]) : '') +
    after
  );
}

/** The top-level HTML pages, in registry order; the current one marked for assistive technology. */
function siteNavigation(
  currentPath: string,
  serviceName: string,
  registry: Registry,
  { home, pages }: LayoutLinks,
): Element {
  return h('nav', { ariaLabel: 'Site' }, [
    home ? h('a', { href: registry.url(home) }, [serviceName]) : serviceName,
    h(
      'ul',
      {},
      pages.map((e) =>
        h('li', {}, [
          h('a', { href: registry.url(e), ...(e.path === currentPath ? { ariaCurrent: 'page' } : {}) }, [e.title]),
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
