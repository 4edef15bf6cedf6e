// What Eleventy builds in the benchmark: a copy of the pages with a minimal HTML layout (so that, like ours, it
// writes whole documents) and one config file, used both by the timed API run and by the whole-process run.
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

export interface EleventyInput {
  input: string;
  output: string;
  /** The config file (`--config` of the command, `configPath` of the API). */
  config: string;
}

const LAYOUT =
  '<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>{{ title }}</title>' +
  '<meta name="description" content="{{ description }}"></head>\n<body>\n<main>\n{{ content }}\n</main>\n</body>\n</html>\n';

// The pages hold no template code; skipping the Liquid pass over Markdown favours Eleventy, not us.
const CONFIG = `module.exports = function (config) {
  config.setQuietMode(true);
  return { markdownTemplateEngine: false, htmlTemplateEngine: 'liquid' };
};
`;

/** Writes Eleventy's input for the Markdown pages under `pagesDir` into `workDir` (emptied first). */
export async function writeEleventyInput(pagesDir: string, workDir: string): Promise<EleventyInput> {
  const input = join(workDir, 'input');
  const output = join(workDir, 'output');
  const config = join(workDir, 'eleventy.config.cjs');
  await rm(workDir, { recursive: true, force: true });
  await cp(pagesDir, input, { recursive: true });
  await mkdir(join(input, '_includes'), { recursive: true });
  await writeFile(join(input, '_includes', 'page.liquid'), LAYOUT);
  await writeFile(join(input, `${basename(input)}.json`), JSON.stringify({ layout: 'page.liquid' }));
  await writeFile(config, CONFIG);
  return { input, output, config };
}
