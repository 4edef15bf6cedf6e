// Child process: the I/O floor. Reads every input page and writes as many output files as a build writes, no transform.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import fg from 'fast-glob';
import { printReport } from './report.js';

const { values } = parseArgs({
  options: { pages: { type: 'string' }, out: { type: 'string' }, files: { type: 'string' } },
});
if (!values.pages || !values.out || !values.files)
  throw new Error('usage: io-floor.ts --pages DIR --out DIR --files N');
const outputs = Number(values.files);
rmSync(values.out, { recursive: true, force: true });

const started = performance.now();
// Synchronous calls: for thousands of small files they are the fastest plain way on Linux, so the floor is honest.
const inputs = (await fg('**/*.md', { cwd: values.pages })).sort();
const bodies = inputs.map((rel) => readFileSync(join(values.pages!, rel), 'utf8'));
for (const dir of new Set(inputs.map((rel) => dirname(join(values.out!, rel))))) mkdirSync(dir, { recursive: true });
for (let i = 0; i < outputs; i++) {
  const rel = inputs[i % inputs.length]!;
  writeFileSync(join(values.out!, `${rel}.${Math.floor(i / inputs.length)}.out`), bodies[i % inputs.length]!);
}
const ms = performance.now() - started;
printReport({ ms, ok: true, files: outputs });
