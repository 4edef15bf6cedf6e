// Child process: the write floor of a build. Reads a built tree (the site's folder and the other hosts' folders) and
// writes every file of it into a new folder, with its folders, as the build's writer does; nothing else.
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { from: { type: 'string', multiple: true }, out: { type: 'string' } } });
if (!values.from?.length || !values.out) throw new Error('usage: write-floor.ts --from DIR [--from DIR…] --out DIR');
const out = values.out;
rmSync(out, { recursive: true, force: true });

const files: { rel: string; body: Buffer }[] = [];
values.from.forEach((from, i) => {
  for (const rel of readdirSync(from, { recursive: true, encoding: 'utf8' })) {
    if (statSync(join(from, rel)).isFile())
      files.push({ rel: join(String(i), rel), body: readFileSync(join(from, rel)) });
  }
});
for (const dir of new Set(files.map(({ rel }) => dirname(join(out, rel))))) mkdirSync(dir, { recursive: true });
for (const { rel, body } of files) writeFileSync(join(out, rel), body);
