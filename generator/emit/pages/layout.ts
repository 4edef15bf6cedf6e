// The one layout every HTML page shares: head links agents look for, site navigation, and the discovery resources.
import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { Page } from '../../model/types.js';
import type { Registry } from '../../registry/registry.js';
import type { RegistryEntry } from '../../registry/types.js';
import { resourceLink } from '../../pages/directives/site-lists.js';
import { h } from './hast-build.js';

export interface LayoutInput {
  entry: RegistryEntry;
  page: Page;
  serviceName: string;
  registry: Registry;
  content: HastRoot;
}

export function layout({ entry, page, serviceName, registry, content }: LayoutInput): HastRoot {
  const head: ElementContent[] = [
    h('meta', { charSet: 'utf-8' }),
    h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
    h('title', {}, [page.path === '/' ? page.title : `${page.title} · ${serviceName}`]),
    h('meta', { name: 'description', content: page.description }),
    h('link', { rel: ['canonical'], href: registry.url(entry) }),
  ];
  const twin = entry.twin ? registry.get(entry.twin) : undefined;
  if (twin) head.push(h('link', { rel: ['alternate'], type: 'text/markdown', href: registry.url(twin) }));
  // RFC 9727 section 3: a page may point at the API catalog with rel="api-catalog".
  const catalog = registry.ofKind('api-catalog')[0];
  if (catalog) head.push(h('link', { rel: ['api-catalog'], href: catalog.path }));

  const body = [
    h('header', {}, [siteNavigation(entry, serviceName, registry)]),
    h('main', {}, content.children as ElementContent[]),
    h('footer', {}, footer(twin, registry)),
  ];
  return {
    type: 'root',
    children: [
      { type: 'doctype' },
      h('html', { lang: 'en' }, [h('head', {}, head), h('body', {}, body)]),
    ],
  };
}

/** The top-level HTML pages, in registry order; the current one marked for assistive technology. */
function siteNavigation(current: RegistryEntry, serviceName: string, registry: Registry): Element {
  const home = registry.get('/');
  const pages = registry.ofKind('html-page').filter((e) => e.host === 'site' && e.page && !e.page.includes('/') && e.path !== '/');
  return h('nav', { ariaLabel: 'Site' }, [
    home ? h('a', { href: registry.url(home) }, [serviceName]) : serviceName,
    h(
      'ul',
      {},
      pages.map((e) =>
        h('li', {}, [h('a', { href: registry.url(e), ...(e.path === current.path ? { ariaCurrent: 'page' } : {}) }, [e.title])]),
      ),
    ),
  ]);
}

/** Every discovery resource of the contract, linked, so that a reader of any page can find them all. */
function footer(twin: RegistryEntry | undefined, registry: Registry): ElementContent[] {
  const resources = registry.entries.filter((e) => e.inContract && e.host === 'site' && !e.aliasOf);
  const items = resources.map((e) => {
    const { href, label } = resourceLink(e, registry);
    return h('li', {}, [h('a', { href }, [h('code', {}, [label])]), ` ${e.title}`]);
  });
  const parts: ElementContent[] = [h('nav', { ariaLabel: 'Discovery resources' }, [h('h2', {}, ['Discovery resources']), h('ul', {}, items)])];
  if (twin) parts.push(h('p', {}, ['This page in Markdown: ', h('a', { href: registry.url(twin), type: 'text/markdown' }, [registry.url(twin)])]));
  return parts;
}
