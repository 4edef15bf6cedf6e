// How content files are decoded: a byte-order mark and CRLF or CR line endings read as the same text; invalid UTF-8
// and control characters are errors at their line; a file name that cannot become a path is reported at its file.
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_SCHEMA_DIR } from '../../../generator/build/files/project-paths.js';
import { loadContent } from '../../../generator/build/content/load.js';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import { copyContent } from '../../helpers/content.js';
import { expectNoStackTrace } from '../../helpers/hostile.js';

let contentDir = '';
afterEach(async () => {
  if (contentDir) await rm(join(contentDir, '..'), { recursive: true, force: true });
  contentDir = '';
});

async function loadWith(file: string, bytes: (original: Buffer) => Buffer | string) {
  contentDir = await copyContent();
  const path = join(contentDir, file);
  await writeFile(path, bytes(await readFile(path)));
  const diagnostics = new Diagnostics();
  const model = await loadContent({ contentDir, schemaDir: CONTENT_SCHEMA_DIR, env: 'production' }, diagnostics);
  return { model, messages: diagnostics.list(), report: diagnostics.report() };
}

const PAGE = 'pages/docs/errors.md';
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const crlf = (b: Buffer) => b.toString('utf8').replace(/\n/g, '\r\n');

describe('line endings and byte-order marks', () => {
  it('a page with a byte-order mark reads as the same page', async () => {
    const { model, messages } = await loadWith(PAGE, (b) => Buffer.concat([BOM, b]));
    expect(messages).toEqual([]);
    expect(model!.pages.find((p) => p.id === 'docs/errors')!.title).toBe('Errors');
  });

  it('a page with CRLF line endings: order is a number, no carriage return in any field or the body', async () => {
    const { model, messages } = await loadWith(PAGE, crlf);
    expect(messages).toEqual([]);
    const page = model!.pages.find((p) => p.id === 'docs/errors')!;
    expect(page.order).toBe(3);
    expect(page.description).not.toContain('\r');
    expect(page.body).not.toContain('\r');
  });

  it('a page with CR line endings reads as the same page', async () => {
    const { model, messages } = await loadWith(PAGE, (b) => b.toString('utf8').replace(/\n/g, '\r'));
    expect(messages).toEqual([]);
    expect(model!.pages.find((p) => p.id === 'docs/errors')!.order).toBe(3);
  });

  it('a YAML file with a byte-order mark and CRLF gives the same facts', async () => {
    const { model, messages } = await loadWith('service.yaml', (b) => Buffer.concat([BOM, Buffer.from(crlf(b))]));
    expect(messages).toEqual([]);
    expect(model!.identity.name).toBe('Example Platform');
    expect(JSON.stringify(model!.identity)).not.toContain('\\r');
  });
});

describe('bytes that are not text', () => {
  const invalid: [string, number[]][] = [
    ['a lone continuation byte', [0x80]],
    ['an overlong encoding of "/"', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a sequence cut short', [0xe2, 0x82]],
    ['a byte that never occurs in UTF-8', [0xff]],
  ];
  for (const [name, bytes] of invalid) {
    it(`${name} in a page body is an error at its line and column`, async () => {
      const { messages, report } = await loadWith(PAGE, (b) => {
        const text = b.toString('utf8');
        const at = text.indexOf('For practical advice');
        return Buffer.concat([
          Buffer.from(text.slice(0, at)),
          Buffer.from('Bad: '),
          Buffer.from(bytes),
          Buffer.from(text.slice(at)),
        ]);
      });
      expect(messages).toMatchObject([{ file: `content/${PAGE}`, line: 11, column: 6, ruleId: 'invalid-utf8' }]);
      expectNoStackTrace(report);
    });
  }

  it('invalid UTF-8 in a YAML file is an error at its line', async () => {
    let line = 0;
    const { messages } = await loadWith('service.yaml', (b) => {
      const text = b.toString('utf8');
      const at = text.indexOf('Example Platform');
      line = text.slice(0, at).split('\n').length;
      return Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([0xff]), Buffer.from(text.slice(at))]);
    });
    expect(messages).toMatchObject([{ file: 'content/service.yaml', line, ruleId: 'invalid-utf8' }]);
  });

  it('a NUL byte in a page is an error at its line and column', async () => {
    const { messages } = await loadWith(PAGE, (b) => b.toString('utf8').replace('For practical', 'For \0practical'));
    expect(messages).toMatchObject([{ file: `content/${PAGE}`, line: 11, column: 5, ruleId: 'control-character' }]);
  });

  it('a bidirectional override in a page (text shown in another order than it is read) is an error at its place', async () => {
    // U+202E shows "lmth.xedni/" for "/index.html" to a person while an agent reads the characters in order.
    const { messages } = await loadWith(PAGE, (b) =>
      b.toString('utf8').replace('For practical', 'For \u202epractical'),
    );
    expect(messages).toMatchObject([{ file: `content/${PAGE}`, line: 11, column: 5, ruleId: 'control-character' }]);
    expect(messages[0]!.reason).toContain('U+202E');
    // The marks that set a direction without reordering (U+200E, U+200F) are text of right-to-left writing.
    await rm(join(contentDir, '..'), { recursive: true, force: true });
    const marks = await loadWith(PAGE, (b) => b.toString('utf8').replace('For practical', 'For \u200fpractical'));
    expect(marks.messages).toEqual([]);
  });

  it('a NUL byte in front matter and an escape character in a YAML file are errors at their lines', async () => {
    const page = await loadWith(PAGE, (b) => b.toString('utf8').replace('title: Errors', 'title: Err\0ors'));
    expect(page.messages).toMatchObject([
      { file: `content/${PAGE}`, line: 2, column: 11, ruleId: 'control-character' },
    ]);
    await rm(join(contentDir, '..'), { recursive: true, force: true });
    const yaml = await loadWith('service.yaml', (b) => `${b.toString('utf8')}# \u001b[31mred\n`);
    expect(yaml.messages).toMatchObject([{ file: 'content/service.yaml', ruleId: 'control-character' }]);
  });
});

describe('page file names', () => {
  it('a file name that cannot become a site path is reported at its file, line 1', async () => {
    contentDir = await copyContent();
    await rename(join(contentDir, PAGE), join(contentDir, 'pages/docs/Errors Page.md'));
    const diagnostics = new Diagnostics();
    await loadContent({ contentDir, schemaDir: CONTENT_SCHEMA_DIR, env: 'production' }, diagnostics);
    expect(diagnostics.list()).toMatchObject([
      { file: 'content/pages/docs/Errors Page.md', line: 1, column: 1, ruleId: 'page-name' },
    ]);
  });

  it('a discovery resource path that climbs out of the site is refused at its line', async () => {
    const { messages } = await loadWith('discovery-resources.yaml', (b) =>
      b
        .toString('utf8')
        .replace(
          'discoveryResources:\n',
          'discoveryResources:\n  - path: /../../escaped.md\n    kind: markdown\n    page: mcp\n    group: mcp\n    title: x\n    purpose: y.\n    audience: [agents]\n',
        ),
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ file: 'content/discovery-resources.yaml', ruleId: 'content-schema' });
    expect(messages[0]!.line).toBeGreaterThan(1);
  });
});
