// What agents read: every agent-facing file carries the facts content/agent-facts.yaml lists, prose says each thing
// once and names no document the site does not publish. Each check passes on the shipped build and fails, at the file
// and the place, on a build broken in one way.
import { describe, expect, it } from 'vitest';
import { agentFactsPresent } from '../../../generator/build/validate/tree/agent-facts.js';
import { noRepeatedSentences, noUnpublishedReferences } from '../../../generator/build/validate/tree/prose.js';
import { runPipeline } from '../../../generator/build/pipeline.js';
import { ArtifactSet } from '../../../generator/build/registry/types.js';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import { displayPath } from '../../../generator/build/registry/display-path.js';
import { Verdicts } from '../../../generator/build/cache/verdicts.js';
import {
  appendParagraph,
  checkWith,
  editJson,
  goodBuild,
  positionOf,
  replace,
  textOf,
} from '../../helpers/validate.js';
import { copyContent, editContent, lineOf } from '../../helpers/content.js';

const FACT_FILES = [
  '/llms.txt',
  '/mcp/llms.txt',
  '/ai/llms.txt',
  '/developers/llms.txt',
  '/docs/llms.txt',
  '/mcp.md',
  '/auth.md',
];

describe('the shipped build', () => {
  it('passes the agent checks in both environments', async () => {
    const checks = [agentFactsPresent, noRepeatedSentences, noUnpublishedReferences];
    expect(checkWith(await goodBuild(), checks)).toEqual([]);
    expect(checkWith(await goodBuild('preview'), checks)).toEqual([]);
  });

  it('states, in every file agents start from, the MCP endpoint as the OAuth resource, the controls with their scopes and the pricing call', async () => {
    const built = await goodBuild();
    for (const path of FACT_FILES) {
      const text = textOf(built, path);
      expect(text, path).toContain('https://mcp.example.com/mcp');
      for (const control of ['list_members', 'list_physical_product_orders', 'get_physical_product_order'])
        expect(text, path).toContain(control);
      for (const scope of ['svc.communities.read', 'svc.members.read', 'svc.products.read', 'svc.orders.read'])
        expect(text, path).toContain(scope);
      expect(text, path).toContain('https://mcp.example.com/.well-known/oauth-protected-resource');
      expect(text, path).toContain('https://auth.example.com/.well-known/oauth-authorization-server');
    }
    for (const path of ['/llms.txt', '/ai/llms.txt', '/developers/llms.txt', '/api/llms.txt']) {
      expect(textOf(built, path)).toContain('`POST https://api.example.com/api/v1/communities/plans/prices`');
      expect(textOf(built, path)).toContain("Consumers ignore plans of type BASIC in the pricing call's response.");
    }
    // The section indexes agents reach from the root say where the endpoint is and where errors are described.
    for (const path of ['/help/llms.txt', '/api/llms.txt', '/public-pages/llms.txt', '/docs/llms.txt'])
      expect(textOf(built, path), path).toContain('(https://www.example.com/docs/errors.md)');
    expect(textOf(built, '/help/llms.txt')).toContain('The MCP endpoint is `https://mcp.example.com/mcp`');
    expect(textOf(built, '/auth.md')).toMatch(
      /`https:\/\/mcp\.example\.com\/mcp` is the OAuth 2\.0 protected resource/,
    );
  });
});

describe('agent-file-missing-fact', () => {
  it('reports /auth.md without the MCP endpoint as the resource, at the file, naming the fact and its content line', async () => {
    const built = await goodBuild();
    const messages = checkWith(built, [agentFactsPresent], {
      '/auth.md': (t) =>
        t
          .split('\n')
          .filter((line) => !line.includes('protected resource'))
          .join('\n'),
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ ruleId: 'agent-file-missing-fact', file: 'dist/auth.md', line: 1 });
    expect(messages[0]!.reason).toContain('the MCP endpoint as the OAuth resource a token is for');
    expect(messages[0]!.reason).toMatch(/content\/agent-facts\.yaml:\d+/);
  });

  it('reports a control whose scope is gone from /llms.txt', async () => {
    const messages = checkWith(await goodBuild(), [agentFactsPresent], {
      '/llms.txt': replace('(read-only, scope `svc.members.read`)', '(read-only)'),
    });
    expect(messages.map((m) => [m.ruleId, m.file])).toEqual([['agent-file-missing-fact', 'dist/llms.txt']]);
    expect(messages[0]!.reason).toContain('list_members with its scope svc.members.read');
  });

  it('reports the discovery chain out of order', async () => {
    const messages = checkWith(await goodBuild(), [agentFactsPresent], {
      '/mcp/llms.txt': (t) => {
        const lines = t.split('\n');
        const first = lines.findIndex((l) => l.startsWith('1. [`https://www.example.com/auth.md`]'));
        [lines[first], lines[first + 2]] = [lines[first + 2]!, lines[first]!];
        return lines.join('\n');
      },
    });
    expect(messages.map((m) => m.ruleId)).toEqual(['agent-file-missing-fact']);
    expect(messages[0]!.reason).toContain('after the steps before it');
  });

  it('reports the agent-mode view without the pricing call’s BASIC rule', async () => {
    const messages = checkWith(await goodBuild(), [agentFactsPresent], {
      '/?mode=agent': editJson((doc) => {
        doc.pricingCall.rules = [];
        for (const step of doc.firstSteps) step.action = step.action.replace(/Consumers ignore[^.]*\./, '');
      }),
    });
    expect(messages.map((m) => [m.ruleId, m.file])).toEqual([
      ['agent-file-missing-fact', 'dist/_agent/agent-mode.json'],
    ]);
  });

  it('takes a file’s verdict from the last good build when its text and the scope are the same', async () => {
    const built = await goodBuild();
    const artifacts = new ArtifactSet();
    for (const artifact of built.artifacts!.values()) {
      const text = built.artifacts!.text(artifact);
      const lacking =
        artifact.entry.path === '/llms.txt' ? text.replace('(read-only, scope `svc.members.read`)', '') : text;
      artifacts.set({ entry: artifact.entry, body: lacking });
    }
    const llms = artifacts.byPath('/llms.txt', 'site')!;
    const run = (verdicts: Verdicts) => {
      const diagnostics = new Diagnostics();
      const context = { model: built.model!, registry: built.registry!, diagnostics, artifacts, displayPath, verdicts };
      agentFactsPresent(context);
      return diagnostics.list().map((m) => m.file);
    };
    // Judged: the fact is missing, and the file's verdict is not kept.
    const judged = new Verdicts('scope');
    expect(run(judged)).toEqual(['dist/llms.txt']);
    expect(new Map(judged.toJSON().files).get('dist/llms.txt')).toBeUndefined();
    // Kept as fine for the same bytes in the same scope (a verdict only a good build saves): not read again.
    const kept = new Verdicts('scope', new Map([['dist/llms.txt', artifacts.digest(llms).hash]]));
    expect(run(kept)).toEqual([]);
    expect(kept.counts.kept).toBe(1);
  });

  it('fails the build, at the built file, when a page stops pulling a fact it must carry', async () => {
    const content = await copyContent();
    await editContent(content, 'pages/auth.md', '::controls\n', '\n');
    const result = await runPipeline({ env: 'production', contentDir: content });
    const missing = result.diagnostics.list().filter((x) => x.ruleId === 'agent-file-missing-fact');
    expect(missing.map((m) => m.file)).toEqual(['dist/auth.md']);
    expect(missing[0]!.reason).toContain('list_members with its scope svc.members.read');
    expect(result.diagnostics.hasErrors).toBe(true);
  });

  it('fails the build, at the content line, for a fact id the generator does not know', async () => {
    const content = await copyContent();
    await editContent(
      content,
      'agent-facts.yaml',
      '      facts: [mcp-resource, mcp-transport, controls, scopes, discovery-chain, errors]\n    - path: /ai/llms.txt',
      '      facts: [mcp-resource, mcp-url]\n    - path: /ai/llms.txt',
    );
    const result = await runPipeline({ env: 'production', contentDir: content });
    const m = result.diagnostics.list().find((x) => x.ruleId === 'unknown-agent-fact')!;
    expect(m.file).toBe('content/agent-facts.yaml');
    expect(m.line).toBe(await lineOf(content, 'agent-facts.yaml', 'mcp-url'));
  });
});

describe('repeated-sentence', () => {
  it('reports a sentence said twice in one file, at the second', async () => {
    let changed = '';
    const sentence =
      'The hosted MCP server requires bearer authentication; the token is sent in the Authorization header.';
    const messages = checkWith(await goodBuild(), [noRepeatedSentences], {
      '/mcp.md': (t) => (changed = appendParagraph(`${sentence}`)(appendParagraph(sentence)(t))),
    });
    expect(messages.map((m) => m.ruleId)).toContain('repeated-sentence');
    const last = changed.lastIndexOf(sentence);
    expect(messages.at(-1)!.line).toBe(changed.slice(0, last).split('\n').length);
  });

  it('reads an HTML page in its <main>: navigation that repeats a heading is none, a sentence said twice in <main> is', async () => {
    const built = await goodBuild();
    const sentence = 'Platform subscription prices come from the public pricing call, read when they are needed.';
    const html = textOf(built, '/pricing');
    const main = html.search(/<main[\s>]/);
    expect(main).toBeGreaterThan(0);
    const twiceInMain = (t: string) => t.replace('</main>', `<p>${sentence}</p><p>${sentence}</p></main>`);
    const inNavigation = (t: string) =>
      t.replace('</main>', `<p>${sentence}</p></main><aside><nav><a href="#x">${sentence}</a></nav></aside>`);
    expect(checkWith(built, [noRepeatedSentences], { '/pricing': inNavigation })).toEqual([]);
    const messages = checkWith(built, [noRepeatedSentences], { '/pricing': twiceInMain });
    expect(messages.map((m) => [m.ruleId, m.file])).toEqual([['repeated-sentence', 'dist/pricing.html']]);
  });

  it('gives llms-full.txt each fact table once', async () => {
    const full = textOf(await goodBuild(), '/llms-full.txt');
    expect(full.match(/^\| `list_members` /gm)).toHaveLength(1);
    expect(full.match(/^\| `error\.code` /gm)).toHaveLength(1);
    expect(full.length).toBeLessThan(50_000);
  });
});

describe('unpublished-reference', () => {
  it('reports "contract section 5" in a built file, at its column', async () => {
    let changed = '';
    const messages = checkWith(await goodBuild(), [noUnpublishedReferences], {
      '/auth.md': (t) => (changed = appendParagraph('Token lifetime: not published (contract section 5).')(t)),
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      ruleId: 'unpublished-reference',
      file: 'dist/auth.md',
      ...positionOf(changed, 'contract section 5'),
    });
  });

  it('fails the build at the page line that references an unpublished section', async () => {
    const content = await copyContent();
    await editContent(
      content,
      'pages/help.md',
      'Answers to the questions',
      'As contract section 7 says, answers to the questions',
    );
    const result = await runPipeline({ env: 'production', contentDir: content });
    const m = result.diagnostics.list().find((x) => x.ruleId === 'unpublished-reference')!;
    expect(m).toMatchObject({
      file: 'content/pages/help.md',
      line: await lineOf(content, 'pages/help.md', 'contract section 7'),
    });
  });

  it('no published file of the shipped build names a contract section', async () => {
    const built = await goodBuild();
    for (const artifact of built.artifacts!.values())
      expect(built.artifacts!.text(artifact), artifact.entry.path).not.toMatch(/contract section|"section":/);
  });
});

describe('count-in-prose', () => {
  it('fails the build at the content line that writes the number of controls as a word', async () => {
    const content = await copyContent();
    await editContent(
      content,
      'service.yaml',
      'Its verified controls are all read-only.',
      'All three of its verified controls are read-only.',
    );
    const result = await runPipeline({ env: 'production', contentDir: content });
    const m = result.diagnostics.list().find((x) => x.ruleId === 'count-in-prose')!;
    // A folded value is reported at its key's line.
    expect(m).toMatchObject({
      file: 'content/service.yaml',
      line: await lineOf(content, 'service.yaml', '    summary: >-\n      A hosted MCP'),
    });
    expect(m.reason).toContain('three of its verified controls');
  });
});

describe('prose an agent can trust', () => {
  it('links the Markdown twin of each page from every llms index, never the HTML address', async () => {
    const built = await goodBuild();
    const pages = built.registry!.entries.filter((e) => e.kind === 'html-page').map((e) => built.registry!.url(e));
    for (const index of built.registry!.entries.filter((e) => e.kind === 'llms-index' || e.kind === 'llms-root')) {
      const links = [...textOf(built, index.path).matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
      for (const page of pages) expect(links, `${index.path} links ${page}`).not.toContain(page);
    }
    expect(textOf(built, '/llms.txt')).toContain('(https://www.example.com/mcp.md)');
  });

  it('says near the top of every page and twin where the llms.txt index is', async () => {
    const built = await goodBuild();
    for (const entry of built.registry!.entries.filter((e) => e.kind === 'html-page' || e.kind === 'markdown')) {
      const text = textOf(built, entry.path);
      const at = text.indexOf('https://www.example.com/llms.txt');
      expect(at, entry.path).toBeGreaterThan(0);
      if (entry.kind === 'markdown') expect(text.slice(0, at).split('\n').length, entry.path).toBeLessThanOrEqual(3);
      else expect(at, entry.path).toBeLessThan(text.indexOf('</h1>') + 200);
    }
  });

  it('states rules with their subject and claims nothing beyond the contract', async () => {
    const built = await goodBuild();
    const all = built
      .artifacts!.values()
      .map((a) => built.artifacts!.text(a))
      .join('\n');
    expect(all).not.toContain('the only public call outside the MCP server');
    expect(all).not.toContain('belongs to you');
    expect(all).not.toContain('do not scrape prices');
    expect(all).not.toContain('any of the interfaces above');
    expect(all).not.toMatch(/Consumers ignore plans of type BASIC in the response\./);
    expect(textOf(built, '/mcp.md')).not.toMatch(/is a human installation guide.*is a human installation guide/);
  });
});
