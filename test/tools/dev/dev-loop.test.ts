// The dev loop without a browser: what is served, what is written, and what happens on bad content.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../../generator/tools/dev/dev-server.js';
import { CLIENT_PATH, EventHub, injectClient } from '../../../generator/tools/dev/live-reload.js';
import { stubKinds } from '../../helpers/stub-kinds.js';
import { copyContent, type TempContent } from '../../helpers/temp-content.js';

let content: TempContent | undefined;
let server: DevServer | undefined;
afterEach(async () => {
  await server?.close();
  await content?.remove();
  server = content = undefined;
});

/** A dev server over the stub kinds, serving the site alone (the other hosts need the real artifacts). */
async function start(edit?: (dir: string) => Promise<void>, refuse: () => boolean = () => false) {
  content = await copyContent('dev-loop-');
  if (edit) await edit(content.contentDir);
  server = await startDevServer({
    contentDir: content.contentDir,
    schemaDir: content.schemaDir,
    kinds: stubKinds,
    ports: { base_url: 0, api_url: 0, mcp_url: 0, auth_url: 0 },
    outDir: join(content.root, 'out'),
    // The site alone: the other hosts need the real artifacts.
    otherHosts: () => {
      if (refuse()) throw new Error('The authorization server metadata disagrees with the server.');
      return {};
    },
  });
  return { server, content };
}

/** Waits until the session has settled on a build outcome that satisfies `done`. */
function nextBuild(s: DevServer, done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (done() ? resolve() : undefined);
    s.session.onBuild(() => setImmediate(check));
  });
}

describe('the dev server', () => {
  it('injects the reload script into served pages only, never into the written files or other media types', async () => {
    const { server, content } = await start();
    const page = await fetch(`${server.addresses.base_url}/docs`);
    const html = await page.text();
    expect(html).toContain(`<script src="${CLIENT_PATH}" data-dev-build="1"></script></body>`);
    // The page as served, script included, is what its ETag and length describe.
    expect(page.headers.get('content-length')).toBe(String(Buffer.byteLength(html)));
    const etag = page.headers.get('etag')!;
    const again = await fetch(`${server.addresses.base_url}/docs`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await readFile(join(content.root, 'out', 'docs.html'), 'utf8')).not.toContain(CLIENT_PATH);
    expect(await (await fetch(`${server.addresses.base_url}/docs.md`)).text()).not.toContain(CLIENT_PATH);
    const script = await fetch(`${server.addresses.base_url}${CLIENT_PATH}`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('rewrites only the files an edit changes, keeps the last good build on an error, and recovers', async () => {
    const { server, content } = await start();
    const out = join(content.root, 'out');
    const untouched = (await stat(join(out, 'openapi.json'))).mtimeMs;
    const file = join(content.contentDir, 'pages', 'pricing.md');
    const original = await readFile(file, 'utf8');

    const docs = await fetch(`${server.addresses.base_url}/docs`);
    const etag = docs.headers.get('etag')!;

    let settled = nextBuild(server, () => server.session.current?.id === 2);
    await writeFile(file, `${original}\nA new pricing note.\n`);
    await settled;
    // A page of the build before, revalidated, is sent again with this build's client: never a 304 that would keep
    // an open page reloading into the build it came from.
    const revalidated = await fetch(`${server.addresses.base_url}/docs`, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(200);
    expect(await revalidated.text()).toContain('data-dev-build="2"');
    // The fast path serves the page at once; the folder is written when the background completion has passed.
    await server.session.idle();
    expect(await readFile(join(out, 'pricing.md'), 'utf8')).toContain('A new pricing note.');
    expect((await stat(join(out, 'openapi.json'))).mtimeMs).toBe(untouched);

    settled = nextBuild(server, () => server.session.problems.length > 0);
    await writeFile(file, original.replace(/^description:.*$/m, 'description: [broken'));
    await settled;
    expect(server.session.problems[0]).toMatchObject({ file: 'content/pages/pricing.md', line: expect.any(Number) });
    const served = await fetch(`${server.addresses.base_url}/pricing.md`);
    expect(await served.text()).toContain('A new pricing note.');
    expect(await readFile(join(out, 'pricing.md'), 'utf8')).toContain('A new pricing note.');

    settled = nextBuild(server, () => server.session.problems.length === 0);
    await writeFile(file, original);
    await settled;
    await server.session.idle();
    expect(server.session.current?.id).toBe(3);
    expect(await readFile(join(out, 'pricing.md'), 'utf8')).not.toContain('A new pricing note.');
  });

  it('does not rebuild or reload for a save that changes no byte', async () => {
    const { server, content } = await start();
    const file = join(content.contentDir, 'pages', 'docs.md');
    let builds = 0;
    server.session.onBuild(() => builds++);
    await writeFile(file, await readFile(file));
    await server.session.rebuild();
    expect(builds).toBe(0);
    expect(server.session.current?.id).toBe(1);
  });

  it('starts on content that does not build, with a waiting page that shows the problems, then serves once fixed', async () => {
    const pricing = (dir: string) => join(dir, 'pages', 'pricing.md');
    let original = '';
    const { server, content } = await start(async (dir) => {
      original = await readFile(pricing(dir), 'utf8');
      await writeFile(pricing(dir), 'no front matter\n');
    });
    expect(server.session.current).toBeUndefined();
    const waiting = await fetch(`${server.addresses.base_url}/pricing`);
    expect(waiting.status).toBe(503);
    expect(await waiting.text()).toContain(CLIENT_PATH);
    const events = await fetch(`${server.addresses.base_url}/__dev/events`);
    const reader = events.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('"ruleId":"page-front-matter"');
    expect(first).toContain('"file":"content/pages/pricing.md"');
    await reader.cancel();

    const settled = nextBuild(server, () => server.session.current !== undefined);
    await writeFile(pricing(content.contentDir), original);
    await settled;
    expect((await fetch(`${server.addresses.base_url}/pricing`)).status).toBe(200);
  });
});

describe('a build the preview hosts refuse', () => {
  it('is shown like a content problem, the last build stays served, and the fix takes the whole build', async () => {
    let refuse = false;
    const { server, content } = await start(undefined, () => refuse);
    const outcomes: string[] = [];
    server.session.onBuild((o) => outcomes.push(`${o.phase} ${o.ok ? 'ok' : 'failed'}`));
    // A fact changed: the whole build, whose hosts are made anew.
    const errors = join(content.contentDir, 'errors.yaml');
    const facts = await readFile(errors, 'utf8');
    const page = join(content.contentDir, 'pages', 'pricing.md');
    const original = await readFile(page, 'utf8');

    refuse = true;
    let settled = nextBuild(server, () => server.session.problems.length > 0);
    await writeFile(errors, `${facts}\n# A comment the hosts are made again for.\n`);
    await writeFile(page, `${original}\nRefused by a host.\n`);
    await settled;
    expect(server.session.problems).toEqual([
      expect.objectContaining({ file: '(preview server)', ruleId: 'dev-host-refused' }),
    ]);
    expect(server.session.status.served.status).toBe('broken');
    expect(await (await fetch(`${server.addresses.base_url}/pricing.md`)).text()).not.toContain('Refused by a host.');

    refuse = false;
    settled = nextBuild(server, () => server.session.problems.length === 0);
    await writeFile(page, `${original}\nServed once the host accepts it.\n`);
    await settled;
    await server.session.idle();
    expect(outcomes.at(-1)).toBe('full ok');
    expect(await (await fetch(`${server.addresses.base_url}/pricing.md`)).text()).toContain(
      'Served once the host accepts it.',
    );
  });
});

describe('live reload pieces', () => {
  it('puts the script before </body>, or at the end of a page without one', () => {
    expect(injectClient('<html><body><p>x</p></BODY></html>', 7)).toBe(
      `<html><body><p>x</p><script src="${CLIENT_PATH}" data-dev-build="7"></script></BODY></html>`,
    );
    expect(injectClient('<p>x</p>', 1)).toBe(`<p>x</p><script src="${CLIENT_PATH}" data-dev-build="1"></script>`);
  });

  it('sends the state on connect and on every broadcast, and forgets closed streams', async () => {
    let state = { build: 1, problems: [] as never[] };
    const hub = new EventHub(() => state);
    const reader = hub.open().body!.getReader();
    const decode = async () => new TextDecoder().decode((await reader.read()).value);
    expect(await decode()).toContain('data: {"build":1,"problems":[]}');
    state = { build: 2, problems: [] };
    hub.broadcast();
    expect(await decode()).toBe('event: state\ndata: {"build":2,"problems":[]}\n\n');
    expect(hub.size).toBe(1);
    await reader.cancel();
    expect(hub.size).toBe(0);
    hub.close();
  });
});
