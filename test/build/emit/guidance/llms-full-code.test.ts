// llms-full.txt takes each guide whole, block by block: a code block with a blank line in it stays one block, as the
// guide's twin has it, and is never read as prose (its lines would be joined and the fences after it misread).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendLines, buildHostile } from '../../../helpers/hostile.js';

const fenced = ['```json', '{', '  "a": 1,', '', '  "b": "It is not a real company."', '}', '```'];
const inList = [
  '1. Send the request:',
  '',
  '   ```sh',
  '   curl -s https://example.com/',
  '',
  '   echo done',
  '   ```',
];

describe('llms-full.txt and code blocks', () => {
  it('keeps a code block with blank lines whole, at the top level and in a list item', {
    timeout: 60_000,
  }, async () => {
    const result = await buildHostile(async (dir) => {
      await appendLines(join(dir, 'pages/docs/errors.md'), ['', ...fenced, '', ...inList]);
    });
    expect(result.failed, result.report).toBe(false);
    const full = (await result.published('llms-full.txt'))!;
    const twin = (await result.published('docs/errors.md'))!;
    for (const block of [fenced.join('\n'), inList.slice(2).join('\n')]) {
      expect(twin).toContain(block);
      expect(full).toContain(block);
    }
  });
});
