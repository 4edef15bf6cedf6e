// A kept page as a row: a page of the shape the load reads comes back from its row with the same fields in the same
// order; a page of any other shape is not made a row (it is kept as an object); a row that is not one is refused.
import { describe, expect, it } from 'vitest';
import type { Page } from '../../../generator/model/types.js';
import { fromRow, isRow, toRow } from '../../../generator/build/cache/page-rows.js';

const FILE = 'content/pages/help/reading-errors.md';
const DIGEST = 'a'.repeat(22);

/** A page as the load reads one: its fields in the load's order, its places in its own file. */
const page = (section: string | undefined = 'help'): Page => ({
  id: 'help/reading-errors',
  path: '/help/reading-errors',
  twinPath: '/help/reading-errors.md',
  section,
  title: 'Reading errors',
  description: 'What a build’s messages say.',
  order: 3,
  body: 'The body.\n',
  bodyLine: 6,
  source: { file: FILE, line: 1, column: 1 },
  fieldPlaces: { title: { file: FILE, line: 2, column: 8 }, description: { file: FILE, line: 3, column: 15 } },
});

/** The page a row gives back, its body the text it was written with. */
const back = (row: unknown[]) => fromRow(row as never, (made) => void (made.body = 'The body.\n'));

describe('kept pages as rows', () => {
  it('gives back a page of the load’s shape with its fields in their order, its body where the load put it', () => {
    for (const section of ['help', undefined]) {
      const row = toRow(page(section), 100, 10, DIGEST)!;
      expect(isRow(row, 110)).toBe(true);
      const made = back(row);
      // As the kept pages' file held it before rows: a page without a section has no such field.
      expect(JSON.stringify(made)).toBe(JSON.stringify(page(section)));
      expect(Object.keys(made)).toEqual(Object.keys(JSON.parse(JSON.stringify(page(section)))));
    }
  });

  it('makes no row of a page of another shape: it is kept as an object', () => {
    const others: [string, (p: Page) => Page][] = [
      ['a field more', (p) => Object.assign(p, { tags: ['x'] })],
      ['its fields in another order', (p) => Object.assign({ title: p.title }, p)],
      ['a place in another file', (p) => ((p.fieldPlaces!.title!.file = 'content/pages/other.md'), p)],
      ['a place without a column', (p) => (delete p.fieldPlaces!.description!.column, p)],
      ['no places', (p) => (delete p.fieldPlaces, p)],
      ['a source not at its start', (p) => ((p.source.line = 2), p)],
      ['a title not text', (p) => Object.assign(p, { title: 42 })],
    ];
    expect(toRow(page(), 0, 10, DIGEST)).toBeDefined();
    for (const [other, change] of others) expect(toRow(change(page()), 0, 10, DIGEST), other).toBeUndefined();
  });

  it('refuses a row that is not one', () => {
    const row = toRow(page(), 100, 10, DIGEST)!;
    const damaged: [string, unknown[]][] = [
      ['its body past the end', row.with(8, 11)],
      ['its body before the start', row.with(7, -1)],
      ['a digest that is not one', row.with(9, 'x')],
      ['a field short', row.slice(0, -1)],
      ['a section not text', row.with(3, 1)],
      ['a line not a whole number', row.with(12, 1.5)],
    ];
    expect(isRow(row, 110)).toBe(true);
    for (const [damage, value] of damaged) expect(isRow(value, 110), damage).toBe(false);
    expect(isRow({ ...row }, 110)).toBe(false);
  });
});
