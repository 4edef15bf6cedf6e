// The editor's loop in a real browser: edit → the page reloads with the change; break → overlay; fix → recovery.
import { readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../../generator/tools/dev/dev-server.js';
import { launchChromium } from '../../../generator/tools/report/chromium.js';
import { copyContent, type TempContent } from '../../helpers/temp-content.js';

const CHROMIUM = '/usr/bin/chromium';
const LONG = 180_000;

let content: TempContent;
let server: DevServer;
let browser: Browser;
let page: Page;

/** Polls until `probe` holds; builds on a loaded 2-core machine take seconds, so only the overall limit is generous. */
async function until(probe: () => Promise<boolean>, what: string, timeout = LONG): Promise<void> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

// biome-ignore lint/performance/useDomNodeTextContent: the text a person sees (hidden elements left out) is what is asserted.
const bodyText = () => page.evaluate(() => document.body.innerText);
// biome-ignore lint/performance/useDomNodeTextContent: as above, the overlay's visible text.
const overlayText = () => page.evaluate(() => document.getElementById('__dev-overlay')?.innerText ?? '');

describe.skipIf(!existsSync(CHROMIUM))('npm run dev in a real browser', () => {
  beforeAll(async () => {
    content = await copyContent('dev-');
    server = await startDevServer({
      contentDir: content.contentDir,
      schemaDir: content.schemaDir,
      ports: { base_url: 0, api_url: 0, mcp_url: 0, auth_url: 0 },
      outDir: join(content.root, 'dist-preview'),
    });
    browser = await launchChromium(CHROMIUM);
    page = await browser.newPage();
  }, LONG);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await content?.remove();
  });

  it(
    'reloads on an edit, shows a content error over the page while serving the last good build, and recovers',
    async () => {
      expect(server.session.current?.id).toBe(1);
      const helpPage = `${server.addresses.base_url}/help`;
      await page.goto(helpPage);
      await until(async () => server.pages() === 1, 'the page to listen for reloads');

      // An edit: the open page reloads by itself and shows it.
      const file = join(content.contentDir, 'pages', 'help.md');
      const original = await readFile(file, 'utf8');
      await writeFile(file, `${original}\n\nFirst marker paragraph from the dev test.\n`);
      await until(
        async () => (await bodyText()).includes('First marker paragraph from the dev test.'),
        'the reload with the edit',
      );
      // dist-preview/ is written once the background completion of the edit has passed.
      await server.session.idle();
      const written = await readFile(join(content.root, 'dist-preview', 'help.html'), 'utf8');
      expect(written).toContain('First marker paragraph from the dev test.');
      expect(written).not.toContain('__dev');

      // A broken front matter: an overlay names the file and line; the last good build is still served.
      await writeFile(file, original.replace(/^title:.*$/m, 'title: [unclosed'));
      await until(async () => (await overlayText()).includes('content/pages/help.md:'), 'the overlay');
      expect(await overlayText()).toMatch(/content\/pages\/help\.md:\d+(:\d+)?\n/);
      const stillServed = await fetch(helpPage);
      expect(stillServed.status).toBe(200);
      expect(await stillServed.text()).toContain('First marker paragraph from the dev test.');
      // A page opened now shows the overlay at once.
      const second = await browser.newPage();
      await second.goto(helpPage);
      await until(
        async () => await second.evaluate(() => !!document.getElementById('__dev-overlay')),
        'the overlay on a new page',
      );
      await second.close();

      // Fixed: the overlay goes, the page reloads with the new text.
      await writeFile(file, `${original}\n\nSecond marker paragraph after the fix.\n`);
      await until(async () => (await bodyText()).includes('Second marker paragraph after the fix.'), 'the recovery');
      expect(await overlayText()).toBe('');
      expect(server.session.problems).toEqual([]);
    },
    LONG * 3,
  );
});
