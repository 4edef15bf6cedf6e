// The pull-request workflow, read as GitHub reads it: annotations, one comment kept up to date, superseded runs
// cancelled, the report folder's files where the check writes them, every action pinned.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../../generator/build/files/project-paths.js';
import { PREVIEW_ARTIFACT, REPORT_FILES } from '../../../generator/tools/report/report-folder.js';

const run = promisify(execFile);
/** A GitHub expression as the workflow writes it: $ and the name in double braces. */
const expression = (name: string) => `$${'{{'} ${name} }}`;

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, string>;
}

const workflow = parse(await readFile(join(PROJECT_ROOT, '.github', 'workflows', 'check.yml'), 'utf8'));
const job = workflow.jobs.check;
const steps: Step[] = job.steps;
const checkStep = steps.find((s) => s.run?.includes('npm run check'))!;
const reportDir = /--report (\S+)/.exec(checkStep?.run ?? '')?.[1];
const comesAfterCheck = (step: Step) => steps.indexOf(step) > steps.indexOf(checkStep);

describe('.github/workflows/check.yml', () => {
  it('runs the check on pull requests into a report folder', () => {
    expect(Object.keys(workflow.on)).toEqual(['pull_request']);
    expect(checkStep.run).toContain(`--base "origin/${expression('github.base_ref')}"`);
    expect(reportDir).toBe('check-report');
  });

  it('cancels the run of a superseded push: one concurrency group per pull request', () => {
    expect(workflow.concurrency).toEqual({
      group: expect.stringContaining(expression('github.event.pull_request.number')),
      'cancel-in-progress': true,
    });
  });

  it('prints the annotations file, so each finding is an annotation at its file and line', () => {
    const step = steps.find((s) => s.run?.includes(`cat ${reportDir}/${REPORT_FILES.annotations}`));
    expect(step).toBeDefined();
    expect(comesAfterCheck(step!)).toBe(true);
    // A failed check is when annotations matter most.
    expect(step!.if).toContain('always()');
  });

  it('keeps one comment on the pull request up to date with the report, with the permission it needs', () => {
    const step = steps.find((s) => s.uses?.startsWith('marocchino/sticky-pull-request-comment@'));
    expect(step?.with).toEqual({ header: 'check-report', path: `${reportDir}/${REPORT_FILES.markdown}` });
    expect(step!.if).toContain('always()');
    expect(comesAfterCheck(step!)).toBe(true);
    expect(workflow.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
  });

  it('publishes the report as the job summary', () => {
    const step = steps.find((s) => s.run?.includes('GITHUB_STEP_SUMMARY'));
    expect(step?.run).toContain(`cat ${reportDir}/${REPORT_FILES.markdown}`);
  });

  it('uploads the browsable copy as the preview artifact the report names, and the report with its pictures', () => {
    const uploads = steps.filter((s) => s.uses?.startsWith('actions/upload-artifact@'));
    const preview = uploads.find((s) => s.with?.name === PREVIEW_ARTIFACT);
    expect(preview?.with?.path).toBe(`${reportDir}/${REPORT_FILES.preview}/`);
    const report = uploads.find((s) => s.with?.name === 'check-report');
    expect(report?.with?.path).toContain(`${reportDir}/`);
  });

  it('pins every action to a full commit', () => {
    const uses = steps.filter((s) => s.uses).map((s) => s.uses!);
    expect(uses.length).toBeGreaterThan(3);
    for (const action of uses) expect(action).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
  });

  it('passes only options the check command has', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'generator/tools/cli/check.ts', '--help'], {
      cwd: PROJECT_ROOT,
    });
    for (const option of checkStep.run!.match(/--[a-z-]+/g)!) expect(stdout).toMatch(new RegExp(`^  ${option} `, 'm'));
  });
});
