// Before/after pictures of a changed page in headless Chromium, and the browsable copy clicked through in it.
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../generator/build/pipeline.js';
import { PROJECT_ROOT } from '../../../generator/build/files/project-paths.js';
import { launchChromium } from '../../../generator/tools/report/chromium.js';
import { REPORT_FILES, writeReportFolder } from '../../../generator/tools/report/report-folder.js';
import { compareWithBase, type CheckRun } from '../../../generator/tools/report/run-check.js';
import { copyContent, type TempContent } from '../../helpers/temp-content.js';

const CHROMIUM = '/usr/bin/chromium';
const LONG = 180_000;
/** The picture the README shows, made by this test when WRITE_README_IMAGES is set. */
const README_IMAGE = join(PROJECT_ROOT, 'docs', 'images', 'check-before-after.png');

let content: TempContent;
let run: CheckRun;
let dir: string;
let markdown: string;
let browser: Browser;

describe.skipIf(!existsSync(CHROMIUM))('pictures of the changed pages (the real generator, Chromium)', () => {
  beforeAll(async () => {
    content = await copyContent('report-pictures-');
    const options = {
      env: 'production' as const,
      repoDir: content.root,
      contentDir: content.contentDir,
      schemaDir: content.schemaDir,
    };
    const base = join(content.root, 'base-dist');
    expect((await build({ ...options, outDir: base })).diagnostics.hasErrors).toBe(false);
    const help = join(content.contentDir, 'pages', 'help.md');
    await writeFile(help, (await readFile(help, 'utf8')).replace('that come up most', 'people and agents ask most'));
    run = await compareWithBase({ ...options, base });
    dir = join(content.root, 'check-report');
    markdown = await writeReportFolder(run, dir, { screenshots: 12, chromium: CHROMIUM });
    browser = await launchChromium(CHROMIUM);
  }, LONG);

  afterAll(async () => {
    await browser?.close();
    await content?.remove();
  });

  it('takes a before/after picture of the changed page, the changed paragraph outlined on each side', async () => {
    expect(markdown).toContain('[`/help`](screenshots/help.png)');
    const picture = join(dir, 'screenshots', 'help.png');
    const png = await readFile(picture);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    if (process.env.WRITE_README_IMAGES) {
      await mkdir(join(README_IMAGE, '..'), { recursive: true });
      await copyFile(picture, README_IMAGE);
    }
    // The outlines are drawn: count the pixels of each side's colour in the picture.
    const page = await browser.newPage();
    const counts = await page.evaluate(async (data) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, image.width, image.height).data;
      const near = (i: number, [r, g, b]: number[]) =>
        Math.abs(pixels[i]! - r!) + Math.abs(pixels[i + 1]! - g!) + Math.abs(pixels[i + 2]! - b!) < 30;
      let red = 0;
      let green = 0;
      for (let i = 0; i < pixels.length; i += 4) {
        if (near(i, [0xcf, 0x22, 0x2e])) red++;
        if (near(i, [0x1a, 0x7f, 0x37])) green++;
      }
      return { red, green, width: image.width };
    }, png.toString('base64'));
    await page.close();
    expect(counts.width).toBeGreaterThan(1000);
    expect(counts.red).toBeGreaterThan(500);
    expect(counts.green).toBeGreaterThan(500);
  });

  it('writes the chart and the annotations beside the report', async () => {
    expect(markdown).toContain(`](${REPORT_FILES.chart})`);
    expect(await readFile(join(dir, REPORT_FILES.chart), 'utf8')).toMatch(/^<svg /);
    expect(await readFile(join(dir, REPORT_FILES.annotations), 'utf8')).toBe('');
    expect(await readFile(join(dir, REPORT_FILES.markdown), 'utf8')).toBe(markdown);
  });

  it('writes a copy of the head a browser opens from the folder, its links between pages working', async () => {
    expect(markdown).toContain('open `preview/help.html`');
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(dir, REPORT_FILES.preview, 'help.html')).href);
    expect(await page.locator('main').textContent()).toContain('people and agents ask most');
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Documentation' }).click();
    await page.waitForURL(/\/preview\/docs\.html$/);
    expect(await page.locator('h1').textContent()).toBe('Documentation');
    await page.close();
  });
});
