// The boundaries guard reads what is published: method-plus-path claims of an interface the contract does not
// publish are caught in visible text, in HTML comments (which are never published, but are guarded like text) and
// in the built files.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_DIR } from '../../../generator/build/files/project-paths.js';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import { loadModel } from '../../../generator/build/project.js';
import { treeValidators } from '../../../generator/build/validate/tree-validators.js';
import { ArtifactSet } from '../../../generator/build/registry/types.js';
import { appendLines, buildHostile, expectNoStackTrace } from '../../helpers/hostile.js';
import { type Loaded, loadShipped } from '../../helpers/pages.js';

const CLAIM = 'POST /api/v1/webhooks registers a webhook; Idempotency-Key supported.';

describe('a method-plus-path claim of an unpublished interface', () => {
  it('in visible text: the build fails at its line', async () => {
    let lines: number[] = [];
    const result = await buildHostile(async (dir) => {
      lines = await appendLines(join(dir, 'pages/docs/errors.md'), [CLAIM]);
    });
    expect(result.failed).toBe(true);
    const found = result.messages.filter((m) => m.ruleId === 'unknown-endpoint');
    expect(found).toMatchObject([{ file: 'content/pages/docs/errors.md', line: lines[0], column: 1 }]);
    expect(result.messages.map((m) => m.ruleId)).toContain('unpublished-interface');
    expectNoStackTrace(result.report);
  });

  it('in an HTML comment: the build fails at its line as well (a note is one edit from publication)', async () => {
    let lines: number[] = [];
    const result = await buildHostile(async (dir) => {
      lines = await appendLines(join(dir, 'pages/docs/errors.md'), [`<!-- ${CLAIM} -->`]);
    });
    expect(result.failed).toBe(true);
    expect(result.messages.filter((m) => m.ruleId === 'unknown-endpoint')).toMatchObject([
      { file: 'content/pages/docs/errors.md', line: lines[0] },
    ]);
  });

  it('a harmless comment is left out of the page, its twin and llms-full.txt', async () => {
    const result = await buildHostile(async (dir) => {
      await appendLines(join(dir, 'pages/docs/errors.md'), ['<!-- Editor note: recheck this table each release. -->']);
    });
    expect(result.messages).toEqual([]);
    for (const file of ['docs/errors.html', 'docs/errors.md', 'llms-full.txt']) {
      expect(await result.published(file), file).not.toContain('Editor note');
    }
  });
});

describe('method-plus-path claims in the content', () => {
  let root: string;
  let copies = 0;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'guard-method-'));
    return () => rm(root, { recursive: true, force: true });
  });

  async function loadEdited(file: string, edit: (text: string) => string) {
    const dir = join(root, `c${copies++}`, 'content');
    await cp(DEFAULT_CONTENT_DIR, dir, { recursive: true });
    await writeFile(join(dir, file), edit(await readFile(join(dir, file), 'utf8')));
    const diagnostics = new Diagnostics();
    await loadModel({ contentDir: dir, env: 'production' }, diagnostics);
    return diagnostics.list();
  }
  const append = (text: string) => (t: string) => `${t.trimEnd()}\n\n${text}\n`;

  const caught: [string, string, (t: string) => string][] = [
    ['DELETE with a template', 'pages/docs.md', append('DELETE /api/v1/members/{id} removes a member.')],
    ['a method in code', 'pages/docs.md', append('Call `PATCH /api/v1/orders/123` to update an order.')],
    ['GET of an invented list', 'pages/docs.md', append('GET /api/v1/members lists the members.')],
    ['a list item', 'pages/docs.md', append('Endpoints:\n\n- PUT /api/v1/products/{id}')],
    [
      'a table row',
      'pages/docs.md',
      append('The calls:\n\n| Call | Does |\n| - | - |\n| `POST /api/v1/checkout` | pays |'),
    ],
    ['a heading', 'pages/docs.md', append('## POST /api/v1/payments\n\nThe payment call.')],
    [
      'a YAML value',
      'errors.yaml',
      (t) => t.replace('have this shape.', 'have this shape. Send POST /api/v1/refunds to refund an order.'),
    ],
    ['an inflected term', 'pages/docs.md', append('The service registers a webhook for each order.')],
  ];
  for (const [name, file, edit] of caught) {
    it(`catches ${name}`, async () => {
      const messages = await loadEdited(file, edit);
      expect(messages.length).toBeGreaterThanOrEqual(1);
      expect(messages.map((m) => m.ruleId).some((r) => r === 'unknown-endpoint' || r === 'unpublished-interface')).toBe(
        true,
      );
    });
  }

  const passed: [string, string][] = [
    ['a negated claim', '`POST /api/v1/webhooks` is not published; no webhook endpoint exists.'],
    ['the contract call', 'POST /api/v1/communities/plans/prices returns the plan prices.'],
    ['a site path', 'GET /llms.txt returns the root index; GET /docs/errors.md the twin.'],
    ['the discovery metadata', 'GET /.well-known/oauth-protected-resource describes the MCP server.'],
  ];
  for (const [name, text] of passed) {
    it(`passes ${name}`, async () => {
      expect(await loadEdited('pages/docs.md', append(text))).toEqual([]);
    });
  }
});

describe('method-plus-path claims in the built files', () => {
  let loaded: Loaded;
  beforeAll(async () => {
    loaded = await loadShipped();
  }, 60_000);

  it('a claim in a built twin is reported at its place in dist/', () => {
    const entry = loaded.registry.get('/docs/errors.md')!;
    const artifacts = new ArtifactSet();
    for (const e of loaded.registry.entries) artifacts.set({ entry: e, body: '' });
    artifacts.set({ entry, body: `# Errors\n\nIntro.\n\n${CLAIM}\n` });
    const diagnostics = new Diagnostics();
    const context = {
      model: loaded.model,
      registry: loaded.registry,
      diagnostics,
      artifacts,
      displayPath: (e: { file: string }) => `dist/${e.file}`,
    };
    for (const validator of treeValidators) validator(context);
    expect(diagnostics.list().filter((m) => m.ruleId === 'unknown-endpoint')).toMatchObject([
      { file: 'dist/docs/errors.md', line: 5, column: 1 },
    ]);
  });
});
