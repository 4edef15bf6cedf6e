// The cache folder's JSON files are written in ASCII, every other character as its `\u` escape (JSON reads the same
// value back), and read as Latin-1 when their bytes are all ASCII. V8 then holds the text one byte a character: one
// "é" among 7 MB of UTF-8 makes the whole decoded text two bytes a character, which parses about half as fast and
// leaves its strings twice the size for the collector to copy. A file with other bytes (written before, or by hand) is
// decoded as UTF-8, as it always was: the same characters either way, since ASCII reads the same in both.
import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/** Every UTF-16 code unit past ASCII: a pair's halves are escaped one by one, and JSON joins them again. */
const BEYOND_ASCII = /[\u0080-\uffff]/g;

const escaped = (unit: string) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `JSON.stringify(value)` in ASCII: the same value when parsed. */
export function asciiJson(value: unknown): string {
  const text = JSON.stringify(value) as string | undefined;
  if (text === undefined) throw new TypeError('asciiJson: the value has no JSON text');
  // Outside strings JSON writes only ASCII, so every match is inside a string, where an escape means the same. Built
  // piece by piece: `replace` with a function copies a text of megabytes about fifty times as slowly.
  let ascii = '';
  let from = 0;
  BEYOND_ASCII.lastIndex = 0;
  for (let match = BEYOND_ASCII.exec(text); match !== null; match = BEYOND_ASCII.exec(text)) {
    ascii += text.slice(from, match.index) + escaped(match[0]);
    from = match.index + 1;
  }
  return from === 0 ? text : ascii + text.slice(from);
}

/** A cache file's bytes as text: Latin-1 when all are ASCII (the same characters, one byte each), else UTF-8. */
export const cacheText = (bytes: Buffer): string => bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');

/** A cache file's text (see cacheText). */
export const readCacheText = async (path: string): Promise<string> => cacheText(await readFile(path));

/** As readCacheText, at once. */
export const readCacheTextSync = (path: string): string => cacheText(readFileSync(path));
