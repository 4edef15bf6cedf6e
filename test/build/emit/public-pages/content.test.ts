// content/public-pages.yaml: its schema, its load checks, and how its families are resolved against the registry.
import { CONTENT_SCHEMA_DIR, PROJECT_ROOT } from '../../../../generator/build/files/project-paths.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPublicPages } from '../../../../generator/build/content/route-families.js';
import { ContentSchemas } from '../../../../generator/build/content/schema-check.js';
import { parseYamlSource } from '../../../../generator/build/content/yaml-source.js';
import { resolveRouteFamilies } from '../../../../generator/build/emit/public-pages/route-families.js';
import { Diagnostics } from '../../../../generator/build/messages/diagnostics.js';
import type { Model, RouteFamilySource } from '../../../../generator/model/types.js';
import { loadShipped } from './harness.js';

const file = 'content/public-pages.yaml';
const shippedYaml = readFileSync(join(PROJECT_ROOT, file), 'utf8');
const schemas = new ContentSchemas(CONTENT_SCHEMA_DIR);

function schemaMessages(yaml: string) {
  const diagnostics = new Diagnostics();
  const source = parseYamlSource(yaml, file, diagnostics)!;
  schemas.check('public-pages', source, diagnostics);
  return diagnostics.list();
}

let build: Awaited<ReturnType<typeof loadShipped>>;
beforeAll(async () => {
  build = await loadShipped();
});

const withFamilies = (edit: (families: RouteFamilySource[]) => RouteFamilySource[]): Model => ({
  ...build.model,
  publicPages: {
    ...build.model.publicPages!,
    routeFamilies: edit(structuredClone(build.model.publicPages!.routeFamilies)),
  },
});
const place = () => ({ file, line: 1, column: 1 });

describe('the content schema', () => {
  it('accepts the shipped file', () => {
    expect(schemaMessages(shippedYaml)).toEqual([]);
  });
  it.each([
    ['a pattern with a partial parameter', 'pattern: /help/{slug}', 'pattern: /help/page-{slug}'],
    ['a pattern with a query', 'pattern: /pricing', 'pattern: /pricing?x=1'],
    ['a type that is not a schema.org page type', 'type: CollectionPage', 'type: SellerDashboard'],
    ['an unknown field', 'id: home', 'id: home\n      endpoint: /api/private'],
  ])('rejects %s, at its line', (_, from, to) => {
    const messages = schemaMessages(shippedYaml.replace(from, to));
    expect(messages.map((m) => m.ruleId)).toContain('content-schema');
    expect(messages[0]!.line).toBeGreaterThan(1);
  });
});

describe('load checks', () => {
  it('passes the shipped families', () => {
    const diagnostics = new Diagnostics();
    checkPublicPages(build.model, place, diagnostics);
    expect(diagnostics.list()).toEqual([]);
  });
  it('rejects a rule reference that no content file defines', () => {
    const diagnostics = new Diagnostics();
    checkPublicPages(
      withFamilies((f) => {
        f[0]!.ruleRefs = ['pricingCall:no-such-rule'];
        return f;
      }),
      place,
      diagnostics,
    );
    expect(diagnostics.list().map((m) => m.ruleId)).toEqual(['unknown-rule-ref']);
  });
  it('rejects two families with one id or one pattern', () => {
    const diagnostics = new Diagnostics();
    checkPublicPages(
      withFamilies((f) => [...f, { ...f[0]!, id: 'other' }, { ...f[1]!, pattern: '/elsewhere' }]),
      place,
      diagnostics,
    );
    expect(diagnostics.list().map((m) => m.ruleId)).toEqual(['duplicate-route-family', 'duplicate-route-family']);
  });
});

describe('families resolved against the registry', () => {
  const resolve = (model: Model) => {
    const diagnostics = new Diagnostics();
    const resolved = resolveRouteFamilies(model, build.registry, diagnostics);
    return { resolved, messages: diagnostics.list() };
  };
  it('covers every published page with the shipped families', () => {
    const { resolved, messages } = resolve(build.model);
    expect(messages).toEqual([]);
    expect(resolved!.families.flatMap((f) => f.pages).length).toBe(
      build.registry.served('site').filter((e) => e.kind === 'html-page').length,
    );
  });
  it('fails a published page that no family matches', () => {
    const { messages } = resolve(withFamilies((f) => f.filter((x) => x.id !== 'pricing')));
    expect(messages).toMatchObject([{ ruleId: 'page-without-route-family', fatal: true }]);
    expect(messages[0]!.reason).toContain('/pricing');
  });
  it('leaves out, with a warning, a family that matches no published page', () => {
    const { resolved, messages } = resolve(
      withFamilies((f) => [...f, { ...f[0]!, id: 'guides', pattern: '/guides/{slug}' }]),
    );
    expect(messages).toMatchObject([{ ruleId: 'route-family-without-pages', fatal: false }]);
    expect(resolved!.families.map((f) => f.family.id)).not.toContain('guides');
  });
  it('fails a family resource or image the site does not publish', () => {
    const { messages } = resolve(
      withFamilies((f) => {
        f[0]!.resources = ['/no-such.json'];
        f[1]!.image = '/no.png';
        return f;
      }),
    );
    expect(messages.map((m) => m.ruleId)).toEqual(['unknown-resource', 'unknown-resource']);
  });
  it('fails when the content set has no public pages at all', () => {
    const { publicPages: _, ...model } = build.model;
    expect(resolve(model as Model).messages.map((m) => m.ruleId)).toEqual(['missing-public-pages']);
  });
});
