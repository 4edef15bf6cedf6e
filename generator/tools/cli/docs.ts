// `npm run docs`: writes the README's generated parts (the rule reference, from the rule catalog).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../../build/files/project-paths.js';
import { whenCompiled } from '../compile/freshness.js';

const HELP = `Usage: npm run docs [-- --check]

Writes the README's rule reference from generator/build/messages/rules.ts.
  --check   write nothing; exit 1 when the README is not up to date`;

async function main(): Promise<number> {
  await whenCompiled();
  const { values } = parseArgs({
    options: {
      check: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const { withRuleReference } = await import('../../build/messages/rule-reference.js');
  const file = join(PROJECT_ROOT, 'README.md');
  const readme = await readFile(file, 'utf8');
  const next = withRuleReference(readme);
  if (next === readme) {
    process.stdout.write('README.md is up to date.\n');
    return 0;
  }
  if (values.check) {
    process.stderr.write('README.md is out of date: run `npm run docs`.\n');
    return 1;
  }
  await writeFile(file, next);
  process.stdout.write('README.md: rule reference written.\n');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`docs: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
