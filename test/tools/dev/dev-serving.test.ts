// `npm run dev` held to the expectations table every way of serving the site is held to (request → status, headers,
// body digest, revalidation), after its first build and after a text-only save. The table is derived from the same
// content built on its own with the dev server's addresses, never from what dev serves.
//
// The one difference allowed: dev's HTML pages carry the live-reload client, a script element placed right before
// `</body>` that names the build served. The table is given pages with that element in (written here in the tests'
// own words), so every other byte, every header and every 304 must be what the preview sends.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runPipeline } from '../../../generator/build/pipeline.js';
import { ArtifactSet } from '../../../generator/build/registry/types.js';
import { startDevServer, type DevServer } from '../../../generator/tools/dev/dev-server.js';
import type { BuildOutcome } from '../../../generator/tools/dev/dev-session.js';
import { checkServing, type Build } from '../../runtime/serving/expectations.js';
import { copyContent, type TempContent } from '../../helpers/temp-content.js';

const LONG = 240_000;

let content: TempContent | undefined;
let server: DevServer | undefined;
afterEach(async () => {
  await server?.close();
  await content?.remove();
  server = content = undefined;
});

/** The content as it is now, built on its own for the dev server's addresses. */
async function buildOnItsOwn(s: DevServer, c: TempContent): Promise<Build> {
  const result = await runPipeline({
    env: 'preview',
    contentDir: c.contentDir,
    schemaDir: c.schemaDir,
    addresses: s.addresses,
  });
  expect(result.diagnostics.hasErrors).toBe(false);
  return { model: result.model!, registry: result.registry!, artifacts: result.artifacts! };
}

/** The build's files as dev serves them: each HTML page with the live-reload client of build `id` before `</body>`. */
function withClient(build: Build, id: number): Build {
  const artifacts = new ArtifactSet();
  for (const artifact of build.artifacts.values()) {
    if (!artifact.entry.mediaType.startsWith('text/html')) {
      artifacts.set(artifact);
      continue;
    }
    const html = build.artifacts.text(artifact);
    const script = `<script src="/__dev/client.js" data-dev-build="${id}"></script>`;
    artifacts.set({ entry: artifact.entry, body: html.replace('</body>', `${script}</body>`) });
  }
  for (const stream of build.artifacts.streams()) artifacts.setStream(stream);
  return { ...build, artifacts };
}

function outcome(s: DevServer, match: (o: BuildOutcome) => boolean): Promise<BuildOutcome> {
  return new Promise((resolve) => s.session.onBuild((o) => (match(o) ? resolve(o) : undefined)));
}

describe('npm run dev answers as the expectations table says', () => {
  it(
    'after its first build, and after a save that changes only a page text',
    async () => {
      content = await copyContent('dev-serving-');
      server = await startDevServer({
        contentDir: content.contentDir,
        schemaDir: content.schemaDir,
        ports: { base_url: 0, api_url: 0, mcp_url: 0, auth_url: 0 },
        outDir: false,
      });
      const s = server;
      const first = await buildOnItsOwn(s, content);
      expect(await checkServing(s.addresses.base_url, withClient(first, s.session.current!.id))).toEqual([]);
      // The table sees the client: without it, every page's body differs.
      const unmarked = await checkServing(s.addresses.base_url, first);
      expect(unmarked.length).toBeGreaterThan(0);
      expect(unmarked.every((p) => p.includes('body differs'))).toBe(true);

      const file = join(content.contentDir, 'pages', 'help.md');
      const completed = outcome(s, (o) => o.phase === 'complete');
      await writeFile(file, `${await readFile(file, 'utf8')}\nA sentence added to the help page.\n`);
      expect(await completed).toMatchObject({ ok: true, phase: 'complete' });
      await s.session.idle();
      const saved = await buildOnItsOwn(s, content);
      expect(await checkServing(s.addresses.base_url, withClient(saved, s.session.current!.id))).toEqual([]);
      // And the table sees the save: the build before it no longer matches.
      expect(await checkServing(s.addresses.base_url, withClient(first, s.session.current!.id))).not.toEqual([]);
    },
    LONG,
  );
});
