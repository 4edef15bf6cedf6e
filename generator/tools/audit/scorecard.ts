// The verifier's scorecard: one line per check, grouped by area, printed for people or as JSON for machines.
import { plural } from '../terminal/plural.js';
import type { Terminal } from '../terminal/terminal.js';

export type Area = 'build' | 'resources' | 'auth-chain' | 'mcp' | 'journey';
export type Outcome = 'pass' | 'fail' | 'warn' | 'skip';

export interface Check {
  area: Area;
  /** What was checked: a URL, usually. */
  subject: string;
  /** The name of the check, stable for machines: `status`, `media-type`, `cors`, `tools-list`… */
  check: string;
  outcome: Outcome;
  /** What was found, and for a failure what was expected. */
  detail?: string;
}

export class Scorecard {
  readonly checks: Check[] = [];

  add(check: Check): void {
    this.checks.push(check);
  }

  pass(area: Area, subject: string, check: string, detail?: string): void {
    this.add({ area, subject, check, outcome: 'pass', detail });
  }

  fail(area: Area, subject: string, check: string, detail: string): void {
    this.add({ area, subject, check, outcome: 'fail', detail });
  }

  /** Passes when `ok`, fails with `detail` otherwise. */
  expect(ok: boolean, area: Area, subject: string, check: string, detail: string): boolean {
    this.add({ area, subject, check, outcome: ok ? 'pass' : 'fail', detail: ok ? undefined : detail });
    return ok;
  }

  get failures(): Check[] {
    return this.checks.filter((c) => c.outcome === 'fail');
  }

  get ok(): boolean {
    return this.failures.length === 0;
  }

  counts(): Record<Outcome, number> {
    const counts: Record<Outcome, number> = { pass: 0, fail: 0, warn: 0, skip: 0 };
    for (const c of this.checks) counts[c.outcome]++;
    return counts;
  }
}

const AREA_TITLES: Record<Area, string> = {
  build: 'Local build',
  resources: 'Registry resources',
  'auth-chain': 'Authentication discovery chain',
  mcp: 'MCP endpoint',
  journey: 'Agent journey',
};

/**
 * A person's view: per area the number of checks passed, then every failure and warning in full (with `all`, every
 * check, passes with what they found).
 */
export function renderScorecard(card: Scorecard, term: Terminal, title: string, all = false): string {
  const lines = [term.bold(title), ''];
  for (const area of Object.keys(AREA_TITLES) as Area[]) {
    const checks = card.checks.filter((c) => c.area === area);
    if (checks.length === 0) continue;
    const failed = checks.filter((c) => c.outcome === 'fail');
    const passed = checks.filter((c) => c.outcome === 'pass').length;
    const mark = failed.length ? term.red('✗') : term.green('✓');
    lines.push(
      `${mark} ${AREA_TITLES[area]}: ${passed}/${checks.length - checks.filter((c) => c.outcome === 'skip').length} checks passed`,
    );
    for (const c of checks) {
      if (c.outcome === 'pass' && !all) continue;
      const tag =
        c.outcome === 'pass'
          ? term.green('pass')
          : c.outcome === 'fail'
            ? term.red('FAIL')
            : c.outcome === 'warn'
              ? term.yellow('WARN')
              : term.dim('SKIP');
      lines.push(`    ${tag} ${c.check} ${c.subject}${c.detail ? `: ${c.detail}` : ''}`);
    }
  }
  const n = card.counts();
  lines.push(
    '',
    card.ok
      ? term.green(`Verified: ${n.pass} passed, ${plural(n.warn, 'warning')}.`)
      : term.red(`Not verified: ${n.fail} failed, ${n.pass} passed, ${plural(n.warn, 'warning')}.`),
  );
  return `${lines.join('\n')}\n`;
}
