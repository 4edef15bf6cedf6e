// The deployment budgets: the output measured against each target's documented limits, a table the build writes and
// prints, and a build that passes a named target's limit fails with the limit, the value and the fix.
import { readFileSync } from 'node:fs';
import { writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkBudgets,
  deployBudgets,
  type DeployBudgets,
  type Measured,
} from '../../../../generator/build/emit/cdn/deploy-budgets.js';
import {
  limitValue,
  MEASURES,
  PLATFORM_LIMITS,
  type MeasureName,
} from '../../../../generator/build/emit/cdn/platform-budgets.js';
import { PROJECT_ROOT } from '../../../../generator/build/files/project-paths.js';
import { Diagnostics } from '../../../../generator/build/messages/diagnostics.js';
import { runPipeline } from '../../../../generator/build/pipeline.js';
import { budgetTable } from '../../../../generator/tools/terminal/budget-summary.js';
import { DEPLOY_PLANS, DEPLOY_PLATFORMS } from '../../../../generator/model/deploy-targets.js';
import type { DeployTarget } from '../../../../generator/model/types.js';
import { copyContent, type TempContent } from '../../../helpers/temp-content.js';

const DOCUMENTATION = /^https:\/\/(docs\.netlify\.com|developers\.cloudflare\.com|nginx\.org)\//;

const zero = Object.fromEntries(Object.keys(MEASURES).map((m) => [m, 0])) as Measured;
const place = { file: 'content/discovery-resources.yaml', line: 300, column: 5 };
const targets: DeployTarget[] = [
  { platform: 'netlify', source: place },
  { platform: 'cloudflare-pages', plan: 'free', source: { ...place, line: 301 } },
  { platform: 'nginx', source: { ...place, line: 303 } },
];

describe('the platform budgets table', () => {
  it('gives every limit a figure and the page of the platform’s documentation it comes from', () => {
    for (const limits of Object.values(PLATFORM_LIMITS)) {
      for (const limit of limits) {
        expect(limit.source).toMatch(DOCUMENTATION);
        for (const plan of DEPLOY_PLANS) expect(limitValue(limit, plan)).toBeGreaterThan(0);
      }
    }
  });

  it('names the platforms and plans the content schema admits, and no other', () => {
    const schema = JSON.parse(
      readFileSync(join(PROJECT_ROOT, 'schemas/content/discovery-resources.schema.json'), 'utf8'),
    ) as { properties: { deployTargets: { items: { properties: Record<string, { enum: string[] }> } } } };
    const { platform, plan } = schema.properties.deployTargets.items.properties;
    expect(platform!.enum).toEqual([...DEPLOY_PLATFORMS]);
    expect(plan!.enum).toEqual([...DEPLOY_PLANS]);
    expect(Object.keys(PLATFORM_LIMITS).sort()).toEqual([...DEPLOY_PLATFORMS].sort());
  });
});

describe('a named target’s limit passed', () => {
  // Every limit of every platform, one at a time, just passed: the message names the measure, the value, the limit,
  // its source and the fix, at the target's line of the content.
  const cases = Object.entries(PLATFORM_LIMITS).flatMap(([platform, limits]) =>
    limits
      .filter((l) => !('atLine' in MEASURES[l.measure]))
      .map((limit) => ({ platform, limit, name: `${platform} ${limit.measure}` })),
  );
  it.each(cases)('$name', ({ platform, limit }) => {
    const target = targets.find((t) => t.platform === platform)!;
    const value = limitValue(limit, target.plan);
    const measured = { ...zero, [limit.measure]: value + 1 };
    const diagnostics = new Diagnostics();
    checkBudgets(deployBudgets(measured, [target]), [target], diagnostics);
    const [message, ...others] = diagnostics.list();
    expect(others).toEqual([]);
    expect(message).toMatchObject({
      ruleId: MEASURES[limit.measure].ruleId,
      fatal: !limit.advisory,
      file: place.file,
      line: target.source.line,
    });
    expect(message!.reason).toContain((value + 1).toLocaleString('en'));
    expect(message!.reason).toContain(value.toLocaleString('en'));
    expect(message!.reason).toContain(limit.source);
    expect(message!.reason).toContain(`Fix: ${MEASURES[limit.measure].fix}`);
  });

  it('holds a target to its plan, and a platform the content does not name to nothing', () => {
    const files = (n: number, plan?: 'free' | 'paid') => {
      const diagnostics = new Diagnostics();
      const named: DeployTarget[] = plan ? [{ platform: 'cloudflare-pages', plan, source: place }] : [];
      checkBudgets(deployBudgets({ ...zero, files: n }, named), named, diagnostics);
      return diagnostics.list().map((m) => m.ruleId);
    };
    expect(files(50_000, 'free')).toEqual(['deploy-too-many-files']);
    expect(files(50_000, 'paid')).toEqual([]);
    expect(files(150_000, 'paid')).toEqual(['deploy-too-many-files']);
    expect(files(150_000)).toEqual([]);
  });

  it('prints a table of used and limit per target, with what is over', () => {
    const budgets: DeployBudgets = deployBudgets({ ...zero, files: 20_001, nginxConfig: 1000 }, targets);
    const table = budgetTable(budgets).join('\n');
    expect(table).toMatch(/Cloudflare Pages\s+files in dist\/\s+20,001 files \/ 20,000 files\s+100%\s+OVER/);
    expect(table).toMatch(/nginx\s+nginx\.conf\s+1000 B \/ 97\.7 KiB\s+1\.00%\s+fits/);
  });
});

describe('a build', () => {
  let work: TempContent;
  beforeAll(async () => {
    work = await copyContent('budgets-');
  });
  afterAll(() => work?.remove());

  it('writes the table and passes within the shipped content’s targets', async () => {
    const result = await runPipeline({ env: 'production', contentDir: work.contentDir, schemaDir: work.schemaDir });
    expect(result.diagnostics.hasErrors, result.diagnostics.report()).toBe(false);
    const budgets = JSON.parse(
      result.artifacts!.text(result.artifacts!.get('deploy', 'deploy-budgets.json')!),
    ) as DeployBudgets;
    expect(budgets.targets.filter((t) => t.named).map((t) => t.platform)).toEqual([
      'netlify',
      'cloudflare-pages',
      'nginx',
    ]);
    const measured = budgets.measured as Record<MeasureName, number>;
    expect(measured.files).toBeGreaterThan(result.registry!.of('site').length);
    expect(measured.functionBundle).toBeGreaterThan(1000);
    expect(budgets.targets.every((t) => t.lines.every((l) => l.fits))).toBe(true);
  }, 120_000);

  it('fails, at the target’s line, when a file is larger than Cloudflare Pages takes', async () => {
    await mkdir(join(work.contentDir, 'static', 'downloads'), { recursive: true });
    await writeFile(join(work.contentDir, 'static', 'downloads', 'archive.bin'), Buffer.alloc(26 * 1024 * 1024));
    const result = await runPipeline({ env: 'production', contentDir: work.contentDir, schemaDir: work.schemaDir });
    const errors = result.diagnostics.list().filter((m) => m.fatal);
    expect(errors.map((m) => m.ruleId)).toEqual(['deploy-file-too-large']);
    expect(errors[0]!.file).toMatch(/discovery-resources\.yaml$/);
    expect(errors[0]!.reason).toContain('27,262,976 bytes');
    expect(errors[0]!.reason).toContain('26,214,400');
  }, 120_000);
});
