// Pre-render stage: before the emitters run, each page's own files come from the render cache, from a worker
// thread, or from the page emitters here; the twin's text is put where the other emitters look for it (the memo).
import type { Diagnostics } from '../messages/diagnostics.js';
import type { Model, Page } from '../../model/types.js';
import type { KindTable } from '../registry/build-registry.js';
import { type Artifact, decodeText, type EmitContext, KeptArtifact, type RegistryEntry } from '../registry/types.js';
import { renderTexts, type RenderedPage } from './render-page.js';
import { pageById } from './page-index.js';
import { drainQueue, pageQueue } from './page-queue.js';
import { RenderPool, workerCount } from './render-pool.js';
import { type Digest, generatorFingerprint } from '../cache/fingerprint.js';
import { entryKey, pageEntries, producePage, type PageProducts } from './page-products.js';
import { type MakeAgain, pageKey, renderContextKey, RenderCache } from './render-cache.js';
import { keepCache } from '../cache/keep-cache.js';

export interface PrerenderOptions {
  projectRoot: string;
  /** The cache folder; without it nothing is read or kept. */
  cacheDir?: string;
  /** Worker threads: a number, or 'auto' (only when there are enough pages to render). */
  workers?: number | 'auto';
  /** False: this thread takes no batches from the queue while there are workers. Default true. */
  renderOnMainThread?: boolean;
  /** Workers started before the content was loaded (the caller closes them); otherwise started here if needed. */
  pool?: RenderPool;
  /** The render worker's module, for workers started here. */
  workerFile: URL;
  /** Told how many of the pages are ready (from the cache, a worker or this thread), for a progress line. */
  onRendered?: (done: number, total: number) => void;
}

export interface PrerenderResult {
  /**
   * The page entries' artifacts that are ready, for the emit stage to take as they are: their body is text when made
   * in this build, bytes when kept, read from the render cache only when first asked for.
   */
  artifacts: Map<RegistryEntry, Artifact>;
  /** The digests of those made in this build, where the render cache made them (a kept one's artifact holds its own). */
  digests: Map<RegistryEntry, Digest>;
  /**
   * `renderMs`: wall time of rendering the pages the cache did not have, on every thread (to set beside the parse
   * floor); `referenceParsed`: of those, the pages the fast path did not claim (read by remark-parse); `recordsRead`:
   * the kept pages whose record was read, so far in the build (a kept page's bytes are read when first asked for).
   */
  stats: {
    pages: number;
    fromCache: number;
    inWorkers: number;
    workers: number;
    renderMs: number;
    referenceParsed: number;
    readonly recordsRead: number;
  };
}

/**
 * Runs in the emit stage's context (its memo is the emitters' memo). Pages that drew messages are left to the
 * plain emit path, so their messages are reported exactly as a plain build reports them.
 */
export async function prerenderPages(
  model: Model,
  kinds: KindTable,
  context: EmitContext,
  diagnostics: Diagnostics,
  options: PrerenderOptions,
): Promise<PrerenderResult> {
  const entriesByPage = pageEntries(context.registry);
  // The pages with entries, each with its entries, its key and its products, by its place in the model's order: a
  // rebuild after one edit goes through 10,000 kept pages, each looked up by place rather than by its id in maps.
  const pages: Page[] = [];
  const entriesOf: RegistryEntry[][] = [];
  for (const page of model.pages) {
    const entries = entriesByPage.get(page.id);
    if (!entries) continue;
    pages.push(page);
    entriesOf.push(entries);
  }
  const cache = options.cacheDir ? RenderCache.open(options.cacheDir) : undefined;
  const contextKey = cache ? renderContextKey(await generatorFingerprint(options.projectRoot), model) : '';
  const keys = pages.map((page) => (cache ? pageKey(contextKey, page) : ''));

  /** Each page's products, and whether they were made in this build (not kept). */
  const ready: (PageProducts | undefined)[] = new Array(pages.length);
  const made: boolean[] = new Array(pages.length).fill(false);
  let fromCache = 0;
  if (cache) {
    // Index loops, here and below, not `entries()` with a destructuring: each runs an iterator in the interpreter, and
    // a rebuild goes through 10,000 kept pages.
    for (let i = 0; i < pages.length; i++) {
      const found = cache.get(keys[i]!, new PageMadeAgain(pages[i]!, entriesOf[i]!, kinds, context));
      if (!found) continue;
      ready[i] = found;
      fromCache++;
    }
  }

  const pendingAt: number[] = [];
  for (let i = 0; i < pages.length; i++) if (!ready[i]) pendingAt.push(i);
  const pending = pendingAt.map((i) => pages[i]!);
  let rendered = fromCache;
  const onRendered = (count: number) => options.onRendered?.((rendered += count), pages.length);
  onRendered(0);
  // Workers started early are used for any number of pages: their start is already paid for.
  const wanted = workerCount(pending.length, options.workers);
  const pool =
    pending.length === 0
      ? undefined
      : (options.pool ?? (wanted > 0 ? new RenderPool(wanted, options.workerFile) : undefined));
  const workers = pool?.size ?? 0;
  let inWorkers = 0;
  const fresh = new Map<string, PageProducts>();
  const renderStart = performance.now();
  try {
    // Workers and this thread take batches from one queue until it is empty; both cores stay busy to the end.
    const queue = pageQueue(pending.map((p) => p.id));
    const done = (
      pool?.render(model, queue, (products) => {
        for (const [id, product] of products) {
          if (!product) continue;
          fresh.set(id, product);
          inWorkers++;
        }
        onRendered(products.length);
      }) ?? []
    ).map((answer) => answer.catch(() => undefined));
    if (workers === 0 || options.renderOnMainThread !== false) {
      drainQueue(queue, (ids) => {
        for (const id of ids) {
          const products = producePage(pageById(model, id)!, entriesByPage.get(id)!, kinds, context, diagnostics);
          if (products) fresh.set(id, products);
        }
        onRendered(ids.length);
      });
    }
    // A worker that failed leaves the pages it took unanswered: the emit stage renders them here.
    await Promise.all(done);
  } finally {
    if (pool && pool !== options.pool) await pool.close();
  }
  const renderMs = Math.round(performance.now() - renderStart);
  for (const i of pendingAt) {
    const products = fresh.get(pages[i]!.id);
    if (!products) continue;
    ready[i] = products;
    made[i] = true;
    cache?.set(keys[i]!, products);
  }
  if (cache) await keepCache(diagnostics, 'emit', options.cacheDir!, 'the rendered pages', () => cache.save());

  const artifacts = new Map<RegistryEntry, Artifact>();
  const digests = new Map<RegistryEntry, Digest>();
  for (let at = 0; at < pages.length; at++) {
    const page = pages[at]!;
    const products = ready[at];
    if (!products) continue;
    const entries = entriesOf[at]!;
    // Each body's digest, looked up once. Whether the page has every body is asked of its digests when it has them,
    // without reading a kept body (read when first asked for). One loop, no closure made per page.
    const names: string[] = [];
    const known: (Digest | undefined)[] = [];
    const digestsOfPage = products.digests;
    let hasAll = true;
    let twin = -1;
    for (let i = 0; i < entries.length; i++) {
      const name = entryKey(entries[i]!);
      const digest = digestsOfPage?.get(name);
      names.push(name);
      known.push(digest);
      if (digestsOfPage ? digest === undefined : !Object.hasOwn(products.bodies, name)) hasAll = false;
      if (twin < 0 && entries[i]!.kind === 'markdown') twin = i;
    }
    if (!hasAll) continue;
    const kept = !made[at];
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      const name = names[i]!;
      // A kept page's body is read only when first asked for, and its artifact holds its digest; a page made in this
      // build has its text, and its digest is told with it.
      if (kept) artifacts.set(entry, new KeptArtifact(entry, products, name, known[i]));
      else {
        artifacts.set(entry, { entry, body: products.bodies[name]! });
        const digest = known[i];
        if (digest) digests.set(entry, digest);
      }
    }
    const rendered = context.memo(`pages:rendered:${page.id}`, () => new LazyRendered(page, products, context));
    if (twin >= 0) rendered.markdownSha256 ??= known[twin]?.sha256;
  }
  let referenceParsed = 0;
  for (const products of fresh.values()) if (products.parsedBy === 'reference') referenceParsed++;
  const stats = {
    pages: pages.length,
    fromCache,
    inWorkers,
    workers,
    renderMs,
    referenceParsed,
    // Counted as the build goes: a kept page's record is read when its bytes are first asked for.
    get recordsRead() {
      return cache?.counts.read ?? 0;
    },
  };
  return { artifacts, digests, stats };
}

/**
 * How a kept page's part is made again when its record, read late, is not the bytes the index named: as a plain build
 * makes it (a body by its entry's own emitter, the twin by rendering the page), the same text the record was made of.
 */
class PageMadeAgain implements MakeAgain {
  constructor(
    private readonly page: Page,
    private readonly entries: RegistryEntry[],
    private readonly kinds: KindTable,
    private readonly context: EmitContext,
  ) {}

  make(part: { body: string } | 'markdown'): string {
    if (part === 'markdown') return renderTexts(this.page, this.context).markdown;
    const entry = this.entries.find((e) => entryKey(e) === part.body);
    const body = entry && this.kinds[entry.kind]!.emit(entry, this.context);
    if (typeof body !== 'string')
      throw new Error(`${this.page.source.file}: its rendered page could not be made again`);
    return body;
  }
}

/**
 * A rendered page whose twin is known: what the other emitters read (llms-full reads `markdown`). The twin's text is
 * decoded from the render cache's bytes only when asked for; the HTML content is made only if some emitter asks for
 * it, the same way generator/build/render/render-page.ts makes it. A class, not an object with getters of its own:
 * 10,000 kept pages share its getters rather than each hold three closures.
 */
class LazyRendered implements RenderedPage {
  private madeHtml?: string;
  private madeMarkdown?: string;
  markdownSha256?: string;
  readonly parsedBy: RenderedPage['parsedBy'];

  constructor(
    readonly page: Page,
    private readonly products: PageProducts,
    private readonly context: EmitContext,
  ) {
    this.parsedBy = products.parsedBy;
  }

  get markdown(): string {
    if (this.madeMarkdown === undefined) {
      const kept = this.products.markdown;
      this.madeMarkdown = typeof kept === 'string' ? kept : decodeText(kept);
    }
    return this.madeMarkdown;
  }

  get html(): string {
    this.madeHtml ??= renderTexts(this.page, this.context).html;
    return this.madeHtml;
  }
}
