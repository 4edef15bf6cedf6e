// A documentation set of hundreds of pages still deploys: `_headers` and `_routes.json` fold the large section into
// splat rules within Cloudflare's limits, every path still gets its promised headers, none joined from two rules, and
// both CDNs answer the expectations table.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLOUDFLARE_HEADERS_MAX_LINE,
  CLOUDFLARE_HEADERS_MAX_RULES,
  CLOUDFLARE_ROUTES_MAX_RULES,
} from '../../../../generator/build/emit/cdn/limits.js';
import { runPipeline, type PipelineResult } from '../../../../generator/build/pipeline.js';
import type { Registry } from '../../../../generator/build/registry/registry.js';
import type { ArtifactSet } from '../../../../generator/build/registry/types.js';
import { copyContent, type TempContent } from '../../../helpers/temp-content.js';
import { headersFor, parseHeadersFile, rulesFor } from '../../../runtime/serving/cdn-config-parsers.js';
import { serveWith } from '../../../runtime/serving/cdn-edge.js';
import { checkServing, expectations, foldedFolders } from '../../../runtime/serving/expectations.js';
import type { ServingTable } from '../../../../generator/runtime/site/table.js';

const SUB_PAGES = 300;
let work: TempContent;
let result: PipelineResult;
let registry: Registry;
let artifacts: ArtifactSet;
const text = (file: string) => artifacts.text(artifacts.get('site', file)!);

beforeAll(async () => {
  work = await copyContent('cdn-scale-');
  await Promise.all(
    Array.from({ length: SUB_PAGES }, (_, i) =>
      writeFile(
        join(work.contentDir, 'pages', 'help', `topic-${String(i).padStart(3, '0')}.md`),
        `---\ntitle: Topic ${i}\ndescription: A help topic of the synthetic large section, number ${i}.\norder: ${100 + i}\n---\n\nSome words about topic ${i}.\n`,
      ),
    ),
  );
  result = await runPipeline({ env: 'production', contentDir: work.contentDir, schemaDir: work.schemaDir, workers: 0 });
  registry = result.registry!;
  artifacts = result.artifacts!;
}, 180_000);

afterAll(() => work?.remove());

describe(`a section of ${SUB_PAGES} pages`, () => {
  it('builds without an error', () => {
    expect(result.diagnostics.hasErrors, result.diagnostics.report()).toBe(false);
    expect(registry.ofKind('html-page').filter((e) => e.path.startsWith('/help/')).length).toBeGreaterThanOrEqual(
      SUB_PAGES,
    );
  });

  it.each(['netlify', 'cloudflare'] as const)(
    "gives %s a _headers within Cloudflare's limits, the section folded",
    (dialect) => {
      const rules = parseHeadersFile(text('_headers'), dialect);
      expect(rules.length).toBeLessThanOrEqual(CLOUDFLARE_HEADERS_MAX_RULES);
      expect(
        Math.max(
          ...text('_headers')
            .split('\n')
            .map((l) => l.length),
        ),
      ).toBeLessThanOrEqual(CLOUDFLARE_HEADERS_MAX_LINE);
      expect(foldedFolders(rules.map((r) => r.pattern))).toContain('/help/');
    },
  );

  it('never sets a header of a path from two rules (the CDNs would join the values)', () => {
    const rules = parseHeadersFile(text('_headers'), 'cloudflare');
    const joined: string[] = [];
    for (const entry of registry.of('site')) {
      if (entry.kind.startsWith('cdn-')) continue;
      const at = entry.dataFor ? `/${entry.file}` : entry.path;
      const names = rulesFor(rules, at).flatMap((r) => r.headers.map(([name]) => name.toLowerCase()));
      for (const name of new Set(names)) if (names.filter((n) => n === name).length > 1) joined.push(`${at}: ${name}`);
    }
    expect(joined).toEqual([]);
  });

  it.each(['netlify', 'cloudflare'] as const)(
    'answers as the expectations table says, through %s (its function in front of its static files)',
    async (dialect) => {
      const rules = parseHeadersFile(text('_headers'), dialect);
      const folded = foldedFolders(rules.map((r) => r.pattern));
      const build = { registry, artifacts, model: result.model!, cdnMessages: [] };
      const table = JSON.parse(artifacts.text(artifacts.get('deploy', 'edge-table.json')!)) as ServingTable;
      const cases = expectations(build, { folded });
      expect(await checkServing(serveWith(build, table, dialect), build, { scope: 'every', cases })).toEqual([]);
      // The folded section promises less than nginx does: the pages' twin Link is left to their HTML.
      const page = cases.find((c) => c.target === '/help/topic-000' && !c.requestHeaders)!;
      expect(page.headers.link).toBe('</.well-known/api-catalog>; rel="api-catalog"');
      expect(headersFor(rules, '/help/topic-000').get('link')).toBe('</.well-known/api-catalog>; rel="api-catalog"');
      // Sections under the limit keep their exact rules.
      expect(headersFor(rules, '/docs/errors').get('link')).toContain('</docs/errors.md>; rel="alternate"');
    },
  );

  it("lists the Pages Function's paths in _routes.json within Cloudflare's limits, the section as one splat", () => {
    const routes = JSON.parse(text('_routes.json')) as { include: string[]; exclude: string[] };
    expect(routes.include.length + routes.exclude.length).toBeLessThanOrEqual(CLOUDFLARE_ROUTES_MAX_RULES);
    expect(routes.include).toContain('/help/*');
    expect(routes.include).toContain('/help');
    expect(routes.include).not.toContain('/*');
    expect(result.diagnostics.list().filter((m) => m.ruleId === 'cdn-routes-every-path')).toEqual([]);
  });

  it('keeps _redirects to the query routes, whatever the number of pages', () => {
    const lines = text('_redirects')
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.startsWith('#'));
    expect(lines).toHaveLength(registry.of('site').filter((e) => e.dataFor?.includes('?')).length);
  });
});
