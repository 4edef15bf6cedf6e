import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../generator/build/files/project-paths.js';
import { terminal } from '../../../generator/tools/terminal/terminal.js';
import { renderScorecard, Scorecard } from '../../../generator/tools/audit/scorecard.js';

const run = promisify(execFile);
const verify = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'generator/tools/cli/verify.ts', ...args], { cwd: PROJECT_ROOT }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

describe('npm run verify (command line)', () => {
  it('prints its help with the exit codes', async () => {
    const result = await verify('--help');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'Exit codes: 0 every check passed (warnings allowed), 1 a check failed, 2 usage error.',
    );
  });

  it('exits 2 on a missing or malformed base_url and on conflicting credentials', async () => {
    expect((await verify()).code).toBe(2);
    const bad = await verify('localhost:4100/x');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('must be http or https');
    expect((await verify('http://localhost:4100', '--token', 't', '--preview-auth')).code).toBe(2);
  });

  it('takes --journey with one base_url, and exits 2 on a base_url that is not http', async () => {
    expect((await verify('--help')).stdout).toContain('--journey');
    const bad = await verify('--journey', 'ftp://localhost:4100');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('must be an absolute http or https URL');
    expect((await verify('--journey')).code).toBe(2);
  });
});

describe('renderScorecard', () => {
  it('counts per area and spells out each failure, without colour off a terminal', () => {
    const card = new Scorecard();
    card.pass('resources', 'http://x/llms.txt', 'status');
    card.fail('resources', 'http://x/llms.txt', 'media-type', 'served as "text/plain"');
    card.add({ area: 'mcp', subject: 'http://m/mcp', check: 'tools-list', outcome: 'skip', detail: 'no token' });
    const text = renderScorecard(card, terminal({ isTTY: false, write: () => true } as never), 'Verify http://x');
    expect(text).toContain('✗ Registry resources: 1/2 checks passed');
    expect(text).toContain('    FAIL media-type http://x/llms.txt: served as "text/plain"');
    expect(text).toContain('    SKIP tools-list http://m/mcp: no token');
    expect(text).toContain('Not verified: 1 failed, 1 passed, 0 warnings.');
    expect(text).not.toContain('\u001b[');
  });

  it('with all checks, lists the passes with what they found', () => {
    const card = new Scorecard();
    card.pass('journey', 'http://x/llms.txt', 'read', 'MCP endpoint http://m/mcp');
    const text = renderScorecard(card, terminal({ isTTY: false, write: () => true } as never), 'Journey', true);
    expect(text).toContain('✓ Agent journey: 1/1 checks passed');
    expect(text).toContain('    pass read http://x/llms.txt: MCP endpoint http://m/mcp');
  });
});
