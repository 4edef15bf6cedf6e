// The deployment budgets: the build's output measured (files, the largest file, the edge function bundle after
// compression, the CDN configuration files' rules, the nginx configuration) against every target's documented limits,
// written as a table beside the other deployment files; a target the content names fails the build when it is passed.
import { gzipSync } from 'node:zlib';
import type { DeployTarget } from '../../../model/types.js';
import { DEPLOY_PLATFORMS } from '../../../model/deploy-targets.js';
import type { Diagnostics } from '../../messages/diagnostics.js';
import type { Registry } from '../../registry/registry.js';
import type { ArtifactSet, Emitter, Validator } from '../../registry/types.js';
import { edgeRuntimeCode } from './edge-runtime-code.js';
import {
  limitValue,
  MEASURES,
  type MeasureName,
  PLATFORM_LIMITS,
  PLATFORM_TITLES,
  type PlanName,
  type PlatformName,
} from './platform-budgets.js';

export type Measured = Record<MeasureName, number>;

export interface BudgetLine {
  measure: MeasureName;
  title: string;
  unit: string;
  /** What was measured is `measured[measure]`, written once. */
  limit: number;
  fits: boolean;
  advisory: boolean;
  source: string;
}

export interface TargetBudget {
  platform: PlatformName;
  title: string;
  plan: PlanName;
  /** Named in the content's `deployTargets`: its limits fail the build. */
  named: boolean;
  lines: BudgetLine[];
}

export interface DeployBudgets {
  measured: Measured;
  targets: TargetBudget[];
}

/**
 * The bytes a platform uploads as the edge function, after compression (gzip, as Cloudflare's wrangler reports it):
 * the bundled runtime and the edge table it imports. The larger of the two wrappers.
 */
export function functionBundleSize(edgeTable: string): number {
  return Math.max(...edgeRuntimeCode().map((code) => gzipSync(`${code}\n${edgeTable}`).byteLength));
}

/**
 * Measures a build's output: its files are the registry's site entries and the streamed files (a context per page),
 * counted and sized by their digests (made once per build); the largest is of the files emitted.
 */
export function measureOutput(artifacts: ArtifactSet, registry: Registry): Measured {
  const text = (host: 'site' | 'deploy', file: string) => {
    const artifact = artifacts.get(host, file);
    return artifact ? artifacts.text(artifact) : '';
  };
  let files = registry.of('site').length;
  let largestFile = 0;
  for (const artifact of artifacts.values())
    if (artifact.entry.host === 'site') largestFile = Math.max(largestFile, artifacts.digest(artifact).bytes);
  for (const stream of artifacts.streams()) {
    if (stream.entry.host !== 'site') continue;
    for (const digest of stream.digests().values()) {
      files += 1;
      largestFile = Math.max(largestFile, digest.bytes);
    }
  }
  const routes = routesOf(text('site', '_routes.json'));
  const redirects = text('site', '_redirects')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
  const dynamic = redirects.filter((line) => /[*]|\/:[A-Za-z]/.test(line.trim().split(/\s+/)[0] ?? ''));
  const headers = text('site', '_headers').split('\n');
  const edgeTable = text('deploy', 'edge-table.json');
  return {
    files,
    largestFile,
    functionBundle: edgeTable ? functionBundleSize(edgeTable) : 0,
    routesRules: routes.length,
    routesRuleLength: Math.max(0, ...routes.map((r) => r.length)),
    redirectsStatic: redirects.length - dynamic.length,
    redirectsDynamic: dynamic.length,
    redirectsLine: Math.max(0, ...redirects.map((l) => l.length)),
    headersRules: headers.filter((line) => line.startsWith('/') || /^https?:\/\//.test(line)).length,
    headersLine: Math.max(0, ...headers.map((l) => l.length)),
    nginxConfig: Buffer.byteLength(text('deploy', 'nginx.conf')),
  };
}

function routesOf(json: string): string[] {
  if (!json) return [];
  const routes = JSON.parse(json) as { include?: string[]; exclude?: string[] };
  return [...(routes.include ?? []), ...(routes.exclude ?? [])];
}

/** Every platform's limits against what was measured; the named targets first, with their plans. */
export function deployBudgets(measured: Measured, targets: Pick<DeployTarget, 'platform' | 'plan'>[]): DeployBudgets {
  const named = new Map(targets.map((t) => [t.platform, t.plan ?? 'free']));
  const order = [...new Set([...targets.map((t) => t.platform), ...DEPLOY_PLATFORMS])];
  return {
    measured,
    targets: order.map((platform) => {
      const plan = named.get(platform) ?? 'free';
      return {
        platform,
        title: PLATFORM_TITLES[platform],
        plan,
        named: named.has(platform),
        lines: PLATFORM_LIMITS[platform].map((limit) => {
          const used = measured[limit.measure];
          const value = limitValue(limit, plan);
          return {
            measure: limit.measure,
            title: MEASURES[limit.measure].title,
            unit: MEASURES[limit.measure].unit,
            limit: value,
            fits: used <= value,
            advisory: limit.advisory === true,
            source: limit.source,
          };
        }),
      };
    }),
  };
}

export const emitDeployBudgets: Emitter = (_entry, { artifacts, model, registry }) => {
  for (const [host, file] of [
    ['site', '_headers'],
    ['deploy', 'edge-table.json'],
    ['deploy', 'nginx.conf'],
  ] as const) {
    if (!artifacts.get(host, file)) throw new Error(`The deployment budgets are measured after ${file}.`);
  }
  return `${JSON.stringify(deployBudgets(measureOutput(artifacts, registry), model.deployTargets), null, 2)}\n`;
};

/** Fails the build for every limit a named target's output passes (warns for an advisory one), at the target's line. */
export function checkBudgets(budgets: DeployBudgets, targets: DeployTarget[], diagnostics: Diagnostics): void {
  for (const target of budgets.targets) {
    if (!target.named) continue;
    const place = targets.find((t) => t.platform === target.platform)?.source;
    for (const line of target.lines) {
      const measure = MEASURES[line.measure];
      if (line.fits || ('atLine' in measure && measure.atLine)) continue;
      const plan = PLATFORM_LIMITS[target.platform].find((l) => l.measure === line.measure)?.value;
      const planWords = typeof plan === 'number' ? '' : ` on the ${target.plan} plan`;
      const message = {
        ruleId: measure.ruleId,
        reason: `The ${line.title} is ${budgets.measured[line.measure].toLocaleString('en')} ${line.unit}; ${target.title}${planWords} takes at most ${line.limit.toLocaleString('en')} (${line.source}).`,
        fix: measure.fix,
        place,
      };
      if (line.advisory) diagnostics.warn('validate', message);
      else diagnostics.error('validate', message);
    }
  }
}

export const checkDeployBudgets: Validator = (artifact, { artifacts, model, diagnostics }) => {
  checkBudgets(JSON.parse(artifacts.text(artifact)) as DeployBudgets, model.deployTargets, diagnostics);
};
