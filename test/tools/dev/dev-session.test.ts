// The dev session with its real jobs (stub kinds, no server, no watcher): saves that arrive while a build or a
// background completion runs are built, in order, and none is lost.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DevSession, type BuildOutcome } from '../../../generator/tools/dev/dev-session.js';
import { ChangedFileWriter } from '../../../generator/tools/dev/write-changed.js';
import { stubKinds } from '../../helpers/stub-kinds.js';
import { copyContent, type TempContent } from '../../helpers/temp-content.js';

const ADDRESSES = {
  base_url: 'http://localhost:4100',
  api_url: 'http://localhost:4101',
  mcp_url: 'http://localhost:4102',
  auth_url: 'http://localhost:4103',
};

let content: TempContent | undefined;
let session: DevSession | undefined;
afterEach(async () => {
  await session?.close();
  await content?.remove();
  session = content = undefined;
});

async function start() {
  content = await copyContent('dev-session-');
  const s = new DevSession({
    contentDir: content.contentDir,
    schemaDir: content.schemaDir,
    kinds: stubKinds,
    addresses: ADDRESSES,
  });
  session = s;
  const outcomes: BuildOutcome[] = [];
  s.onBuild((o) => outcomes.push(o));
  await s.rebuild();
  const page = join(content.contentDir, 'pages', 'pricing.md');
  return { session: s, outcomes, page, original: readFileSync(page, 'utf8') };
}

const servedTwin = (s: DevSession) => s.current!.artifacts.text(s.current!.artifacts.get('site', 'pricing.md')!);
const phases = (outcomes: BuildOutcome[]) => outcomes.map((o) => `${o.phase} ${o.ok ? 'ok' : 'failed'}`);

describe('the dev session', () => {
  it('builds a save that arrives while the fast path runs right after it, the same page again', async () => {
    const { session, outcomes, page, original } = await start();
    writeFileSync(page, `${original}\nFirst save.\n`);
    const first = session.rebuild([page]);
    // Saved again before the first save's build has finished: queued, not merged into it, not lost.
    writeFileSync(page, `${original}\nSecond save.\n`);
    const second = session.rebuild([page]);
    expect(session.status).toMatchObject({ work: 'fast', due: 'saves' });
    await Promise.all([first, second]);
    await session.idle();
    expect(servedTwin(session)).toContain('Second save.');
    expect(phases(outcomes)).toEqual(['full ok', 'pages ok', 'pages ok', 'complete ok']);
    expect(session.status.served.status).toBe('complete');
  });

  it('builds a save that arrives while the whole build runs right after it', async () => {
    const { session, outcomes, page, original } = await start();
    const errors = join(content!.contentDir, 'errors.yaml');
    writeFileSync(errors, `${readFileSync(errors, 'utf8')}\n# A comment: the bytes changed.\n`);
    const whole = session.rebuild();
    expect(session.status.work).toBe('whole');
    writeFileSync(page, `${original}\nSaved during the whole build.\n`);
    const save = session.rebuild([page]);
    expect(session.status.due).toBe('saves');
    await Promise.all([whole, save]);
    await session.idle();
    expect(servedTwin(session)).toContain('Saved during the whole build.');
    expect(phases(outcomes)[1]).toBe('full ok');
    expect(session.status.served.status).toBe('complete');
  });

  it('abandons a completion when a save arrives during it: the newer page is served, then completed once', async () => {
    const { session, outcomes, page, original } = await start();
    writeFileSync(page, `${original}\nFirst save.\n`);
    await session.rebuild([page]);
    expect(session.status.work).toBe('completing');
    writeFileSync(page, `${original}\nSecond save.\n`);
    await session.rebuild([page]);
    await session.idle();
    expect(phases(outcomes)).toEqual(['full ok', 'pages ok', 'pages ok', 'complete ok']);
    expect(session.current?.complete).toBe(true);
    expect(servedTwin(session)).toContain('Second save.');
    expect(session.current!.artifacts.text(session.current!.artifacts.get('site', 'llms-full.txt')!)).toContain(
      'Second save.',
    );
  });

  it('shows a crash like a content problem, and builds the same bytes again on the next request', async () => {
    content = await copyContent('dev-session-crash-');
    // The output folder's place is taken by a file: writing the build throws.
    const out = join(content.root, 'out');
    writeFileSync(out, 'not a folder');
    const s = new DevSession({
      contentDir: content.contentDir,
      schemaDir: content.schemaDir,
      kinds: stubKinds,
      addresses: ADDRESSES,
      writer: new ChangedFileWriter(out),
    });
    session = s;
    await s.rebuild();
    expect(s.status.served).toMatchObject({
      status: 'waiting',
      problems: [
        expect.objectContaining({
          file: '(build)',
          ruleId: 'dev-build-crash',
          reason: expect.stringContaining('failed unexpectedly'),
        }),
      ],
    });
    rmSync(out);
    await s.rebuild();
    expect(s.status.served.status).toBe('complete');
    expect(readFileSync(join(out, 'pricing.md'), 'utf8')).toContain('# ');
  });
});
