// Fuzzing the loader and the render stage: random Markdown (with front matter) and random YAML, built from the
// fragments hostile input is made of, never make them throw, print a stack trace or run past their budget. Seeded,
// so a failure is reproduced by its seed; bounded in runs and in time.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { guardContent } from '../../../generator/build/boundaries/content-guard.js';
import { readContentYaml, readPageFile } from '../../../generator/build/content/load.js';
import { ContentSchemas } from '../../../generator/build/content/schema-check.js';
import { CONTENT_SCHEMA_DIR } from '../../../generator/build/files/project-paths.js';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import { RULES } from '../../../generator/build/messages/rules.js';
import { renderTexts } from '../../../generator/build/render/render-page.js';
import { type Loaded, loadShipped } from '../../helpers/pages.js';

const SEED = 20_261_124;
/** Runs per property, and the wall time after which fast-check stops early (a busy machine runs fewer). */
const RUNS = 250;
const TIME_LIMIT_MS = 6_000;
/** A small budget for each render: the fuzz must not wait out a slow case, only see that it is stopped. */
const RENDER_BUDGET_MS = 2_000;

let loaded: Loaded;
let schemas: ContentSchemas;
beforeAll(async () => {
  loaded = await loadShipped();
  schemas = new ContentSchemas(CONTENT_SCHEMA_DIR);
}, 60_000);

const MARKDOWN_PIECES = [
  '>',
  '> ',
  '- ',
  '* ',
  '+ ',
  '1. ',
  '1) ',
  '  ',
  '    ',
  '\t',
  '\n',
  '\n\n',
  '\r\n',
  '\r',
  '[',
  ']',
  '(',
  ')',
  '![',
  '<',
  '>',
  '</',
  '<script>',
  '<img src=x onerror=alert(1)>',
  '<!--',
  '-->',
  '<![CDATA[',
  '<?',
  '```',
  '~~~',
  ':::note',
  ':::',
  '::controls',
  '::scopes',
  '::section-pages{section="x"}',
  ':service-name',
  ':x[',
  '{',
  '}',
  '&#106;',
  '&amp;',
  '&colon;',
  '&#0;',
  '&#x110000;',
  'javascript:',
  'JaVaScRiPt:',
  'data:text/html,',
  'vbscript:',
  'mailto:',
  'https://a.example',
  '//evil.example',
  '`',
  '``',
  '*',
  '**',
  '_',
  '~~',
  '|',
  '| - |',
  '---',
  '===',
  '#',
  '## ',
  '\\',
  '\u0000',
  '\u001b',
  '\uFEFF',
  '\u2028',
  'é',
  '𝒳',
  '{base_url}',
  '{nope}',
  '[r]: ',
  '[^1]',
  'www.',
  'a@b.co',
  'POST /api/v1/webhooks',
  'seller API',
  'not ',
  'word',
  'list_members',
  'create_member',
  ' ',
  '.',
  ',',
  ';',
  ':',
  '"',
  "'",
  '%6A',
  '\\[',
  '\\<',
];
const YAML_PIECES = [
  'title: ',
  'description: ',
  'order: ',
  'x: ',
  'a: ',
  '- ',
  '? ',
  ': ',
  '&a ',
  '*a',
  '&b ',
  '*b',
  '<<: ',
  '[',
  ']',
  '{',
  '}',
  ',',
  '"',
  "'",
  '|',
  '>',
  '!!binary ',
  '!!str ',
  '!custom ',
  '!!js/function ',
  '#',
  '---',
  '...',
  '%YAML 1.2',
  '\n',
  '  ',
  '\t',
  '\r\n',
  '\u0000',
  '\uFEFF',
  'null',
  '~',
  'true',
  '1e999',
  '0x1F',
  '-.inf',
  'é',
  'word',
  ' ',
  '@',
  '`',
  '\\',
];

const pieces = (list: string[], max: number) =>
  fc.array(fc.oneof(fc.constantFrom(...list), fc.string({ maxLength: 6 })), { maxLength: max }).map((p) => p.join(''));

const markdown = pieces(MARKDOWN_PIECES, 60);
const yaml = pieces(YAML_PIECES, 40);
/** Front matter: a valid title and description most of the time (so the body is rendered), random YAML besides. */
const frontMatter = fc.oneof(
  yaml,
  yaml.map((extra) => `title: Fuzzed page\ndescription: A page made by the fuzz test.\norder: 1\n${extra}`),
);
const pageText = fc.tuple(frontMatter, markdown).map(([front, body]) => `---\n${front}\n---\n\n${body}\n`);

/** What a message must always be: a catalog rule id, a place in content/, and words rather than a stack trace. */
function expectCleanMessages(diagnostics: Diagnostics): void {
  for (const message of diagnostics.list()) {
    expect(Object.hasOwn(RULES, message.ruleId), message.ruleId).toBe(true);
    expect(message.file.startsWith('content/')).toBe(true);
    expect(message.reason).not.toMatch(/\n\s+at \S|ReferenceError|RangeError|TypeError|Maximum call stack/);
  }
}

describe('fuzzing the loader and the render stage', () => {
  it('random pages (front matter and Markdown) load, pass the guard and render without an exception', () => {
    fc.assert(
      fc.property(pageText, (text) => {
        const diagnostics = new Diagnostics();
        const bytes = new TextEncoder().encode(text);
        const page = readPageFile('help/fuzzed.md', 'content/pages/help/fuzzed.md', bytes, schemas, diagnostics);
        if (page) {
          guardContent({ sources: [], pages: [page] }, loaded.model, diagnostics);
          const context = loaded.context();
          renderTexts(page, context, { timeBudgetMs: RENDER_BUDGET_MS });
          diagnostics.merge(context.diagnostics);
        }
        expectCleanMessages(diagnostics);
      }),
      { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS },
    );
  });

  it('random content YAML loads or is refused with a message, never an exception', () => {
    fc.assert(
      fc.property(yaml, fc.constantFrom('service', 'errors', 'boundaries', 'discovery-resources'), (text, name) => {
        const diagnostics = new Diagnostics();
        const file = `content/${name}.yaml`;
        const source = readContentYaml(
          name,
          new TextEncoder().encode(text),
          file,
          schemas,
          diagnostics,
          RENDER_BUDGET_MS,
        );
        if (source) guardContent({ sources: [source], pages: [] }, loaded.model, diagnostics);
        expectCleanMessages(diagnostics);
      }),
      { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS },
    );
  });

  it('random bytes as a page are read or refused with a message', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const diagnostics = new Diagnostics();
        const framed = new Uint8Array([...new TextEncoder().encode('---\ntitle: T\ndescription: D.\n---\n'), ...bytes]);
        readPageFile('help/bytes.md', 'content/pages/help/bytes.md', framed, schemas, diagnostics);
        expectCleanMessages(diagnostics);
      }),
      { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS },
    );
  });
});
