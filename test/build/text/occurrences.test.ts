// Where an address occurs in a text as a whole origin, not as the start of a longer host, port or name.
import { describe, expect, it } from 'vitest';
import { occurrences } from '../../../generator/build/text/occurrences.js';

const address = 'https://api.example';

describe('address occurrences', () => {
  it('finds the address before a path, a query, a fragment, a delimiter or the end', () => {
    const text = `${address}/x (${address}?q) "${address}#f" ${address}`;
    const expected = [0, text.indexOf(`${address}?`), text.indexOf(`${address}#`), text.lastIndexOf(address)];
    expect(occurrences(text, address)).toEqual(expected);
  });

  it('does not take a longer host, another port or a longer name for the address', () => {
    for (const longer of ['.org', ':8443', '-eu', 's', '_x', '2']) {
      expect(occurrences(`See ${address}${longer}/x`, address)).toEqual([]);
    }
  });

  it('finds an address that overlaps a longer run of the same characters at its last place', () => {
    expect(occurrences('aaa', 'aa')).toEqual([1]);
  });

  it('finds nothing in an empty text or for an empty address', () => {
    expect(occurrences('', address)).toEqual([]);
    expect(occurrences('any text', '')).toEqual([]);
  });
});
