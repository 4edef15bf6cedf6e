// The cache folder's JSON files are written in ASCII, every other character as its `\u` escape (JSON reads the same
// value back), and read as Latin-1 when their bytes are all ASCII. V8 then holds the text one byte a character: one
// "é" among 7 MB of UTF-8 makes the whole decoded text two bytes a character, which parses about half as fast and
// leaves its strings twice the size for the collector to copy. A file with other bytes (written before, or by hand) is
// decoded as UTF-8, as it always was: the same characters either way, since ASCII reads the same in both.
import { isAscii } from 'node:buffer';
import { readFile } from 'node:fs/promises';

/** Each run of UTF-16 code units past ASCII: a pair's halves are escaped one by one, and JSON joins them again. */
const BEYOND_ASCII = /[\u0080-\uffff]+/g;

function escaped(run: string): string {
  let text = '';
  for (let i = 0; i < run.length; i++) text += `\\u${run.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return text;
}

/** The bytes of `JSON.stringify(value)` in ASCII: the same value when parsed. */
export function asciiJson(value: unknown): Buffer {
  const text = JSON.stringify(value) as string | undefined;
  if (text === undefined) throw new TypeError('asciiJson: the value has no JSON text');
  // Outside strings JSON writes only ASCII, so every match is inside a string, where an escape means the same. Made
  // as bytes, a piece at a time: one character past ASCII makes the whole text two bytes a character, and neither
  // `replace` with a function (fifty times as slow on megabytes) nor joining such texts is needed then.
  const pieces: Buffer[] = [];
  let from = 0;
  BEYOND_ASCII.lastIndex = 0;
  for (let match = BEYOND_ASCII.exec(text); match !== null; match = BEYOND_ASCII.exec(text)) {
    pieces.push(Buffer.from(text.slice(from, match.index), 'latin1'), Buffer.from(escaped(match[0]), 'latin1'));
    from = match.index + match[0].length;
  }
  if (from === 0) return Buffer.from(text, 'latin1');
  pieces.push(Buffer.from(text.slice(from), 'latin1'));
  return Buffer.concat(pieces);
}

/** A cache file's bytes as text: Latin-1 when all are ASCII (the same characters, one byte each), else UTF-8. */
export const cacheText = (bytes: Buffer): string => bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');

/** A cache file's text (see cacheText). */
export const readCacheText = async (path: string): Promise<string> => cacheText(await readFile(path));
