// The data behind /api/agent/page-context?path=: route families in one small file, and the context of every published
// page (and of its Markdown twin) in S shards, streamed: every path is hashed first, then each shard's contexts are
// made when the shard is reached, so that 200,000 contexts are never held at once.
import type { ArtifactStream, EmitContext, RegistryEntry, StreamedFile } from '../../registry/types.js';
import type {
  PageContext,
  PageContextData,
  PageContextFiles,
  PageContextResource,
} from '../../../runtime/query-routes/types.js';
import {
  PAGE_CONTEXT_FOLDER,
  PAGE_CONTEXT_HASH,
  PAGE_CONTEXT_SHARD_FILES,
  pathHash,
  shardFile,
  shardOfFile,
  shardOfHash,
} from '../../../runtime/query-routes/context-files.js';
import { jsonBody } from '../json/json-body.js';
import { routeFamiliesOf, type ResolvedFamilies, type ResolvedFamily } from './route-families.js';
import { pageById } from '../../render/page-index.js';
import { chooseShardCount, entryBytes, shardBody } from './page-context-shards.js';

export function emitPageContextData(entry: RegistryEntry, context: EmitContext): string {
  const resolved = routeFamiliesOf(context);
  if (!resolved) return jsonBody({});
  const contexts = new PageContexts(resolved, context);
  const data: PageContextData = {
    route: entry.dataFor ?? entry.path,
    baseUrl: context.model.addresses.base_url,
    routeFamilies: resolved.families.map((f) => f.family),
    contexts: { file: PAGE_CONTEXT_SHARD_FILES, shards: contexts.shardCount(), hash: PAGE_CONTEXT_HASH },
  };
  context.artifacts.setStream(pageContextStream(entry, data.contexts, () => contexts));
  return jsonBody(data);
}

/**
 * The stream of a data file taken from the last good build (the same scope makes the same contexts): attached again,
 * its contexts located and made only when a shard is first made (a rebuild makes none the tree in place holds).
 */
export function streamPageContextsAgain(entry: RegistryEntry, body: string, context: EmitContext): void {
  const data = JSON.parse(body) as Partial<PageContextData>;
  if (!data.contexts) return;
  let contexts: PageContexts | undefined;
  const made = () => {
    const resolved = routeFamiliesOf(context);
    if (!resolved) throw new Error('the route families of a kept page-context file no longer resolve');
    return (contexts ??= new PageContexts(resolved, context));
  };
  context.artifacts.setStream(pageContextStream(entry, data.contexts, made));
}

/** One page's context and the path it answers for (the page's own, or its Markdown twin's). */
interface Located {
  page: RegistryEntry;
  family: ResolvedFamily;
  /** The path the context is for. */
  path: string;
}

/**
 * Every context of the build, located and hashed, in a few numbers each (a catalog has 200,000): its family, its page
 * in the family, whether it is the twin's, and its path's hash. Each context's JSON is made when asked for.
 */
class PageContexts {
  private readonly family: number[] = [];
  private readonly page: number[] = [];
  private readonly twin: boolean[] = [];
  readonly hashes: number[] = [];

  constructor(
    private readonly resolved: ResolvedFamilies,
    private readonly context: EmitContext,
  ) {
    // Families in content order, pages in registry order, each page before its twin: the same bytes in every build.
    const seen = new Set<string>();
    const add = (f: number, p: number, path: string, twin: boolean) => {
      seen.add(path);
      this.family.push(f);
      this.page.push(p);
      this.twin.push(twin);
      this.hashes.push(pathHash(path));
    };
    resolved.families.forEach((family, f) => {
      family.pages.forEach((page, p) => {
        add(f, p, page.path, false);
        // An agent holding the Markdown twin's address gets the same page's context.
        if (page.twin && !seen.has(page.twin)) add(f, p, page.twin, true);
      });
    });
  }

  get count(): number {
    return this.hashes.length;
  }

  item(i: number): Located {
    const family = this.resolved.families[this.family[i]!]!;
    const page = family.pages[this.page[i]!]!;
    return { page, family, path: this.twin[i] ? page.twin! : page.path };
  }

  json(i: number): string {
    const { page, family, path } = this.item(i);
    const own = contextOf(page, family, this.resolved.rules, this.context);
    return JSON.stringify(path === page.path ? own : { ...own, path });
  }

  /** S, from every context's size (each made once here, and let go). */
  shardCount(): number {
    const bytes = this.hashes.map((_, i) => entryBytes(this.item(i).path, this.json(i)));
    return chooseShardCount(this.hashes, bytes);
  }

  /** The contexts of each shard, in the order above: `order` lists them shard by shard, `start[k]` where k's begin. */
  byShard(shards: number): { order: Uint32Array; start: Uint32Array } {
    const start = new Uint32Array(shards + 1);
    for (const hash of this.hashes) start[shardOfHash(hash, shards) + 1]! += 1;
    for (let k = 0; k < shards; k += 1) start[k + 1]! += start[k]!;
    const next = start.slice(0, shards);
    const order = new Uint32Array(this.count);
    this.hashes.forEach((hash, i) => {
      order[next[shardOfHash(hash, shards)]!++] = i;
    });
    return { order, start };
  }

  shardText(items: Iterable<number>): string {
    const entries: [string, string][] = [];
    for (const i of items) entries.push([this.item(i).path, this.json(i)]);
    return shardBody(entries);
  }
}

function pageContextStream(
  entry: RegistryEntry,
  files: PageContextFiles,
  contextsOf: () => PageContexts,
): ArtifactStream {
  let index: { order: Uint32Array; start: Uint32Array } | undefined;
  const shard = (k: number) => {
    const contexts = contextsOf();
    index ??= contexts.byShard(files.shards);
    return contexts.shardText(index.order.subarray(index.start[k], index.start[k + 1]));
  };
  return {
    entry,
    folder: PAGE_CONTEXT_FOLDER,
    *files(): Generator<StreamedFile> {
      for (let k = 0; k < files.shards; k += 1) yield { file: shardFile(files, k).slice(1), body: shard(k) };
    },
    // One shard on request (the preview server).
    file(file) {
      const k = shardOfFile(files, `/${file}`);
      return k === undefined ? undefined : shard(k);
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
