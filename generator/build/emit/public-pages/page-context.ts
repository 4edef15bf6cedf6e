// The data behind /api/agent/page-context?path=: route families in one small file, and the context of every published
// page in a file of its own, streamed (made one at a time for the validators and again for the writer, never all held).
import type { ArtifactStream, EmitContext, RegistryEntry, StreamedFile } from '../../registry/types.js';
import type { PageContext, PageContextData, PageContextResource } from '../../../runtime/query-routes/types.js';
import { contextFileOf, PAGE_CONTEXT_FILES, PAGE_CONTEXT_FOLDER } from '../../../runtime/query-routes/context-files.js';
import { jsonBody } from '../json/json-body.js';
import { routeFamiliesOf, type ResolvedFamilies, type ResolvedFamily } from './route-families.js';
import { pageById } from '../../render/page-index.js';

export function buildPageContextData(entry: RegistryEntry, context: EmitContext): PageContextData | undefined {
  const resolved = routeFamiliesOf(context);
  if (!resolved) return undefined;
  return {
    route: entry.dataFor ?? entry.path,
    baseUrl: context.model.addresses.base_url,
    routeFamilies: resolved.families.map((f) => f.family),
    contexts: PAGE_CONTEXT_FILES,
  };
}

export function emitPageContextData(entry: RegistryEntry, context: EmitContext): string {
  const data = buildPageContextData(entry, context);
  const resolved = routeFamiliesOf(context);
  if (data && resolved) context.artifacts.setStream(pageContextStream(entry, data, resolved, context));
  return jsonBody(data ?? {});
}

/** One page's context and the path it answers for (the page's own, or its Markdown twin's). */
interface Located {
  page: RegistryEntry;
  family: ResolvedFamily;
  /** The path the context is for. */
  path: string;
}

/** The site-tree file of a context (relative, without the leading "/"). */
function treeFile(data: PageContextData, path: string): string {
  return contextFileOf(data, path).slice(1);
}

export function pageContextStream(
  entry: RegistryEntry,
  data: PageContextData,
  resolved: ResolvedFamilies,
  context: EmitContext,
): ArtifactStream {
  const body = ({ page, family, path }: Located) => {
    const own = contextOf(page, family, resolved.rules, context);
    return JSON.stringify(path === page.path ? own : { ...own, path });
  };
  // Families in content order, pages in registry order, each page before its twin: the same bytes in every build.
  function* located(): Generator<Located> {
    const seen = new Set<string>();
    for (const family of resolved.families) {
      for (const page of family.pages) {
        seen.add(page.path);
        yield { page, family, path: page.path };
        // An agent holding the Markdown twin's address gets the same page's context.
        if (page.twin && !seen.has(page.twin)) {
          seen.add(page.twin);
          yield { page, family, path: page.twin };
        }
      }
    }
  }
  let byFile: Map<string, Located> | undefined;
  return {
    entry,
    folder: PAGE_CONTEXT_FOLDER,
    *files(): Generator<StreamedFile> {
      for (const item of located()) yield { file: treeFile(data, item.path), body: body(item) };
    },
    // One context on request (the preview server); the index is built on the first request only.
    file(file) {
      byFile ??= new Map([...located()].map((item) => [treeFile(data, item.path), item]));
      const item = byFile.get(file);
      return item ? body(item) : undefined;
    },
  };
}

function contextOf(page: RegistryEntry, family: ResolvedFamily, rules: string[], context: EmitContext): PageContext {
  const { model, registry } = context;
  // By index: a scan of every page for every page is quadratic at catalog scale.
  const source = page.page ? pageById(model, page.page) : undefined;
  const resources: PageContextResource[] = [];
  const twin = page.twin ? registry.get(page.twin) : undefined;
  if (twin) resources.push({ href: registry.url(twin), type: twin.mediaType, title: twin.title, rel: 'alternate' });
  const index = context.memo(`public-pages:llms-index:${page.group}`, () =>
    registry.ofKind('llms-index').find((e) => e.group === page.group),
  );
  if (index) resources.push({ href: registry.url(index), type: index.mediaType, title: index.title, rel: 'related' });
  const catalog = context.memo('public-pages:catalog-entry', () => registry.ofKind('public-pages-catalog')[0]);
  if (catalog)
    resources.push({ href: registry.url(catalog), type: catalog.mediaType, title: catalog.title, rel: 'collection' });
  for (const extra of family.resources) if (!resources.some((r) => r.href === extra.href)) resources.push(extra);
  return {
    path: page.path,
    canonicalUrl: registry.url(page),
    title: source?.title ?? page.title,
    description: source?.description ?? page.purpose,
    type: family.family.type,
    routeFamily: family.family.id,
    rules: [...rules, ...family.family.rules],
    resources,
    ...(family.imageUrl ? { imageUrl: family.imageUrl } : {}),
  };
}
