// The push workflow, read as GitHub reads it: it runs .ci/run itself (so it checks exactly what the project's CI
// checks), on every push and pull request, on Debian with Node 20, every action pinned to a commit.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../generator/build/files/project-paths.js';

interface Step {
  uses?: string;
  run?: string;
}

const workflow = parse(await readFile(join(PROJECT_ROOT, '.github', 'workflows', 'ci.yml'), 'utf8'));
const jobs = Object.values(workflow.jobs) as { container?: string; steps: Step[]; env?: Record<string, string> }[];
const ciRun = await readFile(join(PROJECT_ROOT, '.ci', 'run'), 'utf8');
const packageJson = JSON.parse(await readFile(join(PROJECT_ROOT, 'package.json'), 'utf8'));

describe('.github/workflows/ci.yml', () => {
  it('runs on every push and every pull request', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
    expect(workflow.on.push).toBeNull();
    expect(workflow.on.pull_request).toBeNull();
  });

  it('runs .ci/run, in CI mode, after checking the repository out', () => {
    expect(jobs).toHaveLength(1);
    const [job] = jobs;
    const runs = job!.steps.filter((s) => s.run).map((s) => s.run!.trim());
    expect(runs).toEqual(['bash .ci/run']);
    const checkout = job!.steps.findIndex((s) => s.uses?.startsWith('actions/checkout@'));
    expect(checkout).toBeGreaterThanOrEqual(0);
    expect(checkout).toBeLessThan(job!.steps.findIndex((s) => s.run));
    expect(job!.env?.CI).toBe('true');
  });

  it('runs on Debian with the Node major the project declares', () => {
    const major = /(\d+)/.exec(packageJson.engines.node)![1];
    expect(jobs[0]!.container).toBe(`node:${major}-bookworm`);
  });

  it('pins every action to a full commit', () => {
    for (const step of jobs[0]!.steps.filter((s) => s.uses)) expect(step.uses).toMatch(/@[0-9a-f]{40}$/);
  });
});

describe('.ci/run', () => {
  it('type-checks, lints and runs the test command README.md gives', async () => {
    const readme = await readFile(join(PROJECT_ROOT, 'README.md'), 'utf8');
    const testCommand = /```sh\n[^\n]*\n(npm [^\s#]+(?: [^\s#]+)*)/.exec(readme)![1];
    const commands = ciRun.split('\n').filter((l) => /^(npx|npm) /.test(l));
    expect(commands).toEqual(
      expect.arrayContaining(['npm ci --no-audit --no-fund', 'npx tsc --noEmit', 'npm run lint', testCommand]),
    );
    expect(commands.indexOf(testCommand!)).toBe(commands.length - 1);
  });
});
