// Which saves the dev loop's fast path takes and which it hands to the whole build, what it checks, and what
// happens when the background completion finds a problem the page's own checks could not.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ContentSchemas } from '../../../generator/build/content/schema-check.js';
import { startDevServer, type DevServer } from '../../../generator/tools/dev/dev-server.js';
import type { BuildOutcome, GoodBuild } from '../../../generator/tools/dev/dev-session.js';
import { applyPageEdits } from '../../../generator/tools/dev/page-edit.js';
import { runPipeline } from '../../../generator/build/pipeline.js';
import type { KindTable } from '../../../generator/build/registry/build-registry.js';
import { kinds } from '../../../generator/build/kinds.js';
import { stubKinds } from '../../helpers/stub-kinds.js';
import { copyContent, type TempContent } from '../../helpers/temp-content.js';

describe('the fast path decides', { timeout: 60_000 }, () => {
  let content: TempContent;
  let served: GoodBuild;
  let schemas: ContentSchemas;
  const originals = new Map<string, string>();

  beforeAll(async () => {
    content = await copyContent('page-edit-');
    const result = await runPipeline({ env: 'preview', contentDir: content.contentDir, schemaDir: content.schemaDir });
    expect(result.diagnostics.hasErrors).toBe(false);
    served = { id: 1, model: result.model!, registry: result.registry!, artifacts: result.artifacts!, complete: true };
    schemas = new ContentSchemas(content.schemaDir);
  });
  afterAll(() => content.remove());
  afterEach(async () => {
    for (const [file, text] of originals) await writeFile(file, text);
    originals.clear();
  });

  const page = (id: string) => join(content.contentDir, 'pages', `${id}.md`);
  async function edit(file: string, change: (text: string) => string) {
    const text = await readFile(file, 'utf8');
    if (!originals.has(file)) originals.set(file, text);
    await writeFile(file, change(text));
  }
  const apply = (...paths: string[]) =>
    applyPageEdits({ served, contentDir: content.contentDir, paths, schemas, kinds });

  it("renders only the edited pages' own files on top of the served build", async () => {
    await edit(page('help/reading-errors'), (t) => `${t}\nA new closing line.\n`);
    const result = await apply(page('help/reading-errors'));
    expect(result.kind).toBe('pages');
    if (result.kind !== 'pages') return;
    expect(result.changed.map((e) => e.path).sort()).toEqual(['/help/reading-errors', '/help/reading-errors.md']);
    expect(result.artifacts.text(result.artifacts.get('site', 'help/reading-errors.md')!)).toContain(
      'A new closing line.',
    );
    // Every other file is the served build's, untouched.
    expect(result.artifacts.get('site', 'llms-full.txt')).toBe(served.artifacts.get('site', 'llms-full.txt'));
    expect(result.model.pages.find((p) => p.id === 'help/reading-errors')!.body).toContain('A new closing line.');
    expect(served.model.pages.find((p) => p.id === 'help/reading-errors')!.body).not.toContain('A new closing line.');
  });

  it('does nothing for a save that leaves the page as served, or for a file in pages/ that is not a page', async () => {
    expect((await apply(page('pricing'))).kind).toBe('unchanged');
    const other = join(content.contentDir, 'pages', '4913');
    await writeFile(other, '');
    try {
      expect((await apply(other)).kind).toBe('unchanged');
    } finally {
      await rm(other);
    }
  });

  it('hands every change beyond page bodies to the whole build', async () => {
    await edit(page('pricing'), (t) => t.replace(/^description:.*$/m, 'description: Prices, described again.'));
    expect(await apply(page('pricing'))).toMatchObject({ kind: 'full', why: expect.stringContaining('front matter') });
    await edit(page('help/reading-errors'), (t) => t.replace(/^order:.*$/m, 'order: 9'));
    expect(await apply(page('help/reading-errors'))).toMatchObject({ kind: 'full' });

    const added = page('help/brand-new');
    await writeFile(added, '---\ntitle: New\ndescription: A new page.\norder: 4\n---\n\nNew.\n');
    try {
      expect(await apply(added)).toMatchObject({ kind: 'full', why: expect.stringContaining('new page') });
    } finally {
      await rm(added);
    }
    expect(await apply(page('no-such-page-any-more'))).toMatchObject({ kind: 'full' });
    const removed = page('help/not-published');
    const text = await readFile(removed, 'utf8');
    await rm(removed);
    try {
      expect(await apply(removed)).toMatchObject({ kind: 'full', why: expect.stringContaining('removed') });
    } finally {
      await writeFile(removed, text);
    }
    for (const fact of [
      join(content.contentDir, 'errors.yaml'),
      join(content.contentDir, 'static', 'brand', 'logo.svg'),
      join(content.schemaDir, 'page.schema.json'),
    ]) {
      expect(await apply(fact)).toMatchObject({ kind: 'full' });
    }
  });

  it('reports, at their place, a broken front matter, a boundary claim and a broken link in an edited page', async () => {
    await edit(page('pricing'), (t) => t.replace(/^title:.*$/m, 'title: [unclosed'));
    let result = await apply(page('pricing'));
    expect(result.kind).toBe('problems');
    if (result.kind === 'problems')
      expect(result.diagnostics.list()[0]).toMatchObject({
        file: 'content/pages/pricing.md',
        line: expect.any(Number),
        stage: 'load',
      });

    await edit(page('pricing'), () => originals.get(page('pricing'))!);
    await edit(page('help/reading-errors'), (t) => `${t}\nOrders can be changed through the seller API.\n`);
    result = await apply(page('help/reading-errors'));
    expect(result.kind).toBe('problems');
    if (result.kind === 'problems') {
      expect(result.diagnostics.list()).toEqual([
        expect.objectContaining({
          file: 'content/pages/help/reading-errors.md',
          ruleId: 'unpublished-interface',
          stage: 'load',
        }),
      ]);
    }

    await edit(
      page('help/reading-errors'),
      () => `${originals.get(page('help/reading-errors'))!}\nSee [the list](/no-such-page).\n`,
    );
    result = await apply(page('help/reading-errors'));
    expect(result.kind).toBe('problems');
    if (result.kind === 'problems') {
      expect(result.diagnostics.list()).toEqual([
        expect.objectContaining({ ruleId: 'unresolved-site-link', stage: 'emit' }),
      ]);
    }
  });
});

describe('the background completion', () => {
  let content: TempContent | undefined;
  let server: DevServer | undefined;
  afterEach(async () => {
    await server?.close();
    await content?.remove();
    server = content = undefined;
  });

  it('reports a problem only the whole build finds through the problems channel, and the next save builds everything', async () => {
    // A check on llms-full.txt, which gathers every page: the edited page's own checks cannot see it.
    const flagged: KindTable = {
      ...stubKinds,
      'llms-full': {
        ...stubKinds['llms-full']!,
        validate: [
          (artifact, context) => {
            if (!context.artifacts.text(artifact).includes('FLAGGED')) return;
            context.diagnostics.error('validate', {
              ruleId: 'llms-structure',
              reason: 'llms-full.txt carries the flag.',
              file: context.displayPath(artifact.entry),
            });
          },
        ],
      },
    };
    content = await copyContent('dev-completion-');
    server = await startDevServer({
      contentDir: content.contentDir,
      schemaDir: content.schemaDir,
      kinds: flagged,
      ports: { base_url: 0, api_url: 0, mcp_url: 0, auth_url: 0 },
      outDir: false,
      otherHosts: () => ({}),
    });
    const s = server;
    const outcomes: BuildOutcome[] = [];
    s.session.onBuild((o) => outcomes.push(o));
    const next = (match: (o: BuildOutcome) => boolean) =>
      new Promise<void>((resolve) => s.session.onBuild((o) => (match(o) ? resolve() : undefined)));

    const file = join(content.contentDir, 'pages', 'pricing.md');
    const original = await readFile(file, 'utf8');
    let settled = next((o) => o.phase === 'complete');
    await writeFile(file, `${original}\nFLAGGED\n`);
    await settled;
    expect(outcomes.map((o) => [o.phase, o.ok])).toEqual([
      ['pages', true],
      ['complete', false],
    ]);
    expect(s.session.problems).toEqual([
      expect.objectContaining({ ruleId: 'llms-structure', file: 'dist/llms-full.txt' }),
    ]);
    const events = await fetch(`${s.addresses.base_url}/__dev/events`);
    const reader = events.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('"ruleId":"llms-structure"');
    await reader.cancel();

    settled = next((o) => o.ok);
    await writeFile(file, original);
    await settled;
    expect(outcomes.at(-1)).toMatchObject({ ok: true, phase: 'full' });
    expect(s.session.problems).toEqual([]);
    expect(s.session.current?.complete).toBe(true);
  });
});
