// Proof on a real server: a fresh build served by Debian's nginx through the generated configuration answers every
// request of the expectations table as every other way of serving the site does.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, freshBuild, kindsWithPlaceholders, writeBuild, type TestBuild } from './fixture.js';
import { findNginx, startNginx, type RunningNginx } from './nginx-server.js';
import { checkServing } from './expectations.js';

const nginx = findNginx();
if (!nginx && process.env.CI)
  throw new Error('nginx is not installed: .ci/run installs it with apt-get install -y nginx.');

describe.skipIf(!nginx).each([
  ['a fresh build of the shipped content', false],
  ['page contexts holding $, quotes and backslashes', true],
])('the generated nginx configuration on a real nginx, for %s', (_name, placeholdersOnly) => {
  let build: TestBuild;
  let server: RunningNginx;
  let root: string;

  beforeAll(async () => {
    // The shipped content goes through `build` itself (every check, then written); the quoting case is in memory.
    const written = placeholdersOnly ? undefined : await freshBuild();
    build = written ?? (await buildInMemory(kindsWithPlaceholders({ placeholdersOnly })));
    const tree = written ?? (await writeBuild(build));
    root = tree.root;
    const config = build.artifacts.get('deploy', 'nginx.conf');
    if (!config) throw new Error('no nginx.conf in the deploy files');
    server = await startNginx(nginx!, build.artifacts.text(config), tree.dist, join(root, 'nginx'));
  });

  afterAll(async () => {
    await server?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('builds without cdn errors', () => {
    expect(build.cdnMessages).toEqual([]);
  });

  it('answers as the expectations table says', async () => {
    expect(await checkServing(server.origin, build)).toEqual([]);
  });
});
