// The build summary's table of deployment budgets: what the output uses of each target's documented limits.
import type { DeployBudgets } from '../../build/emit/cdn/deploy-budgets.js';
import type { ArtifactSet } from '../../build/registry/types.js';
import { formatBytes } from './format-bytes.js';

export function budgetSummary({ artifacts }: { artifacts: ArtifactSet }): string[] {
  const artifact = artifacts.get('deploy', 'deploy-budgets.json');
  if (!artifact) return [];
  return budgetTable(JSON.parse(artifacts.text(artifact)) as DeployBudgets);
}

/** One line per limit: target, what is measured, used / limit and the share, and whether it fits. */
export function budgetTable(budgets: DeployBudgets): string[] {
  const lines = ['Deployment budgets (used / limit; targets named in content/discovery-resources.yaml are enforced):'];
  for (const target of budgets.targets) {
    const who = `${target.title}${target.named ? '' : ' (not a target)'}${target.plan === 'paid' ? ', paid plan' : ''}`;
    for (const line of target.lines) {
      const used = budgets.measured[line.measure];
      const amount = (n: number) => (line.unit === 'bytes' ? formatBytes(n) : `${n.toLocaleString('en')} ${line.unit}`);
      const share = line.limit > 0 ? `${((used / line.limit) * 100).toFixed(used / line.limit < 0.1 ? 2 : 0)}%` : '';
      const verdict = line.fits ? 'fits' : line.advisory ? 'over (advised)' : 'OVER';
      lines.push(
        `  ${who.padEnd(28)} ${line.title.padEnd(38)} ${`${amount(used)} / ${amount(line.limit)}`.padEnd(30)} ${share.padStart(7)}  ${verdict}`,
      );
    }
  }
  return lines;
}
