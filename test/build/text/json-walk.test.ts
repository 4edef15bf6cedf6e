// Walking a parsed JSON document: each value with its path, the strings in a value, pointers and key names.
import { describe, expect, it } from 'vitest';
import { type JsonPath, keyOf, pointer, stringsIn, walkJson } from '../../../generator/build/text/json-walk.js';

describe('walkJson', () => {
  it('visits every value, parents before children, with its path and the value that holds it', () => {
    const inner = { b: null };
    const list = [1, inner];
    const doc = { a: list, c: 'x' };
    const seen: [unknown, JsonPath, unknown][] = [];
    walkJson(doc, (value, path, parent) => seen.push([value, [...path], parent]));
    expect(seen).toEqual([
      [doc, [], undefined],
      [list, ['a'], doc],
      [1, ['a', 0], list],
      [inner, ['a', 1], list],
      [null, ['a', 1, 'b'], inner],
      ['x', ['c'], doc],
    ]);
  });

  it('visits a lone value and empty containers once', () => {
    for (const value of [5, 'text', null, [], {}]) {
      const paths: JsonPath[] = [];
      walkJson(value, (_v, path) => paths.push([...path]));
      expect(paths).toEqual([[]]);
    }
  });
});

describe('stringsIn', () => {
  it('gives every string value however deep, in document order, and no keys', () => {
    expect(stringsIn({ k: 'a', l: ['b', { m: 'c', n: 1, o: true }], p: null })).toEqual(['a', 'b', 'c']);
    expect(stringsIn('alone')).toEqual(['alone']);
    expect(stringsIn({})).toEqual([]);
  });
});

describe('pointer', () => {
  it('writes an RFC 6901 pointer: "~" as "~0" and "/" as "~1", indexes as decimals', () => {
    expect(pointer(['remotes', 0, 'url'])).toBe('/remotes/0/url');
    expect(pointer(['a/b', 'm~n'])).toBe('/a~1b/m~0n');
    // "~" is escaped first: the key "~1" must not read back as "/".
    expect(pointer(['~1', '/0'])).toBe('/~01/~10');
    expect(pointer(['café', '😀'])).toBe('/café/😀');
  });

  it('writes the empty key as an empty reference token', () => {
    expect(pointer([''])).toBe('/');
    expect(pointer(['a', ''])).toBe('/a/');
  });

  it('shows the whole document as "/" in a message (the empty pointer would print as nothing)', () => {
    expect(pointer([])).toBe('/');
  });
});

describe('keyOf', () => {
  it('gives the nearest key name, skipping array indexes', () => {
    expect(keyOf(['tools', 3, 'name'])).toBe('name');
    expect(keyOf(['tools', 3, 1])).toBe('tools');
    expect(keyOf([0, 1])).toBeUndefined();
    expect(keyOf([])).toBeUndefined();
  });
});
