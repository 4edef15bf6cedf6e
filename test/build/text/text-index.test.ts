// TextIndex: offsets in an emitted file turned into the 1-based line and column an editor jumps to.
import { describe, expect, it } from 'vitest';
import { TextIndex } from '../../../generator/build/text/text-index.js';

describe('text index', () => {
  it('places offsets at line starts, line ends, empty lines and the end of the text', () => {
    const index = new TextIndex('ab\ncd\n\nef');
    const at = (offset: number) => index.position(offset);
    expect(at(0)).toEqual({ line: 1, column: 1 });
    expect(at(1)).toEqual({ line: 1, column: 2 });
    expect(at(2)).toEqual({ line: 1, column: 3 }); // the newline ends its own line
    expect(at(3)).toEqual({ line: 2, column: 1 });
    expect(at(6)).toEqual({ line: 3, column: 1 }); // the empty line
    expect(at(7)).toEqual({ line: 4, column: 1 });
    expect(at(9)).toEqual({ line: 4, column: 3 }); // just past the last character
  });

  it('reads an empty text and a text that ends with a newline', () => {
    expect(new TextIndex('').position(0)).toEqual({ line: 1, column: 1 });
    expect(new TextIndex('a\n').position(2)).toEqual({ line: 2, column: 1 });
  });

  it('ends lines at LF only, so a CR is the last column of its line', () => {
    const index = new TextIndex('a\r\nb\r\n');
    expect(index.position(1)).toEqual({ line: 1, column: 2 });
    expect(index.position(3)).toEqual({ line: 2, column: 1 });
  });

  it('counts columns in UTF-16 code units, the unit of the offsets', () => {
    const text = 'é\n😀x';
    expect(new TextIndex(text).position(text.indexOf('x'))).toEqual({ line: 2, column: 3 });
  });

  it('finds the line among many', () => {
    const text = Array.from({ length: 1000 }, (_, i) => `line ${i + 1}`).join('\n');
    const index = new TextIndex(text);
    expect(index.position(text.indexOf('line 500'))).toEqual({ line: 500, column: 1 });
    expect(index.position(text.indexOf('line 1000') + 5)).toEqual({ line: 1000, column: 6 });
  });
});
