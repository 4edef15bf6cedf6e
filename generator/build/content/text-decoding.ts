// Turns a content file's bytes into the text the loader reads: UTF-8 only (an invalid byte is an error at its line),
// without a byte-order mark, with LF line endings (CRLF and CR read the same), and without control characters.
import type { Diagnostics } from '../messages/diagnostics.js';

// `fatal`: an invalid byte throws instead of becoming U+FFFD; a leading byte-order mark is dropped (ignoreBOM false).
const decoder = new TextDecoder('utf-8', { fatal: true });

/** The file's text, or undefined when it is not UTF-8 or holds a control character (reported at its place). */
export function decodeContent(bytes: Uint8Array, file: string, diagnostics: Diagnostics): string | undefined {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    const at = firstInvalidByte(bytes);
    const lineStart = bytes.lastIndexOf(0x0a, at - 1) + 1;
    const line = countLines(bytes, lineStart);
    const column = new TextDecoder().decode(bytes.subarray(lineStart, at)).length + 1;
    diagnostics.error('load', {
      ruleId: 'invalid-utf8',
      reason: `Byte 0x${bytes[at]!.toString(16).padStart(2, '0')} does not begin a valid UTF-8 character: the file is not UTF-8 text.`,
      fix: 'Save the file as UTF-8 (most editors: "Save with encoding"), or retype the character at this place.',
      place: { file, line, column },
    });
    return undefined;
  }
  return contentText(text, file, diagnostics);
}

// C0 controls other than tab, line feed and carriage return, and DEL: never text an editor means to publish. Nor are
// the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): invisible, they show text in
// another order than a reader takes it in ("Trojan Source"); the marks U+200E and U+200F, which reorder nothing, stay.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters looked for.
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

/** Text as the loader reads it: no byte-order mark, LF line endings, no control characters (else undefined). */
export function contentText(text: string, file: string, diagnostics: Diagnostics): string | undefined {
  let read = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (read.includes('\r')) read = read.replace(/\r\n?/g, '\n');
  const control = CONTROL_CHARACTER.exec(read);
  if (control) {
    const before = read.slice(0, control.index).split('\n');
    diagnostics.error('load', {
      ruleId: 'control-character',
      reason: `The control character U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} is not text.`,
      fix: 'Remove it (it is invisible in most editors: delete the character before the next visible one, and retype that).',
      place: { file, line: before.length, column: before.at(-1)!.length + 1 },
    });
    return undefined;
  }
  return read;
}

/**
 * Offset of the first byte of the first invalid sequence: the longest prefix that decodes as a stream (a sequence cut
 * at its end is not yet an error) ends right before it, or inside the sequence it starts.
 */
function firstInvalidByte(bytes: Uint8Array): number {
  let low = 0;
  let high = bytes.length;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, mid), { stream: true });
      low = mid;
    } catch {
      high = mid - 1;
    }
  }
  // The valid prefix may end in a sequence its next byte breaks (or the file's end cuts): the error starts there.
  for (let back = 1; back <= 3 && low - back >= 0; back++) {
    const byte = bytes[low - back]!;
    if (byte < 0x80) break;
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return low - back + length > low ? low - back : low;
    }
  }
  return Math.min(low, bytes.length - 1);
}

function countLines(bytes: Uint8Array, end: number): number {
  let line = 1;
  for (let i = bytes.indexOf(0x0a); i >= 0 && i < end; i = bytes.indexOf(0x0a, i + 1)) line++;
  return line;
}
