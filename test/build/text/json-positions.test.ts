// Where each value of a JSON text sits, by path: value and member-name offsets, nearest ancestors, non-JSON text.
import { describe, expect, it } from 'vitest';
import { jsonOffsets } from '../../../generator/build/text/json-positions.js';

describe('JSON offsets', () => {
  it('gives the offset of a value, or of its member name', () => {
    const text = '{\n  "name": "x",\n  "list": [10, {"deep": true}]\n}';
    const at = jsonOffsets(text)!;
    expect(at([])).toBe(0);
    expect(at(['name'])).toBe(text.indexOf('"x"'));
    expect(at(['name'], true)).toBe(text.indexOf('"name"'));
    expect(at(['list', 0])).toBe(text.indexOf('10'));
    expect(at(['list', 1, 'deep'])).toBe(text.indexOf('true'));
    // An array element has no name: its value is where it is.
    expect(at(['list', 1], true)).toBe(text.indexOf('{"deep"'));
  });

  it('finds members whose names hold "/", "~", an escape or nothing', () => {
    const text = '{"a/b": {"c~d": 1, "~1": 2}, "/": 3, "": 4, "q\\"\\u00e9": 5}';
    const at = jsonOffsets(text)!;
    expect(at(['a/b', 'c~d'])).toBe(text.indexOf('1'));
    expect(at(['a/b', '~1'])).toBe(text.indexOf('2'));
    expect(at(['/'])).toBe(text.indexOf('3'));
    expect(at([''])).toBe(text.indexOf('4'));
    expect(at(['q"é'])).toBe(text.indexOf('5'));
  });

  it('counts offsets in UTF-16 code units, as the text is indexed', () => {
    const text = '{"é😀": "x", "b": 1}';
    expect(jsonOffsets(text)!(['b'])).toBe(text.indexOf('1'));
  });

  it('places the document where its value starts, after leading whitespace', () => {
    expect(jsonOffsets('  \n[1]')!([])).toBe(3);
  });

  it('gives the nearest ancestor that exists for a path that does not', () => {
    const text = '{"list": [1, 2], "o": {}}';
    const at = jsonOffsets(text)!;
    expect(at(['list', 5])).toBe(text.indexOf('['));
    expect(at(['o', 'missing', 'deeper'], true)).toBe(text.indexOf('{}'));
    expect(at(['absent'])).toBe(0);
  });

  it('gives no function for a text that is not JSON', () => {
    for (const text of ['', 'not json', '{"a": 1', "{'a': 1}", '{"a": 1,}', '[1] [2]']) {
      expect(jsonOffsets(text)).toBeUndefined();
    }
  });
});
