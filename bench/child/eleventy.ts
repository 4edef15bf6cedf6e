// Child process: Eleventy 3 builds the same synthetic pages to HTML (the reference generator), timed.
import { parseArgs } from 'node:util';
// @ts-expect-error Eleventy ships no type declarations.
import Eleventy from '@11ty/eleventy';
import { writeEleventyInput } from '../synthetic/eleventy-input.js';
import { printReport } from './report.js';

const { values } = parseArgs({ options: { pages: { type: 'string' }, work: { type: 'string' } } });
if (!values.pages || !values.work) throw new Error('usage: eleventy.ts --pages DIR --work DIR');

const { input, output, config } = await writeEleventyInput(values.pages, values.work);

const started = performance.now();
const eleventy = new Eleventy(input, output, { quietMode: true, configPath: config });
const written = (await eleventy.write()) as unknown;
const ms = performance.now() - started;
const files = Array.isArray(written) ? written.flat(Infinity).length : undefined;
printReport({ ms, ok: true, files });
