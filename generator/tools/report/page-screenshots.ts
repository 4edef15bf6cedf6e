// Before/after pictures of changed pages in headless Chromium, the changed parts outlined: each page is loaded from
// the base's and the head's trees in memory (nothing is fetched), its blocks compared, and the two shots put side by side.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { diffArrays } from 'diff';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium.js';
import type { ArtifactTree } from './artifact-tree.js';
import type { CheckReport } from './run-check.js';
import { fileForAddress, isPageFile, pageAddress } from './page-address.js';
import { groupChanges } from './shared-changes.js';

export { DEFAULT_SCREENSHOT_LIMIT } from './check-defaults.js';

const VIEWPORT = { width: 900, height: 1000 };
/** The tallest part of a page a picture shows, around its changes. */
const MAX_HEIGHT = 1200;
const MARGIN = 80;
const TIMEOUT_MS = 20_000;
/** The blocks compared between the two versions of a page: the smallest units a reader sees change. */
const BLOCKS = 'h1,h2,h3,h4,h5,h6,p,li,pre,tr,dt,dd,blockquote,figcaption,img,summary,caption,header nav > a';
const REMOVED = '#cf222e';
const ADDED = '#1a7f37';

export interface PageToShoot {
  file: string;
  address: string;
  status: 'added' | 'removed' | 'changed';
}

export interface Shot {
  address: string;
  /** The picture, relative to the report's folder. */
  image: string;
  /** Blocks outlined on each side. */
  outlined: { before: number; after: number };
  note?: string;
}

export interface Shots {
  shots: Shot[];
  omitted: number;
  limit: number;
  skipped?: string;
}

/**
 * The pages worth a picture, at most `limit`: first each page with a change of its own (or added or removed), then
 * one page for each change several pages share (a layout change needs one picture, not one per page).
 */
export function pagesToShoot(report: CheckReport, limit: number): { pages: PageToShoot[]; omitted: number } {
  const { shared, own } = groupChanges(report.artifacts);
  const pages = report.artifacts.filter((c) => isPageFile(c.path));
  const chosen = new Map<string, PageToShoot>();
  const choose = (file: string) => {
    const change = pages.find((c) => c.path === file);
    if (change) chosen.set(file, { file, address: pageAddress(file), status: change.status });
  };
  for (const c of pages) if (c.status !== 'changed' || (own.get(c.path) ?? []).length > 0) choose(c.path);
  for (const group of shared) {
    if (group.pages > 0 && !group.files.some((f) => chosen.has(f))) choose(group.files.find(isPageFile)!);
  }
  const list = [...chosen.values()];
  return { pages: list.slice(0, limit), omitted: pages.length - Math.min(limit, list.length) };
}

export interface ShootOptions {
  base: ArtifactTree;
  head: ArtifactTree;
  /** The site's {base_url}: its addresses are answered from the trees, every other request is refused. */
  site: string;
  /** The report's folder; pictures go to its screenshots/ folder. */
  dir: string;
  chromium?: string;
}

export async function takeScreenshots(pages: PageToShoot[], options: ShootOptions): Promise<Shot[]> {
  const browser = await launchChromium(options.chromium);
  try {
    const before = await contextFor(browser.newContext({ viewport: VIEWPORT }), options.base, options.site);
    const after = await contextFor(browser.newContext({ viewport: VIEWPORT }), options.head, options.site);
    const sheet = await browser.newPage({ viewport: { width: 2 * VIEWPORT.width + 60, height: 600 } });
    await mkdir(join(options.dir, 'screenshots'), { recursive: true });
    const shots: Shot[] = [];
    for (const page of pages) {
      shots.push(await shoot(page, before, after, sheet, options));
    }
    return shots;
  } finally {
    await browser.close();
  }
}

async function contextFor(pending: Promise<BrowserContext>, tree: ArtifactTree, site: string): Promise<BrowserContext> {
  const context = await pending;
  const origin = new URL(site).origin;
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== origin) return route.abort();
    const file = fileForAddress(tree, url.pathname);
    if (!file) return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not in this build.' });
    const { body, entry } = tree.get(file)!;
    return route.fulfill({ status: 200, contentType: entry?.mediaType ?? mediaTypeOf(file), body: Buffer.from(body) });
  });
  return context;
}

interface Side {
  page: Page;
  keys: string[];
}

async function shoot(
  target: PageToShoot,
  beforeContext: BrowserContext,
  afterContext: BrowserContext,
  sheet: Page,
  options: ShootOptions,
): Promise<Shot> {
  const url = new URL(target.address, options.site).href;
  const open = async (context: BrowserContext): Promise<Side> => {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT_MS });
    return { page, keys: await page.evaluate(blockKeys, BLOCKS) };
  };
  const before = target.status === 'added' ? undefined : await open(beforeContext);
  const after = target.status === 'removed' ? undefined : await open(afterContext);
  try {
    // Outlined: the blocks that changed on each side. Shown: those, and on the other side the blocks around the
    // place they were inserted or removed, so the two pictures show the same part of the page.
    const removed: number[] = [];
    const added: number[] = [];
    const nearBefore: number[] = [];
    const nearAfter: number[] = [];
    if (before && after) {
      let b = 0;
      let a = 0;
      for (const part of diffArrays(before.keys, after.keys)) {
        const n = part.count ?? part.value.length;
        for (let i = 0; i < n; i++) {
          if (part.removed) removed.push(b + i);
          if (part.added) added.push(a + i);
        }
        if (part.added) nearBefore.push(b - 1, b);
        if (part.removed) nearAfter.push(a - 1, a);
        if (!part.added) b += n;
        if (!part.removed) a += n;
      }
    }
    const pictures: { caption: string; colour: string; png: Buffer; title: string }[] = [];
    if (before)
      pictures.push({
        caption: 'Before (base)',
        colour: REMOVED,
        ...(await picture(before.page, removed, nearBefore, REMOVED)),
      });
    if (after)
      pictures.push({
        caption: after && !before ? 'New page' : 'After (head)',
        colour: ADDED,
        ...(await picture(after.page, added, nearAfter, ADDED)),
      });
    if (!after) pictures[0]!.caption = 'Removed page';
    let note: string | undefined;
    if (before && after && removed.length + added.length === 0) {
      const [t0, t1] = [pictures[0]!.title, pictures[1]!.title];
      note = t0 !== t1 ? `no visible change; the title is now "${t1}"` : 'no visible change (head or attributes only)';
    }
    const image = `screenshots/${slug(target.address)}.png`;
    await writeFile(join(options.dir, image), await sideBySide(sheet, target.address, pictures, note));
    return {
      address: target.address,
      image,
      outlined: { before: removed.length, after: added.length },
      ...(note ? { note } : {}),
    };
  } finally {
    await before?.page.close();
    await after?.page.close();
  }
}

/** Runs in the page: each block's markup without the blocks inside it, so a list item is judged by its own text. */
function blockKeys(selector: string): string[] {
  return [...document.querySelectorAll(selector)].map((element) => {
    const copy = element.cloneNode(true) as Element;
    for (const inner of copy.querySelectorAll(selector)) inner.remove();
    return copy.outerHTML;
  });
}

/**
 * Outlines the changed blocks and shoots the part of the page around them and the `near` blocks (the top of the page
 * when there are none).
 */
async function picture(
  page: Page,
  changed: number[],
  near: number[],
  colour: string,
): Promise<{ png: Buffer; title: string }> {
  const box = await page.evaluate(
    ({ selector, changed, near, colour }) => {
      const blocks = [...document.querySelectorAll(selector)];
      const style = document.createElement('style');
      style.textContent = `[data-check-changed]{outline:3px solid ${colour}!important;outline-offset:2px;background:${colour}14!important}`;
      document.head.append(style);
      let top = Number.POSITIVE_INFINITY;
      let bottom = 0;
      for (const i of [...changed, ...near]) {
        const block = blocks[i];
        if (!block) continue;
        if (changed.includes(i)) block.setAttribute('data-check-changed', '');
        const rect = block.getBoundingClientRect();
        top = Math.min(top, rect.top + window.scrollY);
        bottom = Math.max(bottom, rect.bottom + window.scrollY);
      }
      return { top, bottom, height: document.documentElement.scrollHeight, title: document.title };
    },
    { selector: BLOCKS, changed, near, colour },
  );
  const top = Number.isFinite(box.top) ? Math.max(0, box.top - MARGIN) : 0;
  const bottom = Math.min(
    box.height,
    Number.isFinite(box.top) ? box.bottom + MARGIN : VIEWPORT.height,
    top + MAX_HEIGHT,
  );
  const clip = { x: 0, y: top, width: VIEWPORT.width, height: Math.max(200, bottom - top) };
  return { png: await page.screenshot({ clip, fullPage: true }), title: box.title };
}

async function sideBySide(
  sheet: Page,
  address: string,
  pictures: { caption: string; colour: string; png: Buffer }[],
  note: string | undefined,
): Promise<Buffer> {
  const figures = pictures
    .map(
      (p) =>
        `<figure><figcaption style="color:${p.colour}">${p.caption}</figcaption><img src="data:image/png;base64,${p.png.toString('base64')}"></figure>`,
    )
    .join('');
  await sheet.setContent(
    `<!doctype html><html><head><style>body{margin:0;font:14px/1.4 system-ui,sans-serif;background:#f6f8fa;display:inline-block}h1{font-size:16px;margin:12px 12px 0}p{margin:4px 12px 0;color:#57606a}.row{display:flex;gap:12px;padding:12px;align-items:flex-start}figure{margin:0;background:#fff;border:1px solid #d0d7de}figcaption{padding:6px 10px;font-weight:600;border-bottom:1px solid #d0d7de}img{display:block}</style></head><body><h1>${escapeHtml(address)}</h1>${note ? `<p>${escapeHtml(note)}</p>` : ''}<div class="row">${figures}</div></body></html>`,
    { waitUntil: 'load' },
  );
  return sheet.locator('body').screenshot();
}

function slug(address: string): string {
  const name = address.replace(/^\/+|\/+$/g, '').replace(/[^A-Za-z0-9._-]+/g, '--');
  return name === '' ? 'index' : name;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const MEDIA_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css',
  js: 'text/javascript',
  svg: 'image/svg+xml',
  png: 'image/png',
  json: 'application/json',
};

function mediaTypeOf(file: string): string {
  return MEDIA_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'text/plain; charset=utf-8';
}
