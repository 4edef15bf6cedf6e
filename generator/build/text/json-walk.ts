// Walks a parsed JSON document, giving each value with the keys that lead to it.

export type JsonPath = (string | number)[];

/**
 * Calls `visit` on every value, parents before children, with the keys that lead to it and the object or array that
 * holds it. The path is the walker's own and changes as it walks (one array for the whole walk, not one per value:
 * a page-context document has hundreds of thousands of values): copy it to keep it.
 */
export function walkJson(value: unknown, visit: (value: unknown, path: JsonPath, parent: unknown) => void): void {
  const path: JsonPath = [];
  const walk = (node: unknown, parent: unknown): void => {
    visit(node, path, parent);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        path.push(i);
        walk(node[i], node);
        path.pop();
      }
    } else if (node && typeof node === 'object') {
      for (const key of Object.keys(node)) {
        path.push(key);
        walk((node as Record<string, unknown>)[key], node);
        path.pop();
      }
    }
  };
  walk(value, undefined);
}

/** Every string inside a value, however deep. */
export function stringsIn(value: unknown): string[] {
  const out: string[] = [];
  walkJson(value, (v) => {
    if (typeof v === 'string') out.push(v);
  });
  return out;
}

/** A JSON pointer for messages ("/remotes/0/url"). */
export function pointer(path: JsonPath): string {
  return path.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('') || '/';
}

/** The nearest key name of a path (array indexes skipped): the key a value sits under. */
export function keyOf(path: JsonPath): string | undefined {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string') return path[i] as string;
  return undefined;
}
