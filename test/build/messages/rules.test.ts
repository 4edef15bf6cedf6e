// The rule catalog: its entries are complete, every rule id in the source is one of them, the README shows them.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../generator/build/files/project-paths.js';
import { RULE_IDS, RULES, isRuleId } from '../../../generator/build/messages/rules.js';
import {
  RULE_REFERENCE_END,
  RULE_REFERENCE_START,
  ruleReference,
  withRuleReference,
} from '../../../generator/build/messages/rule-reference.js';
import { scanRuleIds } from './rule-ids-in-source.js';

describe('the rule catalog', () => {
  it('gives every rule a kebab-case id, a title, what it guards, a fix and an example', () => {
    expect(RULE_IDS.length).toBeGreaterThan(100);
    for (const id of RULE_IDS) {
      expect(id).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
      const rule = RULES[id];
      for (const field of [rule.title, rule.what, rule.fix, rule.example])
        expect(field.trim().length, id).toBeGreaterThan(5);
    }
  });

  it('tells catalogued ids from others', () => {
    expect(isRuleId('unknown-scope')).toBe(true);
    expect(isRuleId('unknown-scopes')).toBe(false);
    expect(isRuleId('toString')).toBe(false);
  });
});

describe('rule ids in the source', () => {
  it('finds an id outside the catalog, a plain-string ruleId, a cast and a silenced compiler', () => {
    const source = [
      "diagnostics.error('load', { ruleId: 'unknown-scope', reason });",
      "diagnostics.error('load', { ruleId: 'unknown-scopes', reason });",
      "if (message.ruleId === 'dev-crash') retry();",
      // A source line that builds an id in a template literal.
      ['report({ ruleId: `', '$', '{name}-schema` });'].join(''),
      'interface Problem { ruleId: string }',
      "const raw = 'whatever' as RuleId;",
      '// @ts-expect-error',
      "report({ ruleId: 'llms-structure' as number });",
      '// @ts-expect-error: an untyped package',
      "import plugin from 'plugin';",
    ].join('\n');
    const findings = scanRuleIds('example.ts', source, { strict: true });
    expect(findings.map((f) => [f.line, f.why])).toEqual([
      [2, '"unknown-scopes" is not in the rule catalog'],
      [3, '"dev-crash" is not in the rule catalog'],
      [4, 'a rule id built at run time; write the id out'],
      [5, '`ruleId` typed as a plain string; type it `RuleId`'],
      [6, 'a cast to `RuleId` lets any string through'],
      [7, 'a comment that silences the compiler on a rule id'],
    ]);
  });

  it('has none that bypasses the RuleId type, in the generator, the platform wrappers, the tests or the bench', async () => {
    const files = await fg(['{generator,functions,netlify,test,bench}/**/*.ts'], {
      cwd: PROJECT_ROOT,
      ignore: ['test/build/messages/**'],
    });
    expect(files.length).toBeGreaterThan(200);
    const findings: string[] = [];
    for (const file of files) {
      const text = await readFile(join(PROJECT_ROOT, file), 'utf8');
      const strict = !file.startsWith('test/');
      const castAllowed = file === 'generator/build/messages/diagnostics.ts';
      for (const f of scanRuleIds(file, text, { strict, castAllowed }))
        findings.push(`${file}:${f.line} ${f.text}: ${f.why}`);
    }
    expect(findings).toEqual([]);
  });
});

describe("the README's rule reference", () => {
  it('is the one the catalog writes (npm run docs)', async () => {
    const readme = await readFile(join(PROJECT_ROOT, 'README.md'), 'utf8');
    expect(withRuleReference(readme) === readme, 'README.md is stale: run `npm run docs`').toBe(true);
  });

  it('lists every rule once, under its area, with its title', () => {
    const reference = ruleReference();
    for (const id of RULE_IDS) {
      expect(reference.split(`| \`${id}\`<br>`).length - 1, id).toBe(1);
    }
    expect(reference).toContain(`| \`unknown-scope\`<br>${RULES['unknown-scope'].title} |`);
    expect(reference.indexOf('### Content files')).toBeLessThan(reference.indexOf('`unknown-scope`'));
  });

  it('keeps a cell on one line, its pipes escaped and its angle brackets out of HTML', () => {
    const reference = ruleReference();
    const row = reference.split('\n').find((l) => l.startsWith('| `content-schema`<br>'))!;
    expect(row).toContain('schemas/content/&lt;name>.schema.json');
  });

  it('refuses a README without the markers', () => {
    expect(() => withRuleReference('# A README\n')).toThrow(/rule reference markers/);
  });

  it('replaces only what is between the markers', () => {
    const readme = `# Title\n\nBefore.\n\n${RULE_REFERENCE_START}\nstale\n${RULE_REFERENCE_END}\n\nAfter.\n`;
    const written = withRuleReference(readme);
    expect(written.startsWith(`# Title\n\nBefore.\n\n${RULE_REFERENCE_START}\n`)).toBe(true);
    expect(written.endsWith(`${RULE_REFERENCE_END}\n\nAfter.\n`)).toBe(true);
    expect(written).not.toContain('stale');
    expect(written).toContain(ruleReference());
    expect(withRuleReference(written)).toBe(written);
  });
});
