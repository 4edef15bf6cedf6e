// The page contexts under `npm run dev`: the query route answers from the first build and after a text-only save,
// and the output folder keeps the shards of the contexts, so that it stays a valid preview tree.
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validateBuiltTree } from '../../../generator/build/validate-built.js';
import type { Addresses } from '../../../generator/model/types.js';
import { startDevServer, type DevServer } from '../../../generator/tools/dev/dev-server.js';
import type { BuildOutcome } from '../../../generator/tools/dev/dev-session.js';
import { startPreview, type RunningPreview } from '../../../generator/tools/preview/preview.js';
import { copyContent, type TempContent } from '../../helpers/temp-content.js';

const LONG = 180_000;
const ANY_PORT = { base_url: 0, api_url: 0, mcp_url: 0, auth_url: 0 };
/** Pages of each kind of route family: the home page, a section page, a top-level page. */
const PATHS = ['/', '/help', '/mcp'];

let content: TempContent | undefined;
let server: DevServer | undefined;
let preview: RunningPreview | undefined;
afterEach(async () => {
  await server?.close();
  await preview?.close();
  await content?.remove();
  server = preview = content = undefined;
});

function outcome(s: DevServer, match: (o: BuildOutcome) => boolean): Promise<BuildOutcome> {
  return new Promise((resolve) => s.session.onBuild((o) => (match(o) ? resolve(o) : undefined)));
}

async function pageContext(base: string, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}/api/agent/page-context?path=${encodeURIComponent(path)}`);
  const text = await response.text();
  return { status: response.status, body: response.ok ? JSON.parse(text) : text };
}

/** A copy of the content whose preview addresses are the ones the dev server bound, for validating what it wrote. */
async function contentFor(addresses: Addresses, from: TempContent): Promise<string> {
  const dir = join(from.root, 'content-as-served');
  await cp(from.contentDir, dir, { recursive: true });
  const service = join(dir, 'service.yaml');
  let text = await readFile(service, 'utf8');
  for (const [name, url] of Object.entries(addresses)) {
    text = text.replace(new RegExp(`^(    ${name}: )http://localhost:\\d+$`, 'm'), `$1${url}`);
  }
  await writeFile(service, text);
  return dir;
}

describe('npm run dev: page contexts', () => {
  it(
    'answers the page-context route from its first build, as npm run preview does',
    async () => {
      content = await copyContent('dev-context-first-');
      server = await startDevServer({
        contentDir: content.contentDir,
        schemaDir: content.schemaDir,
        ports: ANY_PORT,
        outDir: false,
      });
      preview = await startPreview({ contentDir: content.contentDir, ports: ANY_PORT });
      for (const path of PATHS) {
        const fromPreview = await pageContext(preview.addresses.base_url, path);
        expect(fromPreview.status, `preview ${path}`).toBe(200);
        const fromDev = await pageContext(server.addresses.base_url, path);
        expect(fromDev.status, `dev ${path}`).toBe(200);
        expect(fromDev.body).toMatchObject({ path });
      }
    },
    LONG,
  );

  it(
    'keeps the page contexts after a text-only save: served by the fast path and after its completion, written, and the tree valid',
    async () => {
      content = await copyContent('dev-context-save-');
      const out = join(content.root, 'out');
      server = await startDevServer({
        contentDir: content.contentDir,
        schemaDir: content.schemaDir,
        ports: ANY_PORT,
        outDir: out,
      });
      const s = server;
      const file = join(content.contentDir, 'pages', 'help.md');
      const fast = outcome(s, (o) => o.phase === 'pages');
      const completed = outcome(s, (o) => o.phase === 'complete');
      await writeFile(file, `${await readFile(file, 'utf8')}\nA sentence added to the help page.\n`);

      expect(await fast).toMatchObject({ ok: true, phase: 'pages' });
      for (const path of PATHS) expect((await pageContext(s.addresses.base_url, path)).status, path).toBe(200);

      const done = await completed;
      await s.session.idle();
      expect(done).toMatchObject({ ok: true, phase: 'complete', written: { removed: 0 } });
      for (const path of PATHS) expect((await pageContext(s.addresses.base_url, path)).status, path).toBe(200);
      // The shipped content's contexts are one shard.
      const shard = JSON.parse(await readFile(join(out, '_agent', 'page-context', '0.json'), 'utf8'));
      expect(shard['/help']).toMatchObject({ path: '/help' });

      const validated = await validateBuiltTree({
        dir: out,
        env: 'preview',
        contentDir: await contentFor(s.addresses, content),
        schemaDir: content.schemaDir,
      });
      expect(validated.diagnostics.list().filter((m) => m.fatal)).toEqual([]);
    },
    LONG,
  );
});
