// Proof on a real server: a fresh build served by Debian's nginx through the generated configuration answers every
// registry path as the expectations say (status, media type, CORS, cache, Link, negotiation, query routes).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, freshBuild, kindsWithPlaceholders, writeBuild, type TestBuild } from './fixture.js';
import { expectations, problems, type Expectation } from './expectations.js';
import { findNginx, startNginx, type RunningNginx } from './nginx-server.js';

const nginx = findNginx();
if (!nginx && process.env.CI)
  throw new Error('nginx is not installed: .ci/run installs it with apt-get install -y nginx.');

async function ask(origin: string, expected: Expectation) {
  const response = await fetch(origin + expected.target, {
    method: expected.method,
    headers: expected.requestHeaders,
    redirect: 'manual',
  });
  return { status: response.status, headers: response.headers, body: new Uint8Array(await response.arrayBuffer()) };
}

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

  it('answers every registry path as expected', async () => {
    const cases = expectations(build.registry, build.artifacts);
    const found: string[] = [];
    for (const expected of cases) found.push(...problems(expected, await ask(server.origin, expected)));
    expect(found).toEqual([]);
    expect(cases.length).toBeGreaterThan(build.registry.of('site').length);
  });
});
