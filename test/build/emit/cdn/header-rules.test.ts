// The folding of `_headers` and `_routes.json` on hand-made serving plans: what folds, when, and with which headers.
import { describe, expect, it } from 'vitest';
import { headerRules, folderOf } from '../../../../generator/build/emit/cdn/header-rules.js';
import { checkHeadersLimits, emitHeadersFile } from '../../../../generator/build/emit/cdn/headers-file.js';
import { checkHeadersNotJoined } from '../../../../generator/build/emit/cdn/validate-headers-joined.js';
import { routeRules } from '../../../../generator/build/emit/cdn/routes-file.js';
import type { ServedFile } from '../../../../generator/build/emit/cdn/serving-plan.js';
import type { HeaderList } from '../../../../generator/runtime/headers.js';
import { Diagnostics } from '../../../../generator/build/messages/diagnostics.js';
import type { Registry } from '../../../../generator/build/registry/registry.js';
import {
  ArtifactSet,
  type EmitContext,
  type RegistryEntry,
  type ValidateContext,
} from '../../../../generator/build/registry/types.js';
import { headersFor, parseHeadersFile, rulesFor } from '../../../runtime/serving/cdn-config-parsers.js';

const CATALOG = '/.well-known/api-catalog';
const NOSNIFF: [string, string] = ['X-Content-Type-Options', 'nosniff'];

function page(path: string): ServedFile {
  return served(path, [
    ['Content-Type', 'text/html; charset=utf-8'],
    ['Cache-Control', 'public, max-age=300'],
    NOSNIFF,
    ['Link', `<${CATALOG}>; rel="api-catalog", <${path}.md>; rel="alternate"; type="text/markdown"`],
    ['Vary', 'Accept'],
  ]);
}

function twin(path: string): ServedFile {
  return served(`${path}.md`, [
    ['Content-Type', 'text/markdown; charset=utf-8'],
    ['Cache-Control', 'public, max-age=3600'],
    NOSNIFF,
    ['Access-Control-Allow-Origin', '*'],
    ['Vary', 'Accept'],
  ]);
}

function json(path: string): ServedFile {
  return served(path, [
    ['Content-Type', 'application/json'],
    ['Cache-Control', 'public, max-age=3600'],
    NOSNIFF,
    ['Access-Control-Allow-Origin', '*'],
  ]);
}

function served(path: string, headers: HeaderList): ServedFile {
  return { path, file: path.slice(1), entry: { path } as RegistryEntry, headers };
}

function section(folder: string, pages: number): ServedFile[] {
  return Array.from({ length: pages }, (_, i) => [page(`${folder}p${i}`), twin(`${folder}p${i}`)]).flat();
}

/** `_headers` as the emitter writes it for a plan. */
function headersText(files: ServedFile[]): string {
  const plan = { files, negotiated: [], queryRoutes: [], cdnConfig: [], apiCatalog: CATALOG };
  const context = { memo: () => plan } as unknown as EmitContext;
  return String(emitHeadersFile({} as RegistryEntry, context));
}

describe('headerRules', () => {
  it('folds a folder whose files share every header into one splat rule, without loss', () => {
    const rules = headerRules([json('/_agent/a.json'), json('/_agent/b.json'), page('/docs')], CATALOG, 100);
    expect(rules.map((r) => [r.pattern, r.fold])).toEqual([
      ['/*', 'all'],
      ['/_agent/*', 'folder'],
      ['/docs', 'exact'],
    ]);
    expect(rules[1]!.headers).toEqual(json('/x').headers.filter((h) => h !== NOSNIFF));
  });

  it("gives the files streamed beside a route's data a splat of their own when their folder is mixed", () => {
    const files = [json('/_agent/agent-mode.json'), twin('/_agent/guide'), json('/_agent/page-context/*')];
    const rules = headerRules(files, CATALOG, 100);
    expect(rules.map((r) => r.pattern)).toEqual([
      '/*',
      '/_agent/agent-mode.json',
      '/_agent/guide.md',
      '/_agent/page-context/*',
    ]);
    const parsed = parseHeadersFile(
      rules.map((r) => [r.pattern, ...r.headers.map(([n, v]) => `  ${n}: ${v}`)].join('\n')).join('\n'),
      'netlify',
    );
    expect(Object.fromEntries(headersFor(parsed, '/_agent/page-context/help/x.json'))).toEqual({
      'x-content-type-options': 'nosniff',
      'content-type': 'application/json',
      'cache-control': 'public, max-age=3600',
      'access-control-allow-origin': '*',
    });
  });

  it('keeps exact rules for a mixed folder while the file fits the limit', () => {
    const rules = headerRules(section('/help/', 5), CATALOG, 100);
    expect(rules).toHaveLength(11);
    expect(rules.every((r) => r.fold === 'exact' || r.fold === 'all')).toBe(true);
  });

  it('folds the largest folder first, and only as many folders as the limit needs', () => {
    const files = [...section('/docs/', 10), ...section('/help/', 60), ...section('/ai/', 3)];
    const rules = headerRules(files, CATALOG, 100);
    expect(rules.filter((r) => r.fold === 'section').map((r) => r.pattern)).toEqual(['/help/*']);
    expect(rules.length).toBe(1 + 20 + 1 + 6);
  });

  it('gives a folded section only values right for all its files, and no Content-Type', () => {
    const [, rule] = headerRules(section('/help/', 80), CATALOG, 100);
    expect(rule).toMatchObject({ pattern: '/help/*', fold: 'section' });
    expect(rule!.headers).toEqual([
      ['Cache-Control', 'public, max-age=300'],
      ['Access-Control-Allow-Origin', '*'],
      ['Link', `<${CATALOG}>; rel="api-catalog"`],
      ['Vary', 'Accept'],
    ]);
  });

  it('never lets two rules set one header of a path, folded or not', () => {
    const files = [
      page('/help'),
      twin('/help'),
      ...section('/help/', 80),
      ...section('/docs/', 5),
      json('/_agent/a.json'),
      json('/_agent/b.json'),
    ];
    const rules = parseHeadersFile(headersText(files), 'netlify');
    expect(rules.length).toBeLessThanOrEqual(100);
    for (const file of files) {
      const names = rulesFor(rules, file.path).flatMap((r) => r.headers.map(([n]) => n.toLowerCase()));
      expect(names.length, file.path).toBe(new Set(names).size);
      expect(headersFor(rules, file.path).get('x-content-type-options'), file.path).toBe('nosniff');
    }
    expect(headersFor(rules, '/help').get('link')).toContain('</help.md>; rel="alternate"');
  });

  it('cannot fold top-level paths: past the limit the file stays too long and the limits check fails it', () => {
    const files = Array.from({ length: 60 }, (_, i) => [page(`/p${i}`), twin(`/p${i}`)]).flat();
    const body = headersText(files);
    const diagnostics = new Diagnostics();
    const artifacts = new ArtifactSet();
    const artifact = { entry: { path: '/_headers', file: '_headers', host: 'site' } as RegistryEntry, body };
    artifacts.set(artifact);
    checkHeadersLimits()(artifact, {
      diagnostics,
      artifacts,
      displayPath: () => 'dist/_headers',
    } as unknown as ValidateContext);
    expect(diagnostics.list()).toMatchObject([{ ruleId: 'cdn-headers-too-many-rules', fatal: true }]);
  });
});

describe('folderOf', () => {
  it('names the first segment of a nested path, and nothing for a top-level one', () => {
    expect(folderOf('/help/a')).toBe('/help/');
    expect(folderOf('/.well-known/mcp/manifest.json')).toBe('/.well-known/');
    expect(folderOf('/help')).toBeUndefined();
    expect(folderOf('/help/')).toBeUndefined();
    expect(folderOf('/')).toBeUndefined();
  });
});

describe('routeRules', () => {
  it('lists the paths as they are while they fit', () => {
    expect(routeRules(['/api/agent/page-context', '/help', '/help/a', '/help/b'])).toEqual([
      '/api/agent/page-context',
      '/help',
      '/help/a',
      '/help/b',
    ]);
  });

  it('folds the largest folders into splats until the list fits', () => {
    const paths = [
      '/',
      '/help',
      ...Array.from({ length: 150 }, (_, i) => `/help/p${i}`),
      ...Array.from({ length: 5 }, (_, i) => `/docs/p${i}`),
    ];
    expect(routeRules(paths)).toEqual(['/', '/help', '/help/*', ...Array.from({ length: 5 }, (_, i) => `/docs/p${i}`)]);
  });

  it('leaves top-level paths unfolded, so that the emitter falls back to every path', () => {
    const paths = Array.from({ length: 120 }, (_, i) => `/p${i}`);
    expect(routeRules(paths)).toHaveLength(120);
  });
});

describe('the joined-header check', () => {
  const catalog = {
    path: CATALOG,
    file: '.well-known/api-catalog',
    host: 'site',
    kind: 'api-catalog',
    mediaType: 'application/linkset+json',
    discovery: true,
  } as RegistryEntry;
  const mcp = {
    path: '/mcp',
    file: 'mcp.html',
    host: 'site',
    kind: 'html-page',
    mediaType: 'text/html; charset=utf-8',
    discovery: false,
  } as RegistryEntry;
  const registry = {
    of: () => [catalog, mcp],
    ofKind: (kind: string) => [catalog, mcp].filter((e) => e.kind === kind),
  } as unknown as Registry;

  function check(body: string) {
    const diagnostics = new Diagnostics();
    const artifacts = new ArtifactSet();
    const artifact = { entry: { path: '/_headers', file: '_headers', host: 'site' } as RegistryEntry, body };
    artifacts.set(artifact);
    checkHeadersNotJoined(artifact, {
      diagnostics,
      artifacts,
      registry,
      displayPath: () => 'dist/_headers',
    } as unknown as ValidateContext);
    return diagnostics.list();
  }

  it('accepts rules that set each header of a path once', () => {
    expect(
      check(
        '/*\n  X-Content-Type-Options: nosniff\n/mcp\n  Cache-Control: public, max-age=300\n/.well-known/*\n  Cache-Control: public, max-age=3600\n',
      ),
    ).toEqual([]);
  });

  it('fails at the second rule that sets a header a wider rule already sets for a served path', () => {
    const messages = check('/*\n  Cache-Control: no-cache\n# a comment\n/mcp\n  Cache-Control: public, max-age=300\n');
    expect(messages).toMatchObject([{ ruleId: 'cdn-headers-joined', file: 'dist/_headers', line: 4, fatal: true }]);
    expect(messages[0]!.reason).toContain('/mcp gets cache-control from the rule at line 1 ');
  });
});
