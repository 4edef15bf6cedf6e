// The page expansion: directives from the model, placeholders, site links, and the positioned messages of each mistake.
import { beforeAll, describe, expect, it } from 'vitest';
import { toString as textOf } from 'mdast-util-to-string';
import type { Root, Table, List } from 'mdast';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import type { Model, Page } from '../../../generator/model/types.js';
import type { Registry } from '../../../generator/build/registry/registry.js';
import { expandPage } from '../../../generator/build/render/expand.js';
import { pageParser } from '../../../generator/build/render/processor.js';
import { loadShipped } from '../../helpers/pages.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../../generator/build/files/project-paths.js';
import { blockDirectives, inlineDirectives } from '../../../generator/build/render/directives/index.js';

let model: Model;
let registry: Registry;

beforeAll(async () => {
  ({ model, registry } = await loadShipped());
}, 60_000);

/** A page as the loader would give it: its body starts on line 5 of content/pages/help/test.md. */
function pageOf(body: string, path = '/help/test'): Page {
  return {
    id: path.slice(1),
    path,
    twinPath: `${path}.md`,
    section: 'help',
    title: 'Test page',
    description: 'A page for the test.',
    order: 1,
    body,
    bodyLine: 5,
    source: { file: 'content/pages/help/test.md', line: 1, column: 1 },
  };
}

function expand(body: string, path?: string): { tree: Root; diagnostics: Diagnostics } {
  const page = pageOf(body, path);
  const diagnostics = new Diagnostics();
  const tree = expandPage({ page, tree: pageParser.parse(body), model, registry, diagnostics });
  return { tree, diagnostics };
}

const rows = (table: Table) => table.children.slice(1).map((row) => row.children.map((cell) => textOf(cell)));

describe('directives', () => {
  it('::controls becomes a table with one row per control of the model, with its scope', () => {
    const { tree, diagnostics } = expand('::controls\n');
    expect(diagnostics.list()).toEqual([]);
    const table = tree.children.find((n): n is Table => n.type === 'table')!;
    expect(rows(table).map((r) => [r[0], r[2]])).toEqual(
      model.mcpServer.controls.map((c) => [c.name, c.requiredScope]),
    );
  });

  it('::discovery-chain lists the chain in order with the environment addresses filled', () => {
    const { tree } = expand('::discovery-chain\n');
    const list = tree.children.find((n): n is List => n.type === 'list')!;
    expect(list.ordered).toBe(true);
    const texts = list.children.map((item) => textOf(item));
    model.authentication.discoveryChain.forEach((step, i) => {
      const url = step.url.replace(/\{(\w+)\}/, (_, name: keyof Model['addresses']) => model.addresses[name]);
      expect(texts[i]).toContain(url);
    });
  });

  it('::not-shown{only=…} states the chosen items as not published', () => {
    const item = model.notShown[0]!;
    const { tree, diagnostics } = expand(`::not-shown{only="${item.id}"}\n`);
    expect(diagnostics.list()).toEqual([]);
    const text = textOf(tree);
    expect(text).toContain(item.subject);
    expect(text).toContain('not published');
    expect(text).not.toContain(model.notShown[1]!.subject);
  });

  it("::section-pages lists the sub-pages of the section in the editors' order", () => {
    const { tree } = expand('::section-pages{section="help"}\n', '/help');
    const expected = model.pages
      .filter((p) => p.section === 'help')
      .sort((a, b) => a.order - b.order)
      .map((p) => p.title);
    const list = tree.children.find((n): n is List => n.type === 'list')!;
    expect(list.children.map((item) => textOf(item).split(':')[0])).toEqual(expected);
  });

  it('reports an unknown directive at its line and column in the page file', () => {
    const { diagnostics } = expand('Intro.\n\n::controlz\n');
    expect(diagnostics.list()).toMatchObject([
      { file: 'content/pages/help/test.md', line: 7, column: 1, ruleId: 'unknown-directive', fatal: true },
    ]);
  });

  it('reports an attribute the directive does not take, and an unknown not-shown id', () => {
    const { diagnostics } = expand('::controls{group="x"}\n\n::not-shown{only="nope"}\n');
    expect(diagnostics.list().map((m) => [m.ruleId, m.line])).toEqual([
      ['unknown-directive-attribute', 5],
      ['unknown-not-shown', 7],
    ]);
  });

  it('keeps prose that merely looks like a text directive ("10:30") as written', () => {
    const { tree, diagnostics } = expand('Meet at 10:30 and read error.data:code.\n');
    expect(diagnostics.list()).toEqual([]);
    expect(textOf(tree)).toContain('Meet at 10:30 and read error.data:code.');
  });

  it('expands inline directives inside a sentence', () => {
    const { tree } = expand('Welcome to :service-name.\n');
    expect(textOf(tree)).toContain(`Welcome to ${model.identity.name}.`);
  });
});

describe('the index notice', () => {
  it('says in one short line, right under the title, where the llms.txt index is', () => {
    const { tree } = expand('Body.\n');
    const notice = tree.children[1] as { type: string; children: { type: string; url?: string }[] };
    expect(notice.type).toBe('paragraph');
    expect(notice.children.find((n) => n.type === 'link')?.url).toBe(`${model.addresses.base_url}/llms.txt`);
  });
});

describe('placeholders', () => {
  it('fills the four addresses in text and link destinations', () => {
    const { tree, diagnostics } = expand('Endpoint {mcp_url}/mcp, see [auth]({base_url}/auth.md).\n');
    expect(diagnostics.list()).toEqual([]);
    expect(textOf(tree)).toContain(`Endpoint ${model.addresses.mcp_url}/mcp`);
    // children[0] is the title, children[1] the line saying where the llms.txt index is.
    const link = (
      tree.children[2] as { children: { type: string; url?: string; children?: { value?: string }[] }[] }
    ).children.find((n) => n.type === 'link' && n.children?.[0]?.value === 'auth');
    expect(link?.url).toBe(`${model.addresses.base_url}/auth.md`);
  });

  it('reports an unknown placeholder at its column', () => {
    const { diagnostics } = expand('Line one.\n\nCall {shop_url}/x now.\n');
    expect(diagnostics.list()).toMatchObject([{ line: 7, column: 6, ruleId: 'unknown-placeholder' }]);
  });
});

describe('site links', () => {
  it('makes a link to an emitted path absolute, relative ones resolved from the page', () => {
    const { tree, diagnostics } = expand('[Pricing](/pricing) and [errors](reading-errors)\n', '/help/test');
    expect(diagnostics.list()).toEqual([]);
    const urls = (tree.children[2] as { children: { type: string; url?: string }[] }).children
      .filter((n) => n.type === 'link')
      .map((n) => n.url);
    expect(urls).toEqual([registry.url('/pricing'), registry.url('/help/reading-errors')]);
  });

  it('reports a link to a path the build does not emit, at the link', () => {
    const { diagnostics } = expand('Intro.\n\nSee [the old page](/help/old-page).\n');
    expect(diagnostics.list()).toMatchObject([{ line: 7, column: 5, ruleId: 'unresolved-site-link' }]);
  });

  it('leaves links to other hosts alone', () => {
    const { diagnostics } = expand('[spec](https://modelcontextprotocol.io/) and [server]({mcp_url}/mcp)\n');
    expect(diagnostics.list()).toEqual([]);
  });
});

describe('title', () => {
  it('puts the front-matter title first as the one H1', () => {
    const { tree } = expand('Body.\n');
    expect(tree.children[0]).toMatchObject({ type: 'heading', depth: 1 });
    expect(textOf(tree.children[0]!)).toBe('Test page');
  });

  it('reports a level-1 heading in the body', () => {
    const { diagnostics } = expand('# Another title\n');
    expect(diagnostics.list()).toMatchObject([{ line: 5, column: 1, ruleId: 'page-title-heading' }]);
  });
});

describe('every directive', () => {
  it('expands on the shipped content without a message', () => {
    for (const name of Object.keys(blockDirectives)) {
      const { tree, diagnostics } = expand(`::${name}\n`, '/help');
      expect(diagnostics.list(), name).toEqual([]);
      expect(tree.children.length, name).toBeGreaterThan(1);
    }
  });

  it('is documented in the README for editors', async () => {
    const readme = await readFile(join(PROJECT_ROOT, 'README.md'), 'utf8');
    for (const name of Object.keys(blockDirectives)) expect(readme, name).toContain(`\`::${name}`);
    for (const name of Object.keys(inlineDirectives)) expect(readme, name).toContain(`\`:${name}\``);
  });

  it('reports an unknown group, an unknown section and missing route families at the directive', () => {
    const { diagnostics } = expand('::discovery-resources{group="nope"}\n\n::section-pages{section="nope"}\n');
    expect(diagnostics.list().map((m) => [m.ruleId, m.line])).toEqual([
      ['unknown-group', 5],
      ['unknown-section', 7],
    ]);
    const page = pageOf('::route-families\n');
    const without = new Diagnostics();
    expandPage({
      page,
      tree: pageParser.parse(page.body),
      model: { ...model, publicPages: undefined },
      registry,
      diagnostics: without,
    });
    expect(without.list()).toMatchObject([{ ruleId: 'missing-route-families', line: 5 }]);
    const clientsPage = pageOf('::mcp-clients\n');
    const noClients = new Diagnostics();
    expandPage({
      page: clientsPage,
      tree: pageParser.parse(clientsPage.body),
      model: { ...model, mcpClients: undefined },
      registry,
      diagnostics: noClients,
    });
    expect(noClients.list()).toMatchObject([{ ruleId: 'no-mcp-clients', line: 5 }]);
  });
});

describe("the editor's mistakes, named with the closest fix", () => {
  it('reports a block directive written inside a sentence, where it would pass as text', () => {
    const { diagnostics } = expand('Intro.\n\nThe call is ::pricing-call in short.\n');
    expect(diagnostics.list()).toMatchObject([
      { line: 7, ruleId: 'block-directive-inline', fatal: true, reason: expect.stringContaining('::pricing-call') },
    ]);
    expect(diagnostics.list()[0]!.reason).toContain('own line');
  });

  it('reports `::name` inside a sentence that is no directive, with the closest one', () => {
    const { diagnostics } = expand('See ::scopez here.\n');
    expect(diagnostics.list()).toMatchObject([{ ruleId: 'unknown-directive', line: 5 }]);
    expect(diagnostics.list()[0]!.reason).toContain('Did you mean `::scopes`?');
  });

  it('suggests the closest directive for an unknown one', () => {
    const { diagnostics } = expand('::scopez\n');
    expect(diagnostics.list()).toMatchObject([{ ruleId: 'unknown-directive' }]);
    expect(diagnostics.list()[0]!.reason).toContain('Fix: Did you mean `::scopes`?');
  });

  it('suggests the closest attribute', () => {
    const { diagnostics } = expand('::discovery-resources{grop="api"}\n');
    expect(diagnostics.list()).toMatchObject([{ ruleId: 'unknown-directive-attribute' }]);
    expect(diagnostics.list()[0]!.reason).toContain('Did you mean `group`?');
  });

  it('suggests the closest section', () => {
    const { diagnostics } = expand('::section-pages{section="halp"}\n', '/help');
    expect(diagnostics.list()).toMatchObject([{ ruleId: 'unknown-section' }]);
    expect(diagnostics.list()[0]!.reason).toContain('Did you mean `help`?');
  });

  it('reports ::section-pages on a page that is not a section, which would publish "No pages in this section yet."', () => {
    const { diagnostics } = expand('::section-pages{section="mcp"}\n');
    expect(diagnostics.list()).toMatchObject([{ ruleId: 'unknown-section', line: 5, fatal: true }]);
    expect(diagnostics.list()[0]!.reason).toMatch(/^`::section-pages`: `mcp` is a page, not a section/);
    // A section with no sub-pages yet (what `npm run new -- section` writes: a family for them) still says so.
    const empty = new Diagnostics();
    const page = pageOf('::section-pages{section="help"}\n');
    const withoutSubPages = { ...model, pages: model.pages.filter((p) => p.section !== 'help') };
    const tree = expandPage({
      page,
      tree: pageParser.parse(page.body),
      model: withoutSubPages,
      registry,
      diagnostics: empty,
    });
    expect(empty.list()).toEqual([]);
    expect(textOf(tree)).toContain('No pages in this section yet.');
  });

  it('reports a link or heading with no words, which people and agents would meet as nothing', () => {
    const { diagnostics } = expand('See [](/help) and [ ](/docs).\n\n## \n\nText.\n\n### `  `\n');
    expect(diagnostics.list().map((m) => [m.ruleId, m.line, m.column])).toEqual([
      ['empty-link-text', 5, 5],
      ['empty-link-text', 5, 19],
      ['empty-heading', 7, 1],
      ['empty-heading', 11, 1],
    ]);
    // The fix's example keeps the link's own target: only its words are missing, not another address.
    expect(diagnostics.list()[0]!.reason).toMatch(/Fix: .*\[[^\]]+\]\(\/help\)\.$/);
    expect(diagnostics.list()[1]!.reason).toMatch(/Fix: .*\[[^\]]+\]\(\/docs\)\.$/);
    // Words of an image's alternative text, code or emphasis are words.
    const worded = expand('[![Logo](/brand/logo.svg)](/help), [`mcp`](/mcp), [*docs*](/docs)\n\n## `list_members`\n');
    expect(worded.diagnostics.list()).toEqual([]);
  });

  it('reports a heading that skips a level (#### under ##, ### first), which breaks the outline readers move by', () => {
    const { diagnostics } = expand(
      '### Too deep first\n\n## Fine\n\n#### Skips three\n\n### Fine again\n\n## Up is fine\n',
    );
    expect(diagnostics.list().map((m) => [m.ruleId, m.line])).toEqual([
      ['heading-skip', 5],
      ['heading-skip', 9],
    ]);
    expect(diagnostics.list()[1]!.reason).toMatch(/^A level-4 heading follows a level-2 heading/);
    expect(expand('## A\n\n### B\n\n#### C\n\n## D\n').diagnostics.list()).toEqual([]);
  });

  it('reports an image on another origin, which every reader would fetch from there; a link may lead anywhere', () => {
    const { diagnostics } = expand('![Chart](https://tracker.example/pixel.png)\n\n[Spec](https://spec.example/doc)\n');
    expect(diagnostics.list().map((m) => [m.ruleId, m.line, m.column])).toEqual([['external-image', 5, 1]]);
    expect(diagnostics.list()[0]!.reason).toContain('https://tracker.example/pixel.png');
    expect(expand('![Logo](/brand/logo.svg)\n').diagnostics.list()).toEqual([]);
  });

  it('reports a code fence never closed, which makes the rest of the page code', () => {
    const { diagnostics } = expand('## Setup\n\n```sh\nnpm ci\n\n## Next\n\nText.\n');
    expect(diagnostics.list().map((m) => [m.ruleId, m.line])).toEqual([['unclosed-code-fence', 7]]);
    const closed = [
      '```sh\nnpm ci\n```\n',
      '~~~~\na\n~~~~~\n',
      '> ```\n> quoted\n> ```\n',
      '- item\n\n  ```\n  code\n  ```\n',
    ];
    for (const body of closed) expect(expand(body).diagnostics.list(), body).toEqual([]);
  });

  it('reports a reference link whose label no definition gives, which would be published as its brackets', () => {
    const { diagnostics } = expand('See [the errors][errs] and [help][].\n\n[errors]: /docs/errors\n');
    expect(diagnostics.list().map((m) => [m.ruleId, m.line, m.column])).toEqual([
      ['undefined-reference', 5, 5],
      ['undefined-reference', 5, 28],
    ]);
    expect(diagnostics.list()[0]!.reason).toContain('Did you mean `errors`?');
    // Defined, escaped, in code, or a shortcut such as [optional] in prose: not a link meant.
    const fine = [
      '[the errors][errors]\n\n[errors]: /docs/errors\n',
      '\\[a\\]\\[b\\]\n',
      '`[a][b]`\n',
      'A value [optional] here.\n',
    ];
    for (const body of fine) expect(expand(body).diagnostics.list(), body).toEqual([]);
  });

  it('suggests the closest emitted path for a link that reaches nothing', () => {
    const { diagnostics } = expand('See [errors](/help/reading-error).\n');
    expect(diagnostics.list()).toMatchObject([{ ruleId: 'unresolved-site-link' }]);
    expect(diagnostics.list()[0]!.reason).toContain('Did you mean `/help/reading-errors`?');
  });

  it('keeps an unknown inline `:word` of prose as written, with no suggestion forced on it', () => {
    const { tree, diagnostics } = expand('Ratio 3:service and 10:30.\n');
    expect(diagnostics.list()).toEqual([]);
    expect(textOf(tree)).toContain('Ratio 3:service and 10:30.');
  });
});
