// The theme in a real browser: every HTML page in Debian's Chromium at 1280 px and 375 px, light and dark, checked
// by axe-core (WCAG 2.1 AA and best practices) with no page wider than the window and nothing fetched from another
// origin, and no page wider than 360 px; and the same check failing on a page whose contrast or landmarks are broken
// on purpose.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../../generator/build/files/project-paths.js';
import { runPipeline } from '../../../../generator/build/pipeline.js';
import type { ArtifactSet, RegistryEntry } from '../../../../generator/build/registry/types.js';
import type { Registry } from '../../../../generator/build/registry/registry.js';
import { DEFAULT_CHROMIUM, launchChromium } from '../../../../generator/tools/report/chromium.js';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const WIDTHS = [1280, 375] as const;
/** The narrowest window the theme is made for: every page fits it without scrolling sideways. */
const NARROWEST = 360;
const SCHEMES = ['light', 'dark'] as const;
const LONG = 300_000;
/** The pictures the README shows, made by this test when WRITE_README_IMAGES is set. */
const README_PICTURES = ['/', '/mcp', '/docs/authentication'];

interface Site {
  origin: string;
  files: Map<string, { body: string | Uint8Array; type: string }>;
  pages: RegistryEntry[];
}

let site: Site;
let browser: Browser;

/** The built site as the browser gets it: each file at its path, nothing from anywhere else. */
function siteOf(registry: Registry, artifacts: ArtifactSet): Site {
  const files = new Map<string, { body: string | Uint8Array; type: string }>();
  for (const artifact of artifacts.values()) {
    const { entry } = artifact;
    if (entry.host !== 'site' || entry.dataFor) continue;
    files.set(entry.path, { body: artifact.body, type: entry.mediaType });
  }
  const origin = new URL(registry.addresses.base_url).origin;
  return { origin, files, pages: registry.ofKind('html-page').filter((e) => e.host === 'site') };
}

/** A browser context that answers every request from the site's files (changed by `edit`) and refuses the rest. */
async function contextFor(
  width: number,
  scheme: 'light' | 'dark',
  foreign: string[],
  edit: (path: string, body: string) => string = (_, body) => body,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme: scheme });
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    const file = url.origin === site.origin ? site.files.get(url.pathname) : undefined;
    if (!file) {
      if (url.origin !== site.origin) foreign.push(url.href);
      return route.fulfill({ status: 404, body: '' });
    }
    const body = typeof file.body === 'string' ? edit(url.pathname, file.body) : Buffer.from(file.body);
    return route.fulfill({ status: 200, body, contentType: file.type });
  });
  return context;
}

/** What is wrong with a page: axe's violations (rule and first target), and a page wider than the window. */
async function problemsOf(context: BrowserContext, path: string): Promise<string[]> {
  const page = await context.newPage();
  try {
    await page.goto(`${site.origin}${path}`, { waitUntil: 'load' });
    await page.addScriptTag({ content: AXE });
    const result = await page.evaluate(async (tags) => {
      const axe = (window as unknown as { axe: { run(...args: unknown[]): Promise<AxeResult> } }).axe;
      const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
      return {
        violations: violations.map((v) => `${v.id} at ${v.nodes[0]?.target.join(' ') ?? '?'} (${v.nodes.length})`),
        scrollWidth: document.documentElement.scrollWidth,
        width: window.innerWidth,
      };
    }, TAGS);
    const problems = result.violations;
    if (result.scrollWidth > result.width) problems.push(`page ${result.scrollWidth} px wide in ${result.width} px`);
    return problems;
  } finally {
    await page.close();
  }
}

interface AxeResult {
  violations: { id: string; nodes: { target: string[] }[] }[];
}

describe.skipIf(!existsSync(DEFAULT_CHROMIUM))('the theme in Chromium (axe-core, WCAG 2.1 AA)', () => {
  beforeAll(async () => {
    const result = await runPipeline({ env: 'production' });
    if (!result.registry || !result.artifacts) throw new Error(result.diagnostics.report());
    site = siteOf(result.registry, result.artifacts);
    browser = await launchChromium();
  }, LONG);

  afterAll(async () => {
    await browser?.close();
  });

  it(
    'finds no violation and no page wider than the window, on every page, at both widths, in both schemes',
    async () => {
      expect(site.pages.length).toBeGreaterThan(10);
      const problems: string[] = [];
      const foreign: string[] = [];
      for (const scheme of SCHEMES) {
        for (const width of WIDTHS) {
          const context = await contextFor(width, scheme, foreign);
          for (const page of site.pages) {
            for (const problem of await problemsOf(context, page.path)) {
              problems.push(`${page.path} at ${width} px, ${scheme}: ${problem}`);
            }
          }
          await context.close();
        }
      }
      expect(problems).toEqual([]);
      expect(foreign).toEqual([]);
    },
    LONG,
  );

  it(
    'fits every page in 360 px, the narrowest window the theme is made for (wide tables and code scroll on their own)',
    async () => {
      const wide: string[] = [];
      const context = await contextFor(NARROWEST, 'light', []);
      const page = await context.newPage();
      for (const { path } of site.pages) {
        await page.goto(`${site.origin}${path}`, { waitUntil: 'load' });
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > NARROWEST) wide.push(`${path}: ${width} px`);
      }
      await context.close();
      expect(wide).toEqual([]);
    },
    LONG,
  );

  it(
    'fails a page whose text colour lacks contrast, in the dark scheme',
    async () => {
      const context = await contextFor(1280, 'dark', [], (path, body) =>
        path.endsWith('.css') ? body.replace(/--text: #[0-9a-f]{6};/g, '--text: #3a4048;') : body,
      );
      const problems = await problemsOf(context, '/docs/authentication');
      await context.close();
      expect(problems.some((p) => p.startsWith('color-contrast '))).toBe(true);
    },
    LONG,
  );

  it(
    'fails a page without its main landmark, and a page wider than a phone',
    async () => {
      const context = await contextFor(375, 'light', [], (path, body) =>
        path === '/mcp'
          ? body
              .replace(/<main /, '<div ')
              .replace('</main>', '</div>')
              .replace('</h1>', '</h1><p style="width:600px">Wide.</p>')
          : body,
      );
      const problems = await problemsOf(context, '/mcp');
      await context.close();
      expect(problems.some((p) => p.startsWith('landmark-one-main '))).toBe(true);
      expect(problems.some((p) => /^page \d+ px wide in 375 px$/.test(p))).toBe(true);
    },
    LONG,
  );

  it.skipIf(!process.env.WRITE_README_IMAGES)(
    'writes the README pictures: three pages, both widths, both schemes',
    async () => {
      const folder = join(PROJECT_ROOT, 'docs', 'images');
      await mkdir(folder, { recursive: true });
      for (const path of README_PICTURES) {
        const shots: { src: string; width: number; scheme: string }[] = [];
        for (const width of WIDTHS) {
          for (const scheme of SCHEMES) {
            const context = await contextFor(width, scheme, []);
            const page = await context.newPage();
            await page.setViewportSize({ width, height: width > 400 ? 800 : 740 });
            await page.goto(`${site.origin}${path}`);
            const png = await page.screenshot();
            shots.push({ src: `data:image/png;base64,${png.toString('base64')}`, width, scheme });
            await context.close();
          }
        }
        // One picture per page: the four shots side by side, the wide ones at half size.
        const sheet = await browser.newPage({ viewport: { width: 2000, height: 700 } });
        const figures = shots
          .map((s) => `<img src="${s.src}" width="${s.width > 400 ? s.width / 2 : s.width / 1.25}" alt="">`)
          .join('');
        await sheet.setContent(
          `<body style="margin:0;background:#888;display:inline-flex;gap:8px;padding:8px;align-items:flex-start">${figures}</body>`,
        );
        await sheet.evaluate(() => Promise.all([...document.images].map((image) => image.decode())));
        const box = await sheet.locator('body').boundingBox();
        const name = path === '/' ? 'home' : path.slice(1).replace(/\//g, '-');
        await writeFile(
          join(folder, `theme-${name}.png`),
          await sheet.screenshot({ clip: { x: 0, y: 0, width: box!.width, height: box!.height } }),
        );
        await sheet.close();
      }
    },
    LONG,
  );
});
