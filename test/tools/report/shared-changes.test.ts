import { describe, expect, it } from 'vitest';
import type { ArtifactChange } from '../../../generator/tools/report/compare.js';
import { groupChanges } from '../../../generator/tools/report/shared-changes.js';
import { diffText } from '../../../generator/tools/report/text-diff.js';

const changed = (path: string, before: string, after: string): ArtifactChange => ({
  path,
  status: 'changed',
  summary: { format: 'text', ...diffText(before, after) },
});

describe('groupChanges', () => {
  it('lists an edit made in several files once, with the files and how many are pages', () => {
    const page = (title: string) => `<head><title>${title} · Example Platform</title></head>\n<p>${title} body</p>\n`;
    const changes = [
      changed('dist/help.html', page('Help'), page('Help').replace('Platform<', 'Platform Two<')),
      changed(
        'dist/docs.html',
        page('Docs'),
        page('Docs').replace('Platform<', 'Platform Two<').replace('Docs body', 'Docs text'),
      ),
      changed('dist/llms.txt', '# Example Platform\n', '# Example Platform Two\n'),
      changed('dist/brand.md', '# Example Platform\n', '# Example Platform Two\n'),
    ];
    const { shared, own } = groupChanges(changes);
    expect(shared.map((s) => [s.files, s.pages])).toEqual([
      [['dist/help.html', 'dist/docs.html'], 2],
      [['dist/llms.txt', 'dist/brand.md'], 0],
    ]);
    expect(own.get('dist/help.html')).toEqual([]);
    expect(own.get('dist/docs.html')?.map((e) => e.after)).toEqual([['<p>Docs text</p>']]);
  });

  it('keeps an edit only one file has as that file own', () => {
    const { shared, own } = groupChanges([changed('dist/a.md', 'x\n', 'y\n'), changed('dist/b.md', 'x\n', 'z\n')]);
    expect(shared).toEqual([]);
    expect(own.get('dist/a.md')).toHaveLength(1);
  });
});
