// The content-hash render cache: a page's products, stored under a key made of everything they depend on, so that
// an unchanged page is not parsed or rendered again. Kept on disk in the cache folder (node_modules/.cache/…).
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Model, Page } from '../../model/types.js';
import type { Registry } from '../registry/registry.js';
import { modelFacts, sha256 } from '../cache/fingerprint.js';
import type { PageProducts } from './page-products.js';

/**
 * What every page's rendering may read besides the page itself: the model without page bodies (directives pull
 * facts from it; page titles feed navigation) and the registry (links are checked against it, the layout lists
 * it). Adding a page or changing any fact re-renders every page, which is the safe direction.
 */
export function renderContextKey(generator: string, model: Model, registry: Registry): string {
  // Made once per build: the render stage and the kept verdicts both ask (at 10,000 pages it is a 10 MB text).
  const known = contextKeys.get(model);
  if (known?.generator === generator && known.registry === registry) return known.key;
  const key = contextKeyOf(generator, model, registry);
  contextKeys.set(model, { generator, registry, key });
  return key;
}

const contextKeys = new WeakMap<Model, { generator: string; registry: Registry; key: string }>();

function contextKeyOf(generator: string, model: Model, registry: Registry): string {
  return sha256(generator, modelFacts(model), JSON.stringify(registry.entries));
}

export function pageKey(contextKey: string, page: Page): string {
  return sha256(contextKey, JSON.stringify(page));
}

export class RenderCache {
  constructor(private readonly dir: string) {}

  /** True when no page was ever kept here: every page will be rendered. */
  static isEmpty(dir: string): boolean {
    return !existsSync(join(dir, 'pages'));
  }

  private pathOf(key: string): string {
    return join(this.dir, 'pages', key.slice(0, 2), `${key}.json`);
  }

  async get(key: string): Promise<PageProducts | undefined> {
    try {
      return JSON.parse(await readFile(this.pathOf(key), 'utf8')) as PageProducts;
    } catch {
      return undefined;
    }
  }

  async set(key: string, products: PageProducts): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(join(path, '..'), { recursive: true });
    // Written beside and renamed, so that a reader never sees half a file.
    const tmp = `${path}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(products));
    await rename(tmp, path);
  }
}
