// `npm run new -- <section|page> <slug>`: scaffolds a page or a section, and says what to edit next.
// `--help` and usage mistakes load nothing but this file and the argument reader.
import { resolve } from 'node:path';
import { DEFAULT_CONTENT_DIR } from '../../build/files/project-paths.js';
import { whenCompiled } from '../compile/freshness.js';
import type { NewKind } from '../scaffold/new-page.js';
import { parseCommandLine, usageMistake, runCommand } from './args.js';

const HELP = `Usage: npm run new -- <page|section> <slug> [--content DIR]

Scaffolds a page so that the content still builds, then says what to edit next:
  page <name>            a top-level page: content/pages/<name>.md, its resources (/<name>, /<name>.md)
                         in content/discovery-resources.yaml and its route family in content/public-pages.yaml
  page <section>/<name>  a sub-page: content/pages/<section>/<name>.md, listed last in its section (order)
  section <name>         a section: its page (listing its sub-pages), those resources, its llms index
                         (/<name>/llms.txt) and the route families of the page and of its sub-pages

Names are lower-case letters, digits and hyphens. Nothing is written if the result would not build.

Exit codes: 0 written, 1 refused (the page exists, no such section, the content does not load), 2 usage error.`;

const KINDS: readonly string[] = ['page', 'section'] satisfies NewKind[];

async function main(): Promise<number> {
  await whenCompiled();
  let values;
  let positionals;
  try {
    ({ values, positionals } = parseCommandLine({
      allowPositionals: true,
      options: { content: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
    }));
  } catch (error) {
    return usageMistake(error, HELP);
  }
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const [kind, slug, ...rest] = positionals;
  if (kind === undefined || slug === undefined)
    return usage('Say what to make and its name: page <name> or section <name>.');
  if (!KINDS.includes(kind)) return usage(`"${kind}" is neither page nor section.`);
  if (rest.length > 0) return usage(`One name at a time: "${rest.join(' ')}" is left over.`);
  const contentDir = values.content ? resolve(values.content) : DEFAULT_CONTENT_DIR;
  const { newPage, ScaffoldError } = await import('../scaffold/new-page.js');
  try {
    const result = await newPage({ kind: kind as NewKind, slug, contentDir });
    const shown = values.content ?? 'content';
    for (const file of result.created) process.stdout.write(`Created ${shown}/${file}\n`);
    for (const file of result.edited) process.stdout.write(`Added ${result.path} to ${shown}/${file}\n`);
    process.stdout.write(`\nNext:\n${result.next.map((step) => `  - ${step}`).join('\n')}\n`);
    return 0;
  } catch (error) {
    if (error instanceof ScaffoldError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

function usage(problem: string): number {
  return usageMistake(problem, HELP);
}

runCommand(main);
