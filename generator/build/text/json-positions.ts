// Where each value of a JSON artifact sits in its text, by JSON path, so messages point at the exact member.
import { createRequire } from 'node:module';
import { pointer, type JsonPath } from './json-walk.js';

interface Position {
  pos: number;
}
interface JsonSourceMap {
  parse(text: string): { data: unknown; pointers: Record<string, { key?: Position; value: Position }> };
}

// json-source-map ships no types; parse is the one call made.
const jsonMap = createRequire(import.meta.url)('json-source-map') as JsonSourceMap;

/** A function from a JSON path to the offset of its value (or of its member name), or undefined if the text is not JSON. */
export function jsonOffsets(text: string): ((path: JsonPath, key?: boolean) => number) | undefined {
  let pointers: Record<string, { key?: Position; value: Position }>;
  try {
    pointers = jsonMap.parse(text).pointers;
  } catch {
    return undefined;
  }
  return (path, key = false) => {
    // The nearest existing ancestor, when a path is not in the document.
    for (let n = path.length; n >= 0; n--) {
      const found = pointers[n === 0 ? '' : pointer(path.slice(0, n))];
      if (found) return (key && n === path.length ? found.key : undefined)?.pos ?? found.value.pos;
    }
    return 0;
  };
}
