// A kept page as a row of the kept pages' file: every page the load reads has one shape (see content/load.ts), and
// written as an object it names each of its eleven fields and its file three times. As a row, 10,000 pages are a third
// shorter to parse, and the page made from it holds its file's name once (its source and its fields' places share it).
// A page of any other shape is kept as an object, as before: a row is only ever a page the row gives back exactly.
import type { Page, SourcePlace } from '../../model/types.js';
import { FACTS_DIGEST } from './fingerprint.js';

/**
 * A page's fields in their order, its body as its place in the bodies' file (`at`, `bytes`) with its facts' digest, its
 * file once, and the places of its title's and description's values in that file.
 */
export type PageRow = [
  id: string,
  path: string,
  twinPath: string,
  section: string | null,
  title: string,
  description: string,
  order: number,
  at: number,
  bytes: number,
  facts: string,
  bodyLine: number,
  file: string,
  titleLine: number,
  titleColumn: number,
  descriptionLine: number,
  descriptionColumn: number,
];

const ROW_LENGTH = 16;
/** A page's fields in the load's order (a page without a section has no such field once kept). */
const FIELDS = 'id,path,twinPath,section,title,description,order,body,bodyLine,source,fieldPlaces';
const FIELDS_WITHOUT_SECTION = FIELDS.replace('section,', '');
const PLACE_KEYS = 'file,line,column';

/** The row of a page whose body is at `at` for `bytes` in the bodies' file; undefined when the page has another shape. */
export function toRow(page: Page, at: number, bytes: number, facts: string): PageRow | undefined {
  const keys = Object.keys(page).filter((key) => key !== 'section' || page.section !== undefined);
  const expected = page.section === undefined ? FIELDS_WITHOUT_SECTION : FIELDS;
  if (keys.join() !== expected) return undefined;
  const { id, path, twinPath, section, title, description, order, bodyLine, source, fieldPlaces } = page;
  const file = source.file;
  const titlePlace = fieldPlaces?.title;
  const descriptionPlace = fieldPlaces?.description;
  const fits =
    [id, path, twinPath, title, description, file].every((text) => typeof text === 'string') &&
    (section === undefined || typeof section === 'string') &&
    Number.isFinite(order) &&
    Number.isSafeInteger(bodyLine) &&
    isPlace(source, file) &&
    source.line === 1 &&
    source.column === 1 &&
    Object.keys(fieldPlaces!).join() === 'title,description' &&
    isPlace(titlePlace, file) &&
    isPlace(descriptionPlace, file);
  if (!fits) return undefined;
  return [
    id,
    path,
    twinPath,
    section ?? null,
    title,
    description,
    order,
    at,
    bytes,
    facts,
    bodyLine,
    file,
    titlePlace!.line!,
    titlePlace!.column!,
    descriptionPlace!.line!,
    descriptionPlace!.column!,
  ];
}

const isPlace = (place: SourcePlace | undefined, file: string): boolean =>
  place !== undefined &&
  Object.keys(place).join() === PLACE_KEYS &&
  place.file === file &&
  Number.isSafeInteger(place.line) &&
  Number.isSafeInteger(place.column);

/** Whether a value read from the kept pages' file is a row whose body lies inside a bodies' file of `size` bytes. */
export function isRow(value: unknown, size: number): value is PageRow {
  // Field by field, without making an array or a closure per row: 10,000 rows are checked at every rebuild.
  if (!Array.isArray(value) || value.length !== ROW_LENGTH) return false;
  const row = value as unknown[];
  for (const i of TEXT_FIELDS) if (typeof row[i] !== 'string') return false;
  for (const i of WHOLE_FIELDS) if (!Number.isSafeInteger(row[i])) return false;
  const at = row[7] as number;
  const bytes = row[8] as number;
  return (
    (row[3] === null || typeof row[3] === 'string') &&
    Number.isFinite(row[6]) &&
    at >= 0 &&
    bytes >= 0 &&
    at + bytes <= size &&
    FACTS_DIGEST.test(row[9] as string)
  );
}

/** The row's fields that are text: id, path, twinPath, title, description, the facts' digest, the file. */
const TEXT_FIELDS = [0, 1, 2, 4, 5, 9, 11] as const;
/** The row's fields that are whole numbers: the body's place and length, its line, the fields' lines and columns. */
const WHOLE_FIELDS = [7, 8, 10, 12, 13, 14, 15] as const;

/**
 * The page a row gives back, its fields in their order; `defineBody` puts its body in its place (an accessor that
 * reads the bodies' file when first asked).
 */
export function fromRow(row: PageRow, defineBody: (page: Page) => void): Page {
  const file = row[11];
  const page = { id: row[0], path: row[1], twinPath: row[2] } as Page;
  if (row[3] !== null) page.section = row[3];
  page.title = row[4];
  page.description = row[5];
  page.order = row[6];
  defineBody(page);
  page.bodyLine = row[10];
  page.source = { file, line: 1, column: 1 };
  page.fieldPlaces = {
    title: { file, line: row[12], column: row[13] },
    description: { file, line: row[14], column: row[15] },
  };
  return page;
}
