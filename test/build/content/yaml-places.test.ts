// A YAML source's places, as a read kept across builds holds them (plain JSON): every node and key of every content
// YAML file, and of YAML written in each of the forms the parser knows, is placed where the parser's own document
// places it, and the boundaries guard reports the same findings at the same places from the kept read as from the
// parsed one.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Document, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { guardContent } from '../../../generator/build/boundaries/content-guard.js';
import { placeOf, parseYamlSource, type YamlSource } from '../../../generator/build/content/yaml-source.js';
import { DEFAULT_CONTENT_DIR } from '../../../generator/build/files/project-paths.js';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import { loadShipped } from '../emit/public-pages/harness.js';

const shipped = readdirSync(DEFAULT_CONTENT_DIR, { recursive: true, encoding: 'utf8' })
  .filter((rel) => /\.ya?ml$/.test(rel))
  .map((rel) => ({ file: `content/${rel}`, text: readFileSync(join(DEFAULT_CONTENT_DIR, rel), 'utf8') }));

const forms = `# Every form a content file may use.
plain: words on one line
"quoted key": 'single quoted, with ''quotes'''
double: "double quoted \\u00e9 with an escape"
folded: >-
  a folded value
  on two lines
literal: |
  a literal value
200: a number key
'200': a string key of digits
true: a boolean key
~: a null key
flow: { a: 1, b: [x, "y z"], c: {} }
list:
  - one
  - key: value
    other: [1, 2]
  -
  - - nested
    - list
anchored: &anchor { name: kept }
aliased: *anchor
empty:
? [complex, key]
: complex value
`;

/** Every path to a node of the parser's document, the way a message names one (keys, then item indexes). */
function paths(node: unknown, path: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(path);
  if (isMap(node)) {
    for (const pair of node.items) {
      if (isPair(pair) && isScalar(pair.key) && ['string', 'number'].includes(typeof pair.key.value)) {
        paths(pair.value, [...path, pair.key.value as string | number], out);
      }
    }
  } else if (isSeq(node)) {
    for (const [i, item] of node.items.entries()) paths(item, [...path, i], out);
  }
  return out;
}

/** The parser's own place of a path: its document's node (or key), nearest ancestor first when it has none. */
function parserPlace(
  { doc, lineCounter }: { doc: Document; lineCounter: LineCounter },
  file: string,
  segments: (string | number)[],
  key: boolean,
) {
  for (let n = segments.length; n >= 0; n--) {
    const path = segments.slice(0, n);
    let node: Node | undefined;
    if (key && n === segments.length) {
      const parent = path.length <= 1 ? doc.contents : doc.getIn(path.slice(0, -1), true);
      const items = isMap(parent) ? parent.items : [];
      // A key is found by its value; a key without one (a collection) answers a path without a last segment.
      const last = path[path.length - 1];
      node = items.find((pair) => pair.key && (pair.key as { value?: unknown }).value === last)?.key as Node;
    } else node = (path.length === 0 ? doc.contents : doc.getIn(path, true)) as Node | undefined;
    if (node && 'range' in node && node.range) {
      const pos = lineCounter.linePos(node.range[0]);
      return { file, line: pos.line, column: pos.col };
    }
  }
  return { file, line: 1, column: 1 };
}

const kept = (source: YamlSource): YamlSource => JSON.parse(JSON.stringify(source)) as YamlSource;

describe('a YAML source as a kept read holds it', () => {
  it.each([...shipped, { file: 'forms.yaml', text: forms }])(
    'places every node and key of $file as the parser does',
    ({ file, text }) => {
      const source = parseYamlSource(text, file, new Diagnostics())!;
      expect(source).toBeDefined();
      const read = kept(source);
      const lineCounter = new LineCounter();
      const parsed = { doc: parseDocument(text, { lineCounter }), lineCounter };
      const all = paths(parsed.doc.contents);
      expect(all.length).toBeGreaterThan(5);
      for (const path of [...all, ['missing'], [...(all.at(-1) ?? []), 'below', 3], [1.5], ['list', '1', 'key']]) {
        expect(placeOf(read, path), JSON.stringify(path)).toEqual(parserPlace(parsed, file, path, false));
        expect(placeOf(read, path, true), JSON.stringify(path)).toEqual(parserPlace(parsed, file, path, true));
      }
    },
  );

  it('gives the boundaries guard the same findings at the same places as the parsed source', async () => {
    const { model } = await loadShipped();
    // Common words taken as an environment's addresses: every unit that holds one draws a finding at the word.
    const words = { base_url: 'the', api_url: 'a', mcp_url: 'public', auth_url: 'scope' };
    const judged = { ...model, environments: { ...model.environments, preview: words } };
    const findings = (sources: YamlSource[]) => {
      const diagnostics = new Diagnostics();
      guardContent({ sources, pages: [] }, judged, diagnostics);
      return diagnostics.list().map((m) => `${m.file}:${m.line}:${m.column} ${m.ruleId} ${m.reason}`);
    };
    const parsed = [...shipped, { file: 'content/forms.yaml', text: forms }].map(
      ({ file, text }) => parseYamlSource(text, file, new Diagnostics())!,
    );
    const made = findings(parsed);
    expect(made.length).toBeGreaterThan(100);
    // Findings inside one-line values (at the word) and at the start of others.
    expect(new Set(made.map((m) => m.split(' ')[0]!.split(':')[2])).size).toBeGreaterThan(20);
    expect(findings(parsed.map(kept))).toEqual(made);
  });
});
