// The dev loop's two paths: a save that changes only page bodies is served by the fast path and completed
// in the background; anything else (here: a title) takes the whole build. Real kinds, so the pages are the real ones.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../../generator/tools/dev/dev-server.js';
import type { BuildOutcome } from '../../../generator/tools/dev/dev-session.js';
import { copyContent, type TempContent } from '../../helpers/temp-content.js';

const LONG = 180_000;

let content: TempContent | undefined;
let server: DevServer | undefined;
afterEach(async () => {
  await server?.close();
  await content?.remove();
  server = content = undefined;
});

async function start() {
  content = await copyContent('dev-incremental-');
  server = await startDevServer({
    contentDir: content.contentDir,
    schemaDir: content.schemaDir,
    ports: { base_url: 0, api_url: 0, mcp_url: 0, auth_url: 0 },
    outDir: join(content.root, 'out'),
  });
  return { server, content };
}

/** The next build outcome that matches. */
function outcome(s: DevServer, match: (o: BuildOutcome) => boolean): Promise<BuildOutcome> {
  return new Promise((resolve) => s.session.onBuild((o) => (match(o) ? resolve(o) : undefined)));
}

const get = (s: DevServer, path: string) => fetch(`${s.addresses.base_url}${path}`).then((r) => r.text());

describe('npm run dev: the fast path for edited page bodies', () => {
  it(
    'serves an edited page at once, then completes the rest of the build in the background (llms-full.txt, the output folder) without a second reload',
    async () => {
      const { server, content } = await start();
      const file = join(content.contentDir, 'pages', 'pricing.md');
      const marker = 'A marker paragraph served by the fast path.';
      const fast = outcome(server, (o) => o.phase === 'pages');
      const completed = outcome(server, (o) => o.phase === 'complete');
      await writeFile(file, `${await readFile(file, 'utf8')}\n${marker}\n`);

      const served = await fast;
      expect(served).toMatchObject({ ok: true, phase: 'pages' });
      if (!served.ok) return;
      expect(served.build.complete).toBe(false);
      expect(served.changed?.map((e) => e.path).sort()).toEqual(['/pricing', '/pricing.md']);
      // Served from the build the fast path made: the page and its twin carry the edit.
      expect(served.build.artifacts.get('site', 'pricing.html')?.body).toContain(marker);
      expect(await get(server, '/pricing')).toContain(marker);
      expect(await get(server, '/pricing.md')).toContain(marker);

      const done = await completed;
      await server.session.idle();
      expect(done).toMatchObject({ ok: true, phase: 'complete' });
      if (!done.ok) return;
      // The pages' HTML is what the fast path served: open pages are not reloaded a second time.
      expect(done.build.id).toBe(served.build.id);
      expect(done.build.complete).toBe(true);
      expect(await get(server, '/llms-full.txt')).toContain(marker);
      expect(await readFile(join(content.root, 'out', 'llms-full.txt'), 'utf8')).toContain(marker);
      expect(await readFile(join(content.root, 'out', 'pricing.html'), 'utf8')).toContain(marker);
      expect(server.session.problems).toEqual([]);
    },
    LONG,
  );

  it(
    'shows a content error an edit brings in, keeps serving the page as it was, and recovers on the fix',
    async () => {
      const { server, content } = await start();
      const file = join(content.contentDir, 'pages', 'pricing.md');
      const original = await readFile(file, 'utf8');
      const before = await get(server, '/pricing');

      const failed = outcome(server, (o) => !o.ok);
      await writeFile(file, `${original}\nThe fee table:\n\n::no-such-table\n`);
      const problem = await failed;
      expect(problem).toMatchObject({ ok: false, phase: 'pages' });
      const line = original.split('\n').length + 3;
      expect(server.session.problems).toEqual([
        expect.objectContaining({ file: 'content/pages/pricing.md', line, ruleId: 'unknown-directive' }),
      ]);
      // Not served as if fine: the last good page stays, and the event stream carries the problem to the overlay.
      expect(await get(server, '/pricing')).toBe(before);
      const events = await fetch(`${server.addresses.base_url}/__dev/events`);
      const reader = events.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain('"ruleId":"unknown-directive"');
      await reader.cancel();

      const fixed = outcome(server, (o) => o.ok);
      await writeFile(file, `${original}\nThe fee table is not published.\n`);
      expect(await fixed).toMatchObject({ ok: true, phase: 'pages' });
      expect(server.session.problems).toEqual([]);
      expect(await get(server, '/pricing')).toContain('The fee table is not published.');
      await server.session.idle();
    },
    LONG,
  );

  it(
    'takes the whole build for a title change: the section page and llms indexes list the new title, and a nav title reaches every page',
    async () => {
      const { server, content } = await start();
      const file = join(content.contentDir, 'pages', 'help', 'connect-mcp-client.md');
      const title = 'Connecting your MCP client, retitled';
      let whole = outcome(server, (o) => o.ok);
      await writeFile(file, (await readFile(file, 'utf8')).replace(/^title:.*$/m, `title: ${title}`));
      expect(await whole).toMatchObject({ ok: true, phase: 'full' });
      expect(await get(server, '/help')).toContain(title);
      expect(await get(server, '/help/llms.txt')).toContain(title);
      expect(await get(server, '/help/connect-mcp-client')).toContain(`<title>${title}`);

      // The navigation's titles are the resources' (content/discovery-resources.yaml): a fact, so the whole build too.
      const resources = join(content.contentDir, 'discovery-resources.yaml');
      const nav = 'Pricing and plans';
      whole = outcome(server, (o) => o.ok);
      await writeFile(
        resources,
        (await readFile(resources, 'utf8')).replace('    title: Pricing\n', `    title: ${nav}\n`),
      );
      expect(await whole).toMatchObject({ ok: true, phase: 'full' });
      const build = server.session.current!;
      const pages = build.registry.ofKind('html-page').filter((e) => e.host === 'site');
      expect(pages.length).toBeGreaterThan(10);
      for (const entry of pages) {
        const html = build.artifacts.text(build.artifacts.get('site', entry.file)!);
        expect(html.slice(0, html.indexOf('</nav>')), entry.path).toContain(`>${nav}</a>`);
      }
      expect(await get(server, '/help/reading-errors')).toContain(`>${nav}</a>`);
      await server.session.idle();
    },
    LONG,
  );
});
