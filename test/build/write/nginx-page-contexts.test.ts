// nginx's copy of the page contexts: every entry of every shard of a built tree in a file of its own, the bytes the
// route answers with, written all or nothing.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeNginxPageContexts } from '../../../generator/build/write/nginx-page-contexts.js';

let root: string;
const context = (path: string) => ({ path, title: `The page at ${path}`, rules: ['Read "this" \\ that.'] });

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'nginx-contexts-'));
  const dist = join(root, 'dist');
  mkdirSync(join(dist, '_agent/page-context'), { recursive: true });
  writeFileSync(
    join(dist, '_agent/page-context.json'),
    JSON.stringify({ contexts: { file: '/_agent/page-context/{shard}.json', shards: 2, hash: 'fnv-1a-32' } }),
  );
  writeFileSync(
    join(dist, '_agent/page-context/0.json'),
    JSON.stringify({ '/': context('/'), '/help/café': context('/help/café') }),
  );
  writeFileSync(join(dist, '_agent/page-context/1.json'), JSON.stringify({ '/help': context('/help') }));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('writeNginxPageContexts', () => {
  it('writes each path’s context to its own file, the path kept as folders', async () => {
    const out = join(root, 'page-context');
    mkdirSync(out);
    writeFileSync(join(out, 'stale.json'), '{}');
    expect(await writeNginxPageContexts(join(root, 'dist'), out)).toEqual({ dir: out, files: 3 });
    expect(fg.sync('**/*', { cwd: out, dot: true }).sort()).toEqual(['.json', 'help.json', 'help/café.json']);
    expect(readFileSync(join(out, 'help/café.json'), 'utf8')).toBe(JSON.stringify(context('/help/café')));
    expect(readFileSync(join(out, '.json'), 'utf8')).toBe(JSON.stringify(context('/')));
  });

  it('writes nothing for a tree without the page-context route', async () => {
    const out = join(root, 'none');
    expect(await writeNginxPageContexts(join(root, 'no-such-dist'), out)).toBeUndefined();
    expect(existsSync(out)).toBe(false);
  });

  it('leaves the folder in place untouched when a shard is missing', async () => {
    const out = join(root, 'kept');
    mkdirSync(out);
    writeFileSync(join(out, 'help.json'), 'before');
    const dist = join(root, 'dist');
    const data = join(dist, '_agent/page-context.json');
    writeFileSync(data, JSON.stringify({ contexts: { file: '/_agent/page-context/{shard}.json', shards: 3 } }));
    await expect(writeNginxPageContexts(dist, out)).rejects.toThrow();
    expect(readFileSync(join(out, 'help.json'), 'utf8')).toBe('before');
  });
});
