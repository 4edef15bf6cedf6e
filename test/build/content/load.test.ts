// The load stage: shipped content loads; each kind of content mistake is reported at its file, line and column.
import { CONTENT_SCHEMA_DIR } from '../../../generator/build/files/project-paths.js';
import { cp, readFile, writeFile, rm, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../../generator/build/content/load.js';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import { copyContent, editContent, lineOf } from '../../helpers/content.js';

const schemaDir = CONTENT_SCHEMA_DIR;
let contentDir = '';

async function load(env: 'production' | 'preview' = 'production') {
  const diagnostics = new Diagnostics();
  const model = await loadContent({ contentDir, schemaDir, env }, diagnostics);
  return { model, messages: diagnostics.list(), diagnostics };
}

afterEach(async () => {
  if (contentDir) await rm(join(contentDir, '..'), { recursive: true, force: true });
  contentDir = '';
});

describe('loading the shipped content', () => {
  it('gives a model with every contract fact and no message', async () => {
    contentDir = await copyContent();
    const { model, messages } = await load();
    expect(messages).toEqual([]);
    expect(model?.mcpServer.controls.map((c) => c.name)).toEqual([
      'list_members',
      'list_physical_product_orders',
      'get_physical_product_order',
    ]);
    expect(model?.authentication.scopes).toHaveLength(4);
    expect(model?.authentication.discoveryChain.map((s) => s.step)).toEqual([1, 2, 3]);
    expect(model?.pricingCall.method).toBe('POST');
    expect(model?.notShown.length).toBeGreaterThanOrEqual(12);
  });

  it('takes the addresses of the chosen environment', async () => {
    contentDir = await copyContent();
    const production = (await load('production')).model!;
    const preview = (await load('preview')).model!;
    expect(production.addresses).toEqual(production.environments.production);
    expect(preview.addresses).toEqual(preview.environments.preview);
    expect(preview.addresses.base_url).not.toBe(production.addresses.base_url);
  });
});

describe('content mistakes are positioned', () => {
  it('malformed YAML: yaml-syntax at the line of the mistake', async () => {
    contentDir = await copyContent();
    const line = await lineOf(contentDir, 'mcp-server.yaml', 'transport: Streamable HTTP');
    await editContent(contentDir, 'mcp-server.yaml', 'transport: Streamable HTTP', 'transport: [Streamable HTTP');
    const { model, messages } = await load();
    expect(model).toBeUndefined();
    const message = messages.find((m) => m.ruleId === 'yaml-syntax');
    expect(message).toMatchObject({ file: 'content/mcp-server.yaml', fatal: true });
    expect(message!.line).toBeGreaterThanOrEqual(line);
  });

  it('a field of the wrong shape: content-schema at the value', async () => {
    contentDir = await copyContent();
    const line = await lineOf(contentDir, 'mcp-server.yaml', 'readOnly: true');
    await editContent(contentDir, 'mcp-server.yaml', 'readOnly: true', 'readOnly: false');
    const { messages } = await load();
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: 'content-schema', file: 'content/mcp-server.yaml', line, column: 17 }),
    );
  });

  it('an address that is not an origin: content-schema at the value, before anything is built from it', async () => {
    contentDir = await copyContent();
    const shipped = 'base_url: https://www.example.com';
    const line = await lineOf(contentDir, 'service.yaml', shipped);
    // Each was published before (a fragment or credentials in every URL), or refused only in a built file, or crashed
    // an emitter (a port beyond 65535).
    for (const bad of [
      'https://user:secret@www.example.com',
      'https://www.example.com#top',
      'https://www.example.com?x=1',
      'https://WWW.example.com',
      'https://www.example.com:99999',
      'https://www.example.com:0443',
      'https://a.example.com"onload=x',
      'https://www.example.com/',
    ]) {
      await editContent(contentDir, 'service.yaml', shipped, `base_url: '${bad}'`);
      const { messages } = await load();
      expect(messages, bad).toEqual([
        expect.objectContaining({ ruleId: 'content-schema', file: 'content/service.yaml', line, column: 15 }),
      ]);
      // In the schema's words, with the value, not as the pattern's expression.
      expect(messages[0]!.reason).toContain(
        `\`environments.production.base_url\` is not of the form the field takes: ${JSON.stringify(bad)}.`,
      );
      expect(messages[0]!.reason).toContain('An origin, as a browser writes it');
      await editContent(contentDir, 'service.yaml', `base_url: '${bad}'`, shipped);
    }
    // A port, an IPv6 address and port 0 (any free port, as tests bind the preview) are origins.
    for (const good of ['https://www.example.com:8443', 'http://[::1]:4100', 'http://localhost:0']) {
      await editContent(contentDir, 'service.yaml', shipped, `base_url: '${good}'`);
      expect(
        (await load()).messages.filter((m) => m.fatal),
        good,
      ).toEqual([]);
      await editContent(contentDir, 'service.yaml', `base_url: '${good}'`, shipped);
    }
  });

  it('a site path that is not one (another host, a space, a step up, a fragment): content-schema at the value, not a failed write far from it', async () => {
    contentDir = await copyContent();
    // Each built, or failed only where the path was used (a link elsewhere, a refused write) rather than at its line.
    const cases: [file: string, shipped: string, bad: string][] = [
      ['mcp-server.yaml', 'endpointPath: /mcp', 'endpointPath: //evil.example/mcp'],
      ['mcp-server.yaml', 'endpointPath: /mcp', 'endpointPath: /mcp?session=1'],
      [
        'authentication.yaml',
        'protectedResourceMetadataPath: /.well-known/oauth-protected-resource',
        'protectedResourceMetadataPath: /.well-known/../oauth-protected-resource',
      ],
      ['service.yaml', 'logo: /brand/logo.svg', "logo: '/brand/logo one.svg'"],
      ['service.yaml', 'url: /help', "url: '/help#contact'"],
      ['publication.yaml', 'agentCardInterface: /ai.md', 'agentCardInterface: /ai//md'],
      ['discovery-resources.yaml', 'aliasOf: /.well-known/mcp.json', 'aliasOf: /.well-known/mcp.json?x'],
      ['agent-facts.yaml', '- path: /llms.txt', '- path: //llms.txt'],
      ['public-pages.yaml', 'image: /brand/logo.svg', 'image: /brand/<logo>.svg'],
      ['public-pages.yaml', 'resources: [/?mode=agent, /llms.txt]', 'resources: [/?mode=agent, /llms.txt#top]'],
    ];
    for (const [file, shipped, bad] of cases) {
      const line = await lineOf(contentDir, file, shipped);
      await editContent(contentDir, file, shipped, bad);
      const { messages } = await load();
      expect(
        messages.map((m) => [m.ruleId, m.file, m.line]),
        bad,
      ).toEqual([['content-schema', `content/${file}`, line]]);
      expect(messages[0]!.reason, bad).toContain('is not of the form the field takes');
      await editContent(contentDir, file, bad, shipped);
    }
  });
  it('a URL of elsewhere (sameAs, a client documentation page) with a user and password, or of another scheme: content-schema at the value', async () => {
    contentDir = await copyContent();
    const shipped = '- https://social.example.org/example-platform';
    const line = await lineOf(contentDir, 'service.yaml', shipped);
    for (const bad of ['https://user:secret@social.example.org/x', 'mailto:team@example.com', 'ftp://example.org/x']) {
      await editContent(contentDir, 'service.yaml', shipped, `- '${bad}'`);
      const { messages } = await load();
      expect(messages, bad).toEqual([
        expect.objectContaining({ ruleId: 'content-schema', file: 'content/service.yaml', line }),
      ]);
      await editContent(contentDir, 'service.yaml', `- '${bad}'`, shipped);
    }
    await editContent(contentDir, 'service.yaml', shipped, "- 'https://registry.example.org/p?id=1#about'");
    expect((await load()).messages.filter((m) => m.fatal)).toEqual([]);
    // An MCP client's documentation is such a URL too, https only.
    const docs = 'documentation: https://cursor.com/docs/mcp';
    const docsLine = await lineOf(contentDir, 'mcp-clients.yaml', docs);
    for (const bad of ['https://user:pw@cursor.com/docs', 'https://cursor.com/my docs', 'http://cursor.com/docs']) {
      await editContent(contentDir, 'mcp-clients.yaml', docs, `documentation: '${bad}'`);
      expect((await load()).messages, bad).toEqual([
        expect.objectContaining({ ruleId: 'content-schema', file: 'content/mcp-clients.yaml', line: docsLine }),
      ]);
      await editContent(contentDir, 'mcp-clients.yaml', `documentation: '${bad}'`, docs);
    }
  });

  it('preview server settings beyond their bounds (a token for ever, a body of a petabyte): content-schema at the value', async () => {
    contentDir = await copyContent();
    for (const [shipped, bad] of [
      ['accessTokenLifetimeSeconds: 3600', 'accessTokenLifetimeSeconds: 1000000000000000000000000000000'],
      ['refreshTokenLifetimeSeconds: 2592000', 'refreshTokenLifetimeSeconds: 99999999999'],
      ['maxRequestBytes: 65536', 'maxRequestBytes: 1000000000000000'],
    ] as const) {
      const line = await lineOf(contentDir, 'preview/server.yaml', shipped);
      await editContent(contentDir, 'preview/server.yaml', shipped, bad);
      expect((await load('preview')).messages, bad).toEqual([
        expect.objectContaining({ ruleId: 'content-schema', file: 'content/preview/server.yaml', line }),
      ]);
      await editContent(contentDir, 'preview/server.yaml', bad, shipped);
    }
  });

  it('a control character spelt as an escape, in a fact or a front matter: control-character at the value', async () => {
    contentDir = await copyContent();
    const shipped = 'name: Example Platform';
    const line = await lineOf(contentDir, 'service.yaml', shipped);
    await editContent(contentDir, 'service.yaml', shipped, 'name: "Example\\x1b[31m Platform"');
    await writeFile(
      join(contentDir, 'pages', 'bell.md'),
      '---\ntitle: Bell\ndescription: "Rings \\a twice."\n---\n\nA page.\n',
    );
    const { messages } = await load();
    expect(messages.map((m) => [m.ruleId, m.file, m.line, m.reason.split('. Fix')[0]])).toEqual([
      [
        'control-character',
        'content/service.yaml',
        line,
        '`identity.name` holds the control character U+001B, written as an escape: it is not text',
      ],
      [
        'control-character',
        'content/pages/bell.md',
        3,
        '`description` holds the control character U+0007, written as an escape: it is not text',
      ],
    ]);
  });

  it('a text of spaces alone (a title, a fact): blank-text at the value, not published as nothing', async () => {
    contentDir = await copyContent();
    await editContent(contentDir, 'service.yaml', 'name: Example Platform', "name: '   '");
    await writeFile(join(contentDir, 'pages', 'blank.md'), "---\ntitle: '  '\ndescription: A page.\n---\n\nText.\n");
    const { messages } = await load();
    expect(messages.map((m) => [m.ruleId, m.file, m.line])).toEqual([
      ['blank-text', 'content/service.yaml', await lineOf(contentDir, 'service.yaml', "name: '   '")],
      ['blank-text', 'content/pages/blank.md', 2],
    ]);
    expect(messages[0]!.reason).toMatch(/^`identity\.name` holds only spaces: it would be published as nothing\./);
  });

  it('a line break inside a fact (an escaped \\n, a literal block): multiline-text at the value, not "&#xA;" in llms.txt', async () => {
    contentDir = await copyContent();
    const shipped = 'purpose: List members of a community managed by the authenticated user.';
    await editContent(contentDir, 'mcp-server.yaml', shipped, 'purpose: "List members.\\n\\n# Extra title"');
    await editContent(contentDir, 'service.yaml', 'name: Example Platform', 'name: |\n    Example\n    Platform');
    const { messages } = await load();
    expect(messages.map((m) => [m.ruleId, m.file])).toEqual([
      ['multiline-text', 'content/mcp-server.yaml'],
      ['multiline-text', 'content/service.yaml'],
    ]);
    expect(messages[0]!.reason).toMatch(/^`mcpServer\.controls\.0\.purpose` holds a line break/);
    // A value folded over lines (>-) is one line: the shipped content writes long facts so.
    await editContent(
      contentDir,
      'service.yaml',
      'name: |\n    Example\n    Platform',
      'name: >-\n    Example\n    Platform',
    );
    await editContent(contentDir, 'mcp-server.yaml', 'purpose: "List members.\\n\\n# Extra title"', shipped);
    expect((await load()).messages).toEqual([]);
  });

  it('an unknown field: content-schema at the key', async () => {
    contentDir = await copyContent();
    const line = await lineOf(contentDir, 'pricing-call.yaml', '  method: POST');
    await editContent(contentDir, 'pricing-call.yaml', '  method: POST', '  method: POST\n  mehtod: GET');
    const { messages } = await load();
    const message = messages.find((m) => m.ruleId === 'content-schema');
    expect(message).toMatchObject({ file: 'content/pricing-call.yaml', line: line + 1, column: 3 });
    expect(message!.reason).toContain('mehtod');
    expect(message!.reason).toContain('Did you mean `method`?');
  });

  it('a key written twice: yaml-syntax at the second, naming the key and where the first is', async () => {
    contentDir = await copyContent();
    const line = await lineOf(contentDir, 'service.yaml', 'name: Example Platform');
    await editContent(contentDir, 'service.yaml', 'name: Example Platform', 'name: Example Platform\n  name: Other');
    const { messages } = await load();
    expect(messages.map((m) => [m.ruleId, m.file, m.line, m.column])).toEqual([
      ['yaml-syntax', 'content/service.yaml', line + 1, 3],
    ]);
    expect(messages[0]!.reason).toBe(
      `\`name\` is written twice in the same mapping, so which value counts is not clear. Fix: Keep one of the two (the first is at line ${line}), or rename this one.`,
    );
  });

  it('an unclosed quote: yaml-syntax where the quote opens, not at the end of the file', async () => {
    contentDir = await copyContent();
    const line = await lineOf(contentDir, 'mcp-server.yaml', 'title: Hosted MCP server');
    await editContent(contentDir, 'mcp-server.yaml', 'title: Hosted MCP server', 'title: "Hosted MCP server');
    const { model, messages } = await load();
    expect(model).toBeUndefined();
    const syntax = messages.filter((m) => m.ruleId === 'yaml-syntax');
    expect(syntax).toHaveLength(1);
    expect(syntax[0]).toMatchObject({ file: 'content/mcp-server.yaml', line, column: 10, fatal: true });
    expect(syntax[0]!.reason).toMatch(/quote/i);
  });

  it('an unclosed quote in a page front matter: yaml-syntax at the quote', async () => {
    contentDir = await copyContent();
    await writeFile(
      join(contentDir, 'pages', 'help', 'quoted.md'),
      '---\ntitle: "Quoted\ndescription: A page.\norder: 9\n---\n\nText.\n',
    );
    const { messages } = await load();
    expect(messages.filter((m) => m.ruleId === 'yaml-syntax')).toMatchObject([
      { file: 'content/pages/help/quoted.md', line: 2, column: 8 },
    ]);
  });

  it('a sub-page without `order`: page-order-missing at its front matter, not sorted first in silence', async () => {
    contentDir = await copyContent();
    await writeFile(
      join(contentDir, 'pages', 'help', 'unordered.md'),
      '---\ntitle: Unordered\ndescription: A page.\n---\n\nText.\n',
    );
    const { messages } = await load();
    expect(messages).toEqual([
      expect.objectContaining({
        ruleId: 'page-order-missing',
        file: 'content/pages/help/unordered.md',
        line: 1,
        fatal: true,
      }),
    ]);
    expect(messages[0]!.reason).toContain('order:');
  });

  it('a control that reads as a write (create_product, a title "Refund an order"), marked read-only: write-control, never published', async () => {
    contentDir = await copyContent();
    const last = '      requiredScope: svc.orders.read\n      readOnly: true\n  # Paths';
    const control = (name: string, title: string) =>
      `      requiredScope: svc.orders.read\n      readOnly: true\n    - name: ${name}\n      title: ${title}\n      purpose: One more control.\n      requiredScope: svc.orders.read\n      readOnly: true\n  # Paths`;
    for (const [name, title, word, field] of [
      ['create_product', 'Make a product', 'create', 'name'],
      ['orders_delete', 'Remove an order', 'delete', 'name'],
      ['get_order_total', 'Refund an order', 'refund', 'title'],
      ['list_payouts', 'Pay out a seller', 'pay', 'title'],
    ] as const) {
      await editContent(contentDir, 'mcp-server.yaml', last, control(name, title));
      const line = (await lineOf(contentDir, 'mcp-server.yaml', `name: ${name}`)) + (field === 'title' ? 1 : 0);
      const { messages } = await load();
      expect(
        messages.map((m) => [m.ruleId, m.file, m.line, m.fatal]),
        name,
      ).toEqual([['write-control', 'content/mcp-server.yaml', line, true]]);
      expect(messages[0]!.reason, name).toContain(`reads as a write operation (\`${word}\`)`);
      await editContent(contentDir, 'mcp-server.yaml', control(name, title), last);
    }
    // A control that reads is a control of the contract's kind.
    await editContent(contentDir, 'mcp-server.yaml', last, control('search_members', 'Search members'));
    expect((await load()).messages).toEqual([]);
  });

  it('a control whose scope is not among the scopes: unknown-scope at the scope', async () => {
    contentDir = await copyContent();
    const line = await lineOf(contentDir, 'mcp-server.yaml', 'requiredScope: svc.members.read');
    await editContent(
      contentDir,
      'mcp-server.yaml',
      'requiredScope: svc.members.read',
      'requiredScope: svc.people.read',
    );
    const { messages } = await load();
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: 'unknown-scope', file: 'content/mcp-server.yaml', line }),
    );
  });

  it('a scope one letter off: unknown-scope names the scope meant', async () => {
    contentDir = await copyContent();
    await editContent(
      contentDir,
      'mcp-server.yaml',
      'requiredScope: svc.members.read',
      'requiredScope: svc.member.read',
    );
    const { messages } = await load();
    expect(messages.find((m) => m.ruleId === 'unknown-scope')!.reason).toContain('Did you mean `svc.members.read`?');
  });

  it('a value outside a list of allowed ones: content-schema names the value meant', async () => {
    contentDir = await copyContent();
    await editContent(contentDir, 'mcp-server.yaml', '  host: mcp_url', '  host: mcp_ulr');
    const { messages } = await load();
    expect(messages.find((m) => m.ruleId === 'content-schema')!.reason).toContain('Did you mean `mcp_url`?');
  });

  it('two resources claiming one path: duplicate-path at the second', async () => {
    contentDir = await copyContent();
    await editContent(contentDir, 'discovery-resources.yaml', '  - path: /docs.md\n', '  - path: /developers.md\n');
    const line = await lineOf(
      contentDir,
      'discovery-resources.yaml',
      '  - path: /developers.md\n    kind: markdown\n    page: docs',
    );
    const { messages } = await load();
    const message = messages.find((m) => m.ruleId === 'duplicate-path');
    expect(message).toMatchObject({ file: 'content/discovery-resources.yaml', line, column: 5 });
  });

  it('a page without a required front matter field: content-schema in the page', async () => {
    contentDir = await copyContent();
    await writeFile(join(contentDir, 'pages', 'help', 'broken.md'), '---\ntitle: Broken\n---\n\nText.\n').catch(
      async () => {
        await mkdir(join(contentDir, 'pages', 'help'), { recursive: true });
        await writeFile(join(contentDir, 'pages', 'help', 'broken.md'), '---\ntitle: Broken\n---\n\nText.\n');
      },
    );
    const { messages } = await load();
    const message = messages.find((m) => m.file === 'content/pages/help/broken.md');
    expect(message).toMatchObject({ ruleId: 'content-schema', line: 2 });
    expect(message!.reason).toContain('description');
  });

  it('a front matter field no page takes (`draft: true`, a misspelt `descripton`): content-schema at the key, never published in silence', async () => {
    contentDir = await copyContent();
    await writeFile(
      join(contentDir, 'pages', 'unfinished.md'),
      '---\ntitle: Unfinished\ndescription: Not ready.\ndraft: true\n---\n\nText.\n',
    );
    await writeFile(
      join(contentDir, 'pages', 'help', 'typo.md'),
      '---\ntitle: Typo\ndescription: Spelt right.\norder: 9\ndescripton: Spelt wrong.\n---\n\nText.\n',
    );
    const { messages } = await load();
    expect(messages.map((m) => [m.ruleId, m.file, m.line, m.column])).toEqual([
      ['content-schema', 'content/pages/help/typo.md', 5, 1],
      ['content-schema', 'content/pages/unfinished.md', 4, 1],
    ]);
    const [typo, draft] = messages.map((m) => m.reason);
    expect(typo).toMatch(/^The front matter has an unknown field `descripton`\. Fix: Did you mean `description`\?/);
    // Nothing near it to suggest: the fix says what to do and which fields there are.
    expect(draft).toMatch(/^The front matter has an unknown field `draft`\. Fix: Remove `draft`, which nothing reads/);
    expect(draft).toContain('the fields taken here are `title`, `description` and `order`');
  });
  it('pages beyond one read batch: each read in order, its paths and section set, a mistake after the first batch placed', async () => {
    contentDir = await copyContent();
    const dir = join(contentDir, 'pages', 'help');
    await mkdir(dir, { recursive: true });
    for (let i = 0; i < 600; i++) {
      const name = `zz-${String(i).padStart(3, '0')}`;
      await writeFile(
        join(dir, `${name}.md`),
        `---\ntitle: "Page ${i}"\ndescription: About page ${i} of many.\norder: ${i}\n---\n\nBody ${i}.\n`,
      );
    }
    await writeFile(join(dir, 'zz-599.md'), '---\ntitle: Page 599\n---\n\nBody.\n');
    const { model, messages } = await load();
    expect(model).toBeUndefined();
    expect(messages.map((m) => [m.ruleId, m.file, m.line])).toEqual([
      ['content-schema', 'content/pages/help/zz-599.md', 2],
    ]);

    await writeFile(
      join(dir, 'zz-599.md'),
      '---\ntitle: Page 599\ndescription: About page 599 of many.\norder: 599\n---\n\nBody 599.\n',
    );
    const loaded = await load();
    expect(loaded.messages).toEqual([]);
    const pages = loaded.model!.pages.filter((p) => p.id.startsWith('help/zz-'));
    expect(pages.map((p) => p.order)).toEqual([...Array(600).keys()]);
    const last = pages[599]!;
    expect(last).toMatchObject({
      id: 'help/zz-599',
      path: '/help/zz-599',
      twinPath: '/help/zz-599.md',
      section: 'help',
      title: 'Page 599',
      description: 'About page 599 of many.',
      body: '\nBody 599.\n',
      bodyLine: 6,
      source: { file: 'content/pages/help/zz-599.md', line: 1, column: 1 },
    });
    expect(pages[0]!.fieldPlaces?.title).toEqual({ file: 'content/pages/help/zz-000.md', line: 2, column: 9 });
  });

  it('a file the build does not read (a page not named .md, a page beside pages/): unread-content-file, a warning', async () => {
    contentDir = await copyContent();
    const page = '---\ntitle: FAQ\ndescription: Answers.\n---\n\nText.\n';
    await writeFile(join(contentDir, 'pages', 'help', 'faq.markdown'), page);
    await writeFile(join(contentDir, 'faq.md'), page);
    // Not content: hidden files, and anything under static/ (published as it is).
    await writeFile(join(contentDir, 'pages', '.DS_Store'), '');
    await writeFile(join(contentDir, 'static', 'notes.txt'), 'Published as it is.');
    const { model, messages } = await load();
    expect(model).toBeDefined();
    expect(messages.map((m) => [m.ruleId, m.file, m.fatal])).toEqual([
      ['unread-content-file', 'content/faq.md', false],
      ['unread-content-file', 'content/pages/help/faq.markdown', false],
    ]);
    expect(messages[1]!.reason).toMatch(
      /is not read by the build, so nothing of it is published: a page is a Markdown file named `\.md`\. Fix: Rename it to `\.md`/,
    );
  });

  it('a static file whose name cannot be its URL (a space, ?, #, %, a letter beyond ASCII): static-file-name', async () => {
    contentDir = await copyContent();
    // Each built before, and was listed in _headers and nginx.conf under a path no request reaches as written.
    const bad = ['My File.pdf', 'a?b.txt', 'c#d.txt', 'e%20f.txt', 'café.txt', 'docs/"quoted".txt'];
    await mkdir(join(contentDir, 'static', 'docs'), { recursive: true });
    for (const name of bad) await writeFile(join(contentDir, 'static', name), 'x');
    // Letters, digits and the URL punctuation a path keeps as it is.
    for (const name of ['logo@2x.png', 'file(1).pdf', 'a+b~c_d-e.txt'])
      await writeFile(join(contentDir, 'static', name), 'x');
    const { messages } = await load();
    expect(messages.map((m) => [m.ruleId, m.file, m.fatal]).sort()).toEqual(
      bad.map((name) => ['static-file-name', `content/static/${name}`, true]).sort(),
    );
    expect(messages.find((m) => m.file === 'content/static/My File.pdf')!.reason).toMatch(
      /^The static file name My File\.pdf cannot be the path of its URL as it is\. Fix: Rename it/,
    );
  });

  it('a page without front matter: page-front-matter at line 1', async () => {
    contentDir = await copyContent();
    await writeFile(join(contentDir, 'pages', 'stray.md'), '# No front matter\n');
    const { messages } = await load();
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: 'page-front-matter', file: 'content/pages/stray.md', line: 1 }),
    );
  });

  it('a YAML file no schema describes: unknown-content-file', async () => {
    contentDir = await copyContent();
    await writeFile(join(contentDir, 'extra.yaml'), 'foo: 1\n');
    const { messages } = await load();
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: 'unknown-content-file', file: 'content/extra.yaml' }),
    );
  });

  it('a fact defined in two files: duplicate-fact', async () => {
    contentDir = await copyContent();
    const schemas = join(contentDir, '..', 'schemas');
    await cp(schemaDir, schemas, { recursive: true });
    const copy = (await readFile(join(schemas, 'not-shown.schema.json'), 'utf8')).replace(
      'not-shown.schema',
      'more-not-shown.schema',
    );
    await writeFile(join(schemas, 'more-not-shown.schema.json'), copy);
    await cp(join(contentDir, 'not-shown.yaml'), join(contentDir, 'more-not-shown.yaml'));
    const diagnostics = new Diagnostics();
    await loadContent({ contentDir, schemaDir: schemas, env: 'production' }, diagnostics);
    expect(diagnostics.list()).toContainEqual(
      expect.objectContaining({ ruleId: 'duplicate-fact', file: 'content/not-shown.yaml' }),
    );
  });

  it('a content schema that cannot be compiled: content-schema-invalid, no crash', async () => {
    contentDir = await copyContent();
    const schemas = join(contentDir, '..', 'schemas');
    await cp(schemaDir, schemas, { recursive: true });
    await writeFile(join(schemas, 'errors.schema.json'), '{"type": "object",');
    const diagnostics = new Diagnostics();
    const model = await loadContent({ contentDir, schemaDir: schemas, env: 'production' }, diagnostics);
    expect(model).toBeUndefined();
    expect(diagnostics.list()).toContainEqual(expect.objectContaining({ ruleId: 'content-schema-invalid' }));
  });

  it('a missing content file: missing-fact', async () => {
    contentDir = await copyContent();
    await rm(join(contentDir, 'errors.yaml'));
    const { messages } = await load();
    expect(messages).toContainEqual(expect.objectContaining({ ruleId: 'missing-fact' }));
    expect(messages.find((m) => m.ruleId === 'missing-fact')!.reason).toContain('errors');
  });

  it('a tie preference that is neither representation, or none: content-schema at the value', async () => {
    contentDir = await copyContent();
    const line = await lineOf(contentDir, 'discovery-resources.yaml', '  onTie: text/markdown');
    await editContent(contentDir, 'discovery-resources.yaml', '  onTie: text/markdown', '  onTie: text/plain');
    const { model, messages } = await load();
    expect(model).toBeUndefined();
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: 'content-schema', file: 'content/discovery-resources.yaml', line, column: 10 }),
    );
    await editContent(contentDir, 'discovery-resources.yaml', 'pageNegotiation:\n  onTie: text/plain\n', '');
    const missing = await load();
    expect(missing.messages).toContainEqual(
      expect.objectContaining({ ruleId: 'content-schema', file: 'content/discovery-resources.yaml' }),
    );
    expect(missing.messages.find((m) => m.ruleId === 'content-schema')!.reason).toContain('pageNegotiation');
  });

  it('an alias of a path that is not a resource: unknown-alias', async () => {
    contentDir = await copyContent();
    await editContent(
      contentDir,
      'discovery-resources.yaml',
      'aliasOf: /.well-known/mcp.json\n    group: mcp\n    title: MCP manifest (alias)',
      'aliasOf: /.well-known/nothing.json\n    group: mcp\n    title: MCP manifest (alias)',
    );
    const { messages } = await load();
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: 'unknown-alias', file: 'content/discovery-resources.yaml' }),
    );
  });

  it('the discovery chain out of order: discovery-chain-order', async () => {
    contentDir = await copyContent();
    await editContent(contentDir, 'authentication.yaml', '- step: 2', '- step: 3');
    const { messages } = await load();
    expect(messages).toContainEqual(
      expect.objectContaining({ ruleId: 'discovery-chain-order', file: 'content/authentication.yaml' }),
    );
  });
});
