// Directives that list what the site publishes, taken from the registry and the model: resources, section pages, identity.
import type { RootContent } from 'mdast';
import type { RegistryEntry } from '../../registry/types.js';
import type { Registry } from '../../registry/registry.js';
import { code, link, list, paragraph, strong, table, type Inline } from '../mdast-build.js';
import { resolveSiteLink } from '../site-links.js';
import { didYouMean } from '../../messages/suggest.js';
import type { BlockDirective, DirectiveContext } from './types.js';
import { isSection, sectionIds } from '../../../model/sections.js';

/** How a resource is linked: a query route gets an example query, since its bare path answers nothing. */
export function resourceLink(entry: RegistryEntry, registry: Registry): { href: string; label: string } {
  const query = entry.query?.filter((q) => q.required) ?? [];
  if (query.length === 0) return { href: registry.url(entry), label: entry.path };
  const label = `${entry.path}?${query.map((q) => `${q.name}=<${q.name}>`).join('&')}`;
  const example = `${entry.path}?${query.map((q) => `${q.name}=/`).join('&')}`;
  return { href: registry.url(example, entry.host), label };
}

export const discoveryResources: BlockDirective = {
  summary: 'Table of the public discovery resources of the contract (all, or one `group`), linked.',
  attributes: ['group'],
  expand: ({ group }, { registry, fail }) => {
    const entries = registry.entries.filter((e) => e.inContract && e.host === 'site' && (!group || e.group === group));
    if (group && entries.length === 0) {
      const groups = [...new Set(registry.entries.filter((e) => e.inContract).map((e) => e.group))];
      fail('unknown-group', `No discovery resource is in the group \`${group}\`.`, `Use one of: ${groups.join(', ')}.`);
    }
    return [
      table(
        ['Resource', 'What it is'],
        entries.map((e) => {
          const { href, label } = resourceLink(e, registry);
          return [link(href, code(label)), e.purpose];
        }),
      ),
    ];
  },
};

export const sectionPages: BlockDirective = {
  summary: "List of a section's sub-pages in the editors' order (this page's section, or `section`).",
  attributes: ['section'],
  expand: ({ section }, { model, registry, page, fail }) => {
    const id = section ?? page.section ?? page.id;
    if (!model.pages.some((p) => p.id === id && !p.section)) {
      fail(
        'unknown-section',
        `There is no section page \`${id}\`.`,
        `${didYouMean(
          id,
          model.pages.filter((p) => !p.section).map((p) => p.id),
        )}Name a top-level page: ${model.pages
          .filter((p) => !p.section)
          .map((p) => p.id)
          .join(', ')}.`,
      );
      return [];
    }
    // Any other page would be published as an empty section.
    if (!isSection(model, id)) {
      const sections = sectionIds(model);
      fail(
        'unknown-section',
        `\`${id}\` is a page, not a section: it has no sub-pages (content/pages/${id}/) and no route family for them.`,
        `List a section's pages (${sections.join(', ')}) with section="…", remove the directive, or make \`${id}\` a section (its sub-pages in content/pages/${id}/, and a family /${id}/{slug} in content/public-pages.yaml, as npm run new -- section writes).`,
      );
      return [];
    }
    const items = model.pages
      .filter((p) => p.section === id)
      .map((p): Inline[] => {
        const html = registry.get(p.path);
        const twin = registry.get(p.twinPath);
        const parts: Inline[] = [link(html ? registry.url(html) : registry.url(p.path), p.title), `: ${p.description}`];
        if (twin) parts.push(' (', link(registry.url(twin), 'Markdown'), ')');
        return parts;
      });
    return items.length ? [list(items)] : [paragraph('No pages in this section yet.')];
  },
};

export const interfaceParts: BlockDirective = {
  summary: 'The three parts of the public developer interface.',
  expand: (_, { model, fill }) => [
    list(
      model.interfaceParts.map((p) => [strong(p.title), `: ${fill(p.summary)}`]),
      true,
    ),
  ],
};

export const identity: BlockDirective = {
  summary: "The service's brand entity facts.",
  expand: (_, context) => {
    const { identity: id } = context.model;
    const site = (path: string) => siteUrl(path, context);
    const rows: Inline[][] = [
      ['Name', id.name],
      ['Legal name', id.legalName],
      ['Summary', id.summary],
      ['Description', id.disambiguatingDescription],
      ['Logo', link(site(id.logo), code(id.logo))],
      ['Same as', ...id.sameAs.flatMap((url, i) => (i ? [', ', link(url)] : [link(url)]))],
      ['Contact', `${id.contactPoint.contactType}: `, link(site(id.contactPoint.url))],
    ];
    return [
      table(
        ['Fact', 'Value'],
        rows.map(([label, ...value]) => [label!, value]),
      ),
    ] as RootContent[];
  },
};

function siteUrl(path: string, { registry, page }: DirectiveContext): string {
  const resolved = resolveSiteLink(path, page.path, registry);
  return resolved.site ? resolved.absolute : path;
}

export const routeFamilies: BlockDirective = {
  summary:
    'Table of the read-only public page route families (content/public-pages.yaml) and the rules every page carries.',
  expand: (_, { model, fill, fail }) => {
    const pages = model.publicPages;
    if (!pages) {
      fail(
        'missing-route-families',
        'The content set has no public page route families.',
        'Add content/public-pages.yaml, or remove this directive.',
      );
      return [];
    }
    return [
      table(
        ['Route family', 'Page type', 'What it is'],
        pages.routeFamilies.map((f) => [code(f.pattern), f.type, `${f.title}: ${fill(f.description)}`]),
      ),
      list(pages.rules.map((r) => [fill(r)])),
    ];
  },
};
