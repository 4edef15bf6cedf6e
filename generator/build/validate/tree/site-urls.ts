// Tree check: every link to the site ({base_url}/…, or a root-relative link in a page) resolves to an emitted file.
import type { Registry } from '../../registry/registry.js';
import type { RegistryEntry } from '../../registry/types.js';
import { textTreeValidator } from '../text/text-check.js';
import { partTexts, unitChunksOfArtifact, type UnitChunk } from '../text/artifact-units.js';
import { urlsOfChunk } from '../text/artifact-urls.js';
import { RUN_MEMO_LIMIT, TextMemo } from '../../text/memo.js';
import { isTemplate, pathOn, rootRelativeLinks, splitPath, type FoundUrl } from '../../text/urls.js';

/** The registry entry a site URL's path (query included) is answered by: the exact path, else the query route. */
export function resolveSitePath(registry: Registry, pathWithQuery: string): RegistryEntry | undefined {
  const { path, query } = splitPath(pathWithQuery);
  if (query) {
    const exact = registry.get(`${path}?${query}`, 'site');
    if (exact) return exact;
  }
  return registry.get(path, 'site');
}

// Per stretch of text (one check run, so one model and registry): its links on {base_url} that do not resolve.
const unresolved = new WeakMap<UnitChunk, (FoundUrl & { path: string })[]>();

export const siteUrlsResolve = textTreeValidator(
  'siteUrlsResolve',
  (context) => {
    const base = context.model.addresses.base_url;
    // For this run: whether a site path resolves (or is a template) depends only on the path.
    const resolves = new TextMemo<boolean>(RUN_MEMO_LIMIT);
    const fine = (path: string) => isTemplate(path) || resolveSitePath(context.registry, path) !== undefined;
    const unresolvedIn = (chunk: UnitChunk) => {
      let links = unresolved.get(chunk);
      if (!links) {
        links = urlsOfChunk(chunk).flatMap((u) => {
          const path = pathOn(u.url, base);
          return path === undefined || resolves.get(path, fine) ? [] : [{ ...u, path }];
        });
        unresolved.set(chunk, links);
      }
      return links;
    };
    return (item) => {
      // Links that resolve are never reported, so only the unresolved ones are read, in the artifact's order.
      const links: (FoundUrl & { path: string })[] = [];
      for (const { offset, chunk } of unitChunksOfArtifact(item)) {
        for (const link of unresolvedIn(chunk)) links.push({ ...link, offset: link.offset + offset });
      }
      // A root-relative link means the artifact's own host; only the site's artifacts link into the site that way.
      if (item.entry.host === 'site') {
        // Of a view of some parts, each part's: a link is on one line, and a part is lines of its own.
        const texts = item.text !== undefined ? [{ offset: 0, text: item.text }] : partTexts(item);
        for (const { offset, text } of texts) {
          for (const link of rootRelativeLinks(text, item.format)) {
            if (!resolves.get(link.url, fine)) links.push({ ...link, offset: link.offset + offset, path: link.url });
          }
        }
      }
      const reported = new Set<string>();
      for (const link of links) {
        if (reported.has(link.url)) continue;
        reported.add(link.url);
        context.diagnostics.error('validate', {
          ruleId: 'unresolved-site-url',
          reason: `${link.url} points at ${splitPath(link.path).path} on {base_url}, which the build does not emit.`,
          fix: 'Link to a path of the registry (a resource of content/discovery-resources.yaml, a page or a static file), or add the resource there.',
          place: item.place(link.offset),
        });
      }
    };
  },
  { partWise: true },
);
