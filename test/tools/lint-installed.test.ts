// `npm run lint` first checks that node_modules holds what package.json asks for: a checkout whose packages are older
// than its package.json (a pull that added one) would otherwise fail the folder rules with "not-to-unresolvable" on
// every import of the new package, and nothing would say that `npm ci` is the fix.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../generator/build/files/project-paths.js';

const { scripts } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

/** Runs the project's install check in a folder whose package.json asks for `dependencies` and has none installed. */
function checkInstall(dependencies: Record<string, string>) {
  dir = mkdtempSync(join(tmpdir(), 'lint-installed-'));
  const pkg = { name: 'installed-check', version: '1.0.0', private: true, dependencies, scripts };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
  return spawnSync('npm', ['run', '-s', 'lint:installed'], { cwd: dir, encoding: 'utf8' });
}

describe('npm run lint, before its rules', () => {
  it('is run by npm run lint', () => {
    expect(scripts.lint).toMatch(/^npm run -s lint:installed && /);
  });

  it('fails on a package package.json asks for and node_modules lacks, naming it and the fix', () => {
    const result = checkInstall({ 'left-pad': '^1.3.0' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('left-pad');
    expect(result.stderr).toContain('run npm ci');
  });

  it('passes when every package is installed', () => {
    const result = checkInstall({});
    expect(result.status, result.stderr).toBe(0);
  });
});
