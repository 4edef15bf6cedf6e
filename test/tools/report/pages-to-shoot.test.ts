import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArtifactChange } from '../../../generator/tools/report/compare.js';
import { renderMarkdown } from '../../../generator/tools/report/markdown-report.js';
import { pagesToShoot } from '../../../generator/tools/report/page-screenshots.js';
import { writeReportFolder } from '../../../generator/tools/report/report-folder.js';
import type { CheckReport } from '../../../generator/tools/report/run-check.js';
import { groupChanges } from '../../../generator/tools/report/shared-changes.js';
import { diffText } from '../../../generator/tools/report/text-diff.js';

const layout = (body: string, style = 'a') => `<head><style>${style}</style></head>\n<main>${body}</main>\n`;
const changed = (path: string, before: string, after: string): ArtifactChange => ({
  path,
  status: 'changed',
  summary: { format: 'text', ...diffText(before, after) },
});

function reportOf(artifacts: ArtifactChange[]): CheckReport {
  return {
    ok: true,
    env: 'production',
    base: { spec: 'main', source: 'git-ref', commit: 'c'.repeat(40), files: 40 },
    head: { files: 40, built: true },
    summary: { added: 0, removed: 0, changed: artifacts.length, unchanged: 0 },
    artifacts,
    shared: groupChanges(artifacts).shared,
    llms: [],
    findings: [],
  };
}

describe('pagesToShoot', () => {
  it('pictures one page for a change thirty pages share, and each page with a change of its own', () => {
    const pages = (edited: number) =>
      Array.from({ length: 30 }, (_, i) =>
        changed(`dist/p${i}.html`, layout(`page ${i}`), layout(i === edited ? `page ${i}, edited` : `page ${i}`, 'b')),
      );
    expect(pagesToShoot(reportOf(pages(-1)), 12)).toEqual({
      pages: [{ file: 'dist/p0.html', address: '/p0', status: 'changed' }],
      omitted: 29,
    });
    // The edited page shows the shared change too: no other picture is needed for it.
    const added: ArtifactChange = { path: 'dist/new.html', status: 'added', headBytes: 10 };
    const { pages: chosen, omitted } = pagesToShoot(reportOf([...pages(7), added]), 12);
    expect(chosen.map((p) => p.address)).toEqual(['/p7', '/new']);
    expect(omitted).toBe(29);
  });

  it('keeps to the cap, and the report says how many pages have no picture', () => {
    const pages = Array.from({ length: 5 }, (_, i) => changed(`dist/p${i}.html`, layout('x'), layout(`y${i}`)));
    const report = reportOf(pages);
    const { pages: chosen, omitted } = pagesToShoot(report, 2);
    expect(chosen).toHaveLength(2);
    expect(omitted).toBe(3);
    const markdown = renderMarkdown(report, {
      screenshots: {
        shots: chosen.map((p) => ({
          address: p.address,
          image: `screenshots${p.address}.png`,
          outlined: { before: 1, after: 1 },
        })),
        omitted,
        limit: 2,
      },
    });
    expect(markdown).toContain('[`/p0`](screenshots/p0.png), [`/p1`](screenshots/p1.png)');
    expect(markdown).toContain('Pictures are taken of 2 pages at most: 3 other changed pages have none.');
  });
});

describe('writeReportFolder without a browser', () => {
  it('says there are no pictures and why, and still writes the report and the browsable copy', async () => {
    const before = layout('old words');
    const after = layout('new words');
    const report = reportOf([changed('dist/help.html', before, after)]);
    const tree = (html: string) => new Map([['dist/help.html', { body: new TextEncoder().encode(html) }]]);
    const dir = await mkdtemp(join(tmpdir(), 'report-folder-'));
    try {
      const markdown = await writeReportFolder(
        { report, base: tree(before), head: tree(after), site: 'https://www.example.com' },
        dir,
        { screenshots: 12, chromium: join(dir, 'no-such-chromium') },
      );
      expect(markdown).toContain(
        `No pictures: no Chromium at \`${join(dir, 'no-such-chromium')}\` (set CHROMIUM_PATH).`,
      );
      expect(markdown).toContain('**Browse:** open `preview/help.html`');
      expect((await readdir(dir)).sort()).toEqual([
        'check-annotations.txt',
        'check-report.json',
        'check-report.md',
        'preview',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
