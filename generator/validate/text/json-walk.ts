// Walks a parsed JSON document, giving each value with the keys that lead to it.

export type JsonPath = (string | number)[];

export function walkJson(value: unknown, visit: (value: unknown, path: JsonPath) => void, path: JsonPath = []): void {
  visit(value, path);
  if (Array.isArray(value)) value.forEach((item, i) => walkJson(item, visit, [...path, i]));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) walkJson(item, visit, [...path, key]);
  }
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
