// Reads an emitted JSON artifact back with a map from JSON pointers to lines, so every message can say where.
import { createRequire } from 'node:module';
import type { Artifact, ValidateContext } from '../../registry/types.js';

interface Position {
  line: number;
  column: number;
}
interface PointerPositions {
  key?: Position;
  value: Position;
}
interface JsonSourceMap {
  parse(text: string): { data: unknown; pointers: Record<string, PointerPositions> };
}

// json-source-map ships no types; this is the one call we make.
const jsonMap = createRequire(import.meta.url)('json-source-map') as JsonSourceMap;

/** One JSON artifact as a validator sees it: the parsed value and where each pointer sits in the file. */
export class JsonDocument {
  private positions?: Record<string, PointerPositions>;

  private constructor(
    readonly artifact: Artifact,
    readonly value: unknown,
    private readonly text: string,
  ) {}

  /**
   * Where each pointer sits, mapped only when a message needs a place: the map holds an entry per JSON value, which
   * for a catalog of thousands of pages costs far more time and memory than parsing.
   */
  private get pointers(): Record<string, PointerPositions> {
    this.positions ??= jsonMap.parse(this.text).pointers;
    return this.positions;
  }

  /** Parses the artifact; reports `json-syntax` (and returns undefined) when it is not JSON. */
  static read(artifact: Artifact, context: ValidateContext): JsonDocument | undefined {
    const text = context.artifacts.text(artifact);
    try {
      return new JsonDocument(artifact, JSON.parse(text), text);
    } catch {
      // Not JSON: the source-map parser below names the position in the message.
    }
    try {
      const { data } = jsonMap.parse(text);
      return new JsonDocument(artifact, data, text);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      const at = /position (\d+)/.exec(detail);
      context.diagnostics.error('validate', {
        ruleId: 'json-syntax',
        reason: `${context.displayPath(artifact.entry)} is not valid JSON: ${detail}.`,
        fix: 'The emitter of this kind wrote broken JSON, or the file was edited after the build; rebuild it.',
        place: {
          file: context.displayPath(artifact.entry),
          ...(at ? lineOf(context.artifacts.text(artifact), Number(at[1])) : {}),
        },
      });
      return undefined;
    }
  }

  /** 1-based line and column of the value at a pointer, or of its nearest existing ancestor. */
  placeOf(pointer: string): { line: number; column: number } {
    for (let p = pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
      const found = this.pointers[p];
      if (found) {
        const at = found.key ?? found.value;
        return { line: at.line + 1, column: at.column + 1 };
      }
      if (p === '') return { line: 1, column: 1 };
    }
  }

  /** The value at a JSON pointer ("" is the whole document), or undefined. */
  get(pointer: string): unknown {
    if (pointer === '') return this.value;
    let current: unknown = this.value;
    for (const raw of pointer.slice(1).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      if (current === null || typeof current !== 'object') return undefined;
      current = (current as Record<string, unknown>)[key];
    }
    return current;
  }
}

/** Escapes one JSON pointer segment. */
export function pointerSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointerOf(...segments: (string | number)[]): string {
  return segments.map((s) => `/${pointerSegment(s)}`).join('');
}

function lineOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}
