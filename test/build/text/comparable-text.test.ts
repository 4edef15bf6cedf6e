// How the repeated-sentence check and llms-full.txt compare sentences: by their words, with list markers, table pipes,
// Markdown marks and case set aside; a heading or a unit under six words is never compared.
import { describe, expect, it } from 'vitest';
import { comparableText } from '../../../generator/build/text/prose-rules.js';

describe('comparableText', () => {
  it('keeps the words and sets aside list markers, pipes, code and emphasis marks, backslashes and case', () => {
    expect(comparableText('- The `pricing` API | answers *every* request_for a\\ price,   quickly.')).toBe(
      'the pricing api answers every request for a price, quickly.',
    );
    expect(comparableText('12. Agents  READ the\tprice list\nbefore they call any tool.')).toBe(
      'agents read the price list before they call any tool.',
    );
  });

  it('compares nothing for a heading or fewer than six words', () => {
    expect(comparableText('## A heading that has more than eight words in it')).toBeUndefined();
    expect(comparableText('- Five `words` | only *here* now')).toBeUndefined();
    expect(comparableText('| | ** __ `` |')).toBeUndefined();
  });
});
