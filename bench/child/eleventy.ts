// Child process: Eleventy 3 builds the same synthetic pages to HTML (the reference generator), timed.
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
// @ts-expect-error Eleventy ships no type declarations.
import Eleventy from '@11ty/eleventy';
import { printReport } from './report.js';

const { values } = parseArgs({ options: { pages: { type: 'string' }, work: { type: 'string' } } });
if (!values.pages || !values.work) throw new Error('usage: eleventy.ts --pages DIR --work DIR');

// Eleventy gets its own copy of the pages with a minimal HTML layout, so that, like ours, it writes whole documents.
const input = join(values.work, 'input');
const output = join(values.work, 'output');
await rm(values.work, { recursive: true, force: true });
await cp(values.pages, input, { recursive: true });
await mkdir(join(input, '_includes'), { recursive: true });
await writeFile(
  join(input, '_includes', 'page.liquid'),
  '<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>{{ title }}</title>' +
    '<meta name="description" content="{{ description }}"></head>\n<body>\n<main>\n{{ content }}\n</main>\n</body>\n</html>\n',
);
await writeFile(join(input, `${input.split('/').pop()}.json`), JSON.stringify({ layout: 'page.liquid' }));

const started = performance.now();
const eleventy = new Eleventy(input, output, {
  quietMode: true,
  config(config: { setQuietMode(q: boolean): void }) {
    config.setQuietMode(true);
    // The synthetic pages hold no template code; skipping the Liquid pass over Markdown favours Eleventy, not us.
    return { markdownTemplateEngine: false, htmlTemplateEngine: 'liquid' };
  },
});
const written = (await eleventy.write()) as unknown;
const ms = performance.now() - started;
const files = Array.isArray(written) ? written.flat(Infinity).length : undefined;
printReport({ ms, ok: true, files });
