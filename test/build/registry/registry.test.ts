// The registry stage: one entry per emitted file; pages, twins, sub-pages and static files derived; mistakes reported.
import { CONTENT_SCHEMA_DIR } from '../../../generator/build/files/project-paths.js';
import { rm, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../../generator/build/content/load.js';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import { buildRegistry, type KindTable } from '../../../generator/build/registry/build-registry.js';
import { fillAddresses } from '../../../generator/build/registry/registry.js';
import { copyContent, editContent } from '../../helpers/content.js';
import { everyKind } from '../../helpers/stub-kinds.js';

const schemaDir = CONTENT_SCHEMA_DIR;
let contentDir = '';
afterEach(async () => {
  if (contentDir) await rm(join(contentDir, '..'), { recursive: true, force: true });
  contentDir = '';
});

/** A kind table of stand-ins that derive nothing, so the registry stage can be tested on its own. */
const emit = () => '';
const anyKinds = () =>
  everyKind({}, (kind) => ({
    mediaType: 'text/plain',
    emit,
    file: kind === 'html-page' ? (p: string) => (p === '/' ? 'index.html' : `${p.slice(1)}.html`) : undefined,
  }));

async function registryOf(kinds: KindTable = anyKinds()) {
  const diagnostics = new Diagnostics();
  const model = await loadContent({ contentDir, schemaDir, env: 'production' }, diagnostics);
  expect(model, diagnostics.report()).toBeDefined();
  const registry = buildRegistry(model!, kinds, diagnostics);
  return { registry, messages: diagnostics.list(), model: model! };
}

describe('registry', () => {
  it('lists every contract path of the content once, plus twins and static files', async () => {
    contentDir = await copyContent();
    const { registry, model } = await registryOf();
    const paths = registry!.entries.map((e) => e.path);
    for (const resource of model.discoveryResources) expect(paths).toContain(resource.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(registry!.get('/index.md')?.kind).toBe('markdown');
    expect(registry!.get('/')?.twin).toBe('/index.md');
    expect(registry!.get('/mcp')?.twin).toBe('/mcp.md');
    expect(registry!.get('/brand/logo.svg')?.mediaType).toBe('image/svg+xml');
  });

  it('adds each sub-page of a section as an HTML page and its Markdown twin', async () => {
    contentDir = await copyContent();
    await mkdir(join(contentDir, 'pages', 'help'), { recursive: true });
    await writeFile(
      join(contentDir, 'pages', 'help', 'zz-test-page.md'),
      '---\ntitle: T\ndescription: D\norder: 99\n---\n\nText.\n',
    );
    const { registry } = await registryOf();
    expect(registry!.get('/help/zz-test-page')).toMatchObject({
      kind: 'html-page',
      group: 'help',
      file: 'help/zz-test-page.html',
    });
    expect(registry!.get('/help/zz-test-page.md')).toMatchObject({ kind: 'markdown', page: 'help/zz-test-page' });
  });

  it('builds a sub-page entry with the members, order and defaults a completed spec has, after the pages before it', async () => {
    contentDir = await copyContent();
    await mkdir(join(contentDir, 'pages', 'help'), { recursive: true });
    await writeFile(
      join(contentDir, 'pages', 'help', 'zz-test-page.md'),
      '---\ntitle: T\ndescription: D\norder: 99\n---\n\nText.\n',
    );
    const { kinds } = await import('../../../generator/build/kinds.js');
    const { registry } = await registryOf(kinds);
    const source = { file: 'content/pages/help/zz-test-page.md', line: 1, column: 1 };
    const common = { group: 'help', page: 'help/zz-test-page', inContract: false, source, purpose: 'D' };
    // JSON text compares the members' order too.
    expect(JSON.stringify(registry!.get('/help/zz-test-page'))).toBe(
      JSON.stringify({
        ...common,
        path: '/help/zz-test-page',
        kind: 'html-page',
        title: 'T',
        audience: ['people', 'developers'],
        host: 'site',
        file: 'help/zz-test-page.html',
        mediaType: 'text/html; charset=utf-8',
        discovery: false,
        inSitemap: true,
        twin: '/help/zz-test-page.md',
      }),
    );
    expect(JSON.stringify(registry!.get('/help/zz-test-page.md'))).toBe(
      JSON.stringify({
        ...common,
        path: '/help/zz-test-page.md',
        kind: 'markdown',
        title: 'T (Markdown)',
        audience: ['agents', 'developers'],
        mediaType: 'text/markdown; charset=utf-8',
        host: 'site',
        file: 'help/zz-test-page.md',
        discovery: true,
        inSitemap: false,
      }),
    );
    const paths = registry!.entries.map((e) => e.path);
    expect(paths.indexOf('/help/zz-test-page.md')).toBe(paths.indexOf('/help/zz-test-page') + 1);
    // Sub-pages come after the content's resources and before the static files, as the pages are ordered.
    expect(paths.indexOf('/help/zz-test-page')).toBeGreaterThan(paths.indexOf('/help.md'));
    expect(paths.indexOf('/help/zz-test-page')).toBeLessThan(paths.indexOf('/brand/logo.svg'));
  });

  it('refuses a page that nothing publishes: unpublished-page', async () => {
    contentDir = await copyContent();
    await writeFile(
      join(contentDir, 'pages', 'orphan.md'),
      '---\ntitle: Orphan\ndescription: Nobody links it.\n---\n\nText.\n',
    );
    const { messages } = await registryOf();
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: 'unpublished-page', file: 'content/pages/orphan.md' }),
    );
  });

  it('refuses a resource built from a page that does not exist: missing-page', async () => {
    contentDir = await copyContent();
    await editContent(contentDir, 'discovery-resources.yaml', 'page: brand', 'page: brandx');
    const diagnostics = new Diagnostics();
    await loadContent({ contentDir, schemaDir, env: 'production' }, diagnostics);
    expect(diagnostics.list()).toContainEqual(
      expect.objectContaining({ ruleId: 'missing-page', file: 'content/discovery-resources.yaml' }),
    );
  });

  it('refuses a sub-page whose section has no page: missing-section-page', async () => {
    contentDir = await copyContent();
    await mkdir(join(contentDir, 'pages', 'guides'), { recursive: true });
    await writeFile(
      join(contentDir, 'pages', 'guides', 'one.md'),
      '---\ntitle: One\ndescription: D\norder: 1\n---\n\nText.\n',
    );
    const diagnostics = new Diagnostics();
    await loadContent({ contentDir, schemaDir, env: 'production' }, diagnostics);
    expect(diagnostics.list()).toContainEqual(
      expect.objectContaining({ ruleId: 'missing-section-page', file: 'content/pages/guides/one.md' }),
    );
  });

  it('refuses a page file name that cannot become a path: page-name', async () => {
    contentDir = await copyContent();
    await writeFile(join(contentDir, 'pages', 'Bad Name.md'), '---\ntitle: T\ndescription: D\n---\n');
    const diagnostics = new Diagnostics();
    await loadContent({ contentDir, schemaDir, env: 'production' }, diagnostics);
    expect(diagnostics.list()).toContainEqual(expect.objectContaining({ ruleId: 'page-name' }));
  });

  it('refuses two entries written to one file: duplicate-path', async () => {
    contentDir = await copyContent();
    await mkdir(join(contentDir, 'static'), { recursive: true });
    await writeFile(join(contentDir, 'static', 'robots.txt'), 'User-agent: *\n');
    const { messages } = await registryOf();
    expect(messages).toContainEqual(expect.objectContaining({ ruleId: 'duplicate-path' }));
  });

  it('checks resources against scopes and controls: unknown-scope, unknown-control, duplicate-control', async () => {
    contentDir = await copyContent();
    await editContent(contentDir, 'resources.yaml', 'scope: svc.products.read', 'scope: svc.things.read');
    await editContent(contentDir, 'resources.yaml', 'controls: [list_members]', 'controls: [list_people]');
    await editContent(contentDir, 'mcp-server.yaml', 'name: get_physical_product_order', 'name: list_members');
    const diagnostics = new Diagnostics();
    await loadContent({ contentDir, schemaDir, env: 'production' }, diagnostics);
    const rules = diagnostics.list().map((m) => m.ruleId);
    expect(rules).toEqual(expect.arrayContaining(['unknown-scope', 'unknown-control', 'duplicate-control']));
  });
});

describe('fillAddresses', () => {
  it('replaces the four placeholders and leaves other braces alone', () => {
    const addresses = { base_url: 'https://b', api_url: 'https://a', mcp_url: 'https://m', auth_url: 'https://o' };
    expect(fillAddresses('{base_url}/x {mcp_url}/mcp {auth_url} {api_url} {other}', addresses)).toBe(
      'https://b/x https://m/mcp https://o https://a {other}',
    );
  });
});
