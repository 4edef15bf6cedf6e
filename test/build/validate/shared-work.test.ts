// The tree checks share work across artifacts: HTML pages are read in stretches cut at their landmarks (a header or
// footer every page repeats is read and judged once), and verdicts are kept per text. Whatever is shared, each
// artifact's findings are its own: reported in every artifact that carries them, each at its own place.
import { describe, expect, it, vi } from 'vitest';
import { boundaryWording } from '../../../generator/build/validate/boundaries/boundary-wording.js';
import { onlyContractEndpoints } from '../../../generator/build/validate/boundaries/unknown-endpoints.js';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import { displayPath } from '../../../generator/build/registry/display-path.js';
import { ArtifactSet, type ValidateContext } from '../../../generator/build/registry/types.js';
import { publishedTexts } from '../../../generator/build/validate/text/artifact-text.js';
import {
  unitAtOffset,
  unitChunksOfArtifact,
  unitsOfArtifact,
} from '../../../generator/build/validate/text/artifact-units.js';
import { urlsOfArtifact } from '../../../generator/build/validate/text/artifact-urls.js';
import { TextMemo } from '../../../generator/build/text/memo.js';
import { absoluteUrls } from '../../../generator/build/text/urls.js';
import { htmlUnits } from '../../../generator/build/text/units.js';
import { controlsAndScopesAgree } from '../../../generator/build/validate/tree/controls-and-scopes.js';
import { discoveryChainInOrder } from '../../../generator/build/validate/tree/discovery-chain.js';
import { ownEnvironmentAddresses } from '../../../generator/build/validate/tree/environment-addresses.js';
import { onlyMcpEndpoint } from '../../../generator/build/validate/tree/mcp-endpoint.js';
import { oauthMetadataAgrees } from '../../../generator/build/validate/tree/oauth-metadata.js';
import { noUnpublishedShapes } from '../../../generator/build/validate/boundaries/unpublished-shapes.js';
import { siteUrlsResolve } from '../../../generator/build/validate/tree/site-urls.js';
import { checkWith, goodBuild, positionOf, replace } from '../../helpers/validate.js';

/** A check run over a build whose artifacts are the given HTML texts (each in place of a page of the shipped build). */
async function runOver(pages: string[]): Promise<ValidateContext> {
  const build = await goodBuild();
  const artifacts = new ArtifactSet();
  const html = build.artifacts!.values().filter((a) => a.entry.kind === 'html-page');
  pages.forEach((text, i) => {
    artifacts.set({ entry: html[i]!.entry, body: text });
  });
  return {
    model: build.model!,
    registry: build.registry!,
    diagnostics: new Diagnostics(),
    artifacts,
    displayPath: (e) => displayPath(e),
  };
}

describe('JSON texts', () => {
  it('are parsed when a check first reads them, once, and never when no check does (a text whose verdict is kept)', async () => {
    const build = await goodBuild();
    const context: ValidateContext = {
      model: build.model!,
      registry: build.registry!,
      diagnostics: new Diagnostics(),
      artifacts: build.artifacts!,
      displayPath: (e) => displayPath(e),
    };
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const texts = publishedTexts(context).filter((item) => item.format === 'json');
      expect(texts.length).toBeGreaterThan(3);
      expect(parse).not.toHaveBeenCalled();
      const [first] = texts;
      expect(first!.json).toEqual(JSON.parse(first!.text));
      parse.mockClear();
      expect(first!.json).toBe(first!.json);
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it('that do not parse read as no JSON at all', async () => {
    const build = await goodBuild();
    const json = build.artifacts!.values().find((a) => a.entry.mediaType.startsWith('application/json'))!;
    const artifacts = new ArtifactSet();
    artifacts.set({ entry: json.entry, body: '{"broken": ' });
    const context: ValidateContext = {
      model: build.model!,
      registry: build.registry!,
      diagnostics: new Diagnostics(),
      artifacts,
      displayPath: (e) => displayPath(e),
    };
    const [item] = publishedTexts(context);
    expect(item!.format).toBe('json');
    expect(item!.json).toBeUndefined();
  });
});

describe('HTML read in stretches', () => {
  it('gives every shipped page exactly the units of a whole-page reading', async () => {
    const build = await goodBuild();
    const context: ValidateContext = {
      model: build.model!,
      registry: build.registry!,
      diagnostics: new Diagnostics(),
      artifacts: build.artifacts!,
      displayPath: (e) => displayPath(e),
    };
    const pages = publishedTexts(context).filter((item) => item.format === 'html');
    expect(pages.length).toBeGreaterThan(5);
    for (const item of pages) {
      expect(unitChunksOfArtifact(item).length).toBeGreaterThan(3);
      expect(unitsOfArtifact(item)).toEqual(htmlUnits(item.text));
      expect(urlsOfArtifact(item)).toEqual(absoluteUrls(item.text));
    }
  });

  it('reads the shared header once: every page gets the same stretch object', async () => {
    const build = await goodBuild();
    const context: ValidateContext = {
      model: build.model!,
      registry: build.registry!,
      diagnostics: new Diagnostics(),
      artifacts: build.artifacts!,
      displayPath: (e) => displayPath(e),
    };
    const [a, b] = publishedTexts(context).filter((item) => item.format === 'html');
    const header = (item: typeof a) =>
      unitChunksOfArtifact(item!).find((c) => c.chunk.text.startsWith('<header'))!.chunk;
    expect(header(a)).toBe(header(b));
  });

  it('reads alike whatever is cut: landmarks in comments, scripts and attributes, lists and tables across landmarks', async () => {
    const pages = [
      '<p>Intro.</p><!-- <main> --><script>x = "<nav>"</script><a title="<footer>">t</a><header><p>Not provided:</p></header><ul><li>Seller API</li></ul>',
      '<p>Not offered:</p><ul><li>one<nav><p>Lead.</p><ul><li>Admin API</li></ul></nav></li><li>two</li></ul><footer>tail</footer>',
      '<table><thead><tr><th>Name</th><th>Status</th></tr></thead><main><tr><td>Seller API</td><td>x</td></tr></main></table>',
      '<p>Unpublished lead-in.</p><main><ul><li>Seller API</li></ul></main><p>Other lead.</p><main><ul><li>Seller API</li></ul></main>',
      '<MAIN class="x"><p>Caps.</p></MAIN><nav-x><p>dash</p></nav-x><nav2><p>digit</p></nav2><main',
      // No comment: the page is read through the ranges its scripts and styles would be blanked in.
      '<p>Lead.</p><style>p > a { }</style><header><p>x</p></header><script>if (a < b) { s = "<main>" }</script><ul><li>Seller API</li></ul><main><p>y</p></main>',
      '<header><p>a</p></header><SCRIPT>x = 1 > 0 && "<footer>"</SCRIPT><footer><p>b</p></footer><script>unclosed <nav> <p>c</p>',
      '<ul><li>Seller <script>s = "<main>"</script> API</li></ul><p>One <a title="q <style>s</style><nav>">link</a> here.</p><nav><p>z</p></nav>',
    ];
    const context = await runOver(pages);
    const items = publishedTexts(context).filter((item) => item.format === 'html');
    expect(items).toHaveLength(pages.length);
    for (const item of items) expect(unitsOfArtifact(item)).toEqual(htmlUnits(item.text));
    // The same stretch under two lead-ins: each reading keeps its own lead-in.
    const twice = unitsOfArtifact(items[3]!).filter((u) => u.text === 'Seller API');
    expect(twice.map((u) => u.context)).toEqual([['Unpublished lead-in.'], ['Other lead.']]);
  });

  it('finds the unit that holds a URL in the stretch it is in', async () => {
    const page = '<header><p>Connect to https://www.example.com/mcp now.</p></header><main><p>Other.</p></main>';
    const [item] = publishedTexts(await runOver([page]));
    const at = unitAtOffset(item!, page.indexOf('https://'));
    expect(at?.unit.text).toBe('Connect to https://www.example.com/mcp now.');
    expect(unitAtOffset(item!, page.indexOf('<main>'))).toBeUndefined();
  });
});

describe('findings in shared text', () => {
  it('reports a claim in the footer every page repeats once per page, each at its own line and column', async () => {
    const claim = '<p>Create an API key in your dashboard.</p></footer>';
    const changed: Record<string, string> = {};
    const edit = (key: string) => (t: string) => (changed[key] = replace('</footer>', claim)(t));
    const messages = checkWith(await goodBuild(), [boundaryWording], {
      '/developers': edit('/developers'),
      '/help': edit('/help'),
    });
    expect(messages.map((m) => [m.ruleId, m.file])).toEqual([
      ['unpublished-interface', 'dist/developers.html'],
      ['unpublished-interface', 'dist/help.html'],
    ]);
    expect(messages[0]).toMatchObject(positionOf(changed['/developers']!, 'API key in your'));
    expect(messages[1]).toMatchObject(positionOf(changed['/help']!, 'API key in your'));
    expect(positionOf(changed['/developers']!, 'API key in your')).not.toEqual(
      positionOf(changed['/help']!, 'API key in your'),
    );
  });

  it('reports the same sentence in a page, its twin and another page, each where it is', async () => {
    const sentence = 'Sellers manage payouts through the payment API.';
    const changed: Record<string, string> = {};
    const html = (key: string) => (t: string) => (changed[key] = replace('</main>', `<p>${sentence}</p></main>`)(t));
    const md = (key: string) => (t: string) => (changed[key] = `${t.trimEnd()}\n\n${sentence}\n`);
    const messages = checkWith(await goodBuild(), [boundaryWording], {
      '/docs': html('/docs'),
      '/docs.md': md('/docs.md'),
      '/help': html('/help'),
    });
    const where = (file: string, key: string) => ({ file, ...positionOf(changed[key]!, 'payment API.') });
    expect(messages).toHaveLength(3);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining(where('dist/docs.html', '/docs')),
        expect.objectContaining(where('dist/docs.md', '/docs.md')),
        expect.objectContaining(where('dist/help.html', '/help')),
      ]),
    );
  });

  it('reports URL findings in a shared stretch in every page that carries it', async () => {
    const link = '<p>Connect your client to https://www.example.com/mcp as its server URL.</p></footer>';
    const tool =
      '<p>See https://api.example.com/api/v1/orders and give list_members the scope svc.orders.read.</p></footer>';
    const messages = checkWith(
      await goodBuild(),
      [onlyMcpEndpoint, onlyContractEndpoints, siteUrlsResolve, controlsAndScopesAgree],
      {
        '/developers': replace('</footer>', link + tool.replace('</footer>', '')),
        '/help': replace('</footer>', link + tool.replace('</footer>', '')),
        '/docs': replace(
          '</footer>',
          '<p>Broken: https://www.example.com/nowhere and https://www.example.com/nowhere again.</p></footer>',
        ),
      },
    );
    const of = (rule: string) => messages.filter((m) => m.ruleId === rule).map((m) => m.file);
    expect(of('not-an-mcp-endpoint')).toEqual(['dist/developers.html', 'dist/help.html']);
    expect(of('unknown-endpoint')).toEqual(['dist/developers.html', 'dist/help.html']);
    expect(of('control-scope-mismatch')).toEqual(['dist/developers.html', 'dist/help.html']);
    // Reported once per file, at its first occurrence.
    expect(of('unresolved-site-url')).toEqual(['dist/docs.html']);
  });
});

describe('the discovery chain across stretches', () => {
  it("reports steps out of order in one block that runs from a page's main into its footer", async () => {
    const messages = checkWith(await goodBuild(), [discoveryChainInOrder], {
      '/developers': (t) =>
        replace(
          '</main>',
          '<div>https://auth.example.com/.well-known/oauth-authorization-server</div></main>',
        )(
          replace(
            '<footer class="site-footer">',
            '<footer class="site-footer"><div>then https://mcp.example.com/.well-known/oauth-protected-resource</div>',
          )(t),
        ),
    });
    expect(messages.map((m) => [m.ruleId, m.file])).toEqual([['discovery-chain-mismatch', 'dist/developers.html']]);
  });
});

describe('foreign addresses in stretches', () => {
  it("lists a file's first three across its stretches, in order, and counts the rest", async () => {
    const messages = checkWith(await goodBuild(), [ownEnvironmentAddresses], {
      '/developers': (t) =>
        replace(
          '</footer>',
          '<p>http://localhost:4101/a and http://127.0.0.1:9/b</p></footer>',
        )(
          replace(
            '<header class="site-header">',
            '<p>http://localhost:4103/c</p><header class="site-header">',
          )(replace('</main>', '<p>http://localhost:4100/d</p></main>')(t)),
        ),
      '/help': replace('</footer>', '<p>http://localhost:4101/a</p></footer>'),
    });
    expect(messages.map((m) => [m.file, m.reason.split(' ')[0]])).toEqual([
      ['dist/developers.html', 'http://localhost:4103'],
      ['dist/developers.html', 'http://localhost:4100'],
      ['dist/developers.html', 'http://localhost:4101'],
      ['dist/help.html', 'http://localhost:4101'],
    ]);
    expect(messages[2]!.reason).toContain('(1 more in this file)');
  });
});

describe('documents skipped by a search of their text', () => {
  // A member's name or a URL written with an escape is not in the text as written: such a document is read whole.
  const addMember = (member: string) => (text: string) => {
    if (/"issuer"|"properties"|oauth-/.test(text)) throw new Error('fixture premise: the document names none of these');
    return text.replace(/\}\s*$/, `, ${member}\n}\n`);
  };

  it('checks an issuer whose name is written with an escape', async () => {
    const messages = checkWith(await goodBuild(), [oauthMetadataAgrees], {
      '/.well-known/public-pages.json': addMember('"\\u0069ssuer": "https://login.example.com"'),
    });
    expect(messages.map((m) => m.ruleId)).toEqual(['issuer-mismatch']);
  });

  it('checks a JSON Schema whose `properties` is written with an escape', async () => {
    const messages = checkWith(await goodBuild(), [noUnpublishedShapes], {
      '/.well-known/public-pages.json': addMember('"shape": { "propert\\u0069es": { "price": { "type": "number" } } }'),
    });
    expect(messages.map((m) => m.ruleId)).toEqual(['unpublished-shape']);
  });

  it('checks a discovery chain whose URLs are written with escaped slashes', async () => {
    const step = (url: string) => JSON.stringify(url).replace(/\//g, '\\/');
    const messages = checkWith(await goodBuild(), [discoveryChainInOrder], {
      '/.well-known/public-pages.json': addMember(
        `"chain": [${step('https://auth.example.com/.well-known/oauth-authorization-server')}, ${step('https://mcp.example.com/.well-known/oauth-protected-resource')}]`,
      ),
    });
    expect(messages.map((m) => m.ruleId)).toEqual(['discovery-chain-mismatch']);
    expect(messages[0]!.reason).toContain('/chain');
  });
});

describe('TextMemo', () => {
  it('computes each text once, and stays right past its limit', () => {
    let calls = 0;
    const memo = new TextMemo<number>(2);
    const length = (t: string) => {
      calls++;
      return t.length;
    };
    expect(['a', 'bb', 'a', 'ccc', 'bb', 'a'].map((t) => memo.get(t, length))).toEqual([1, 2, 1, 3, 2, 1]);
    expect(calls).toBeLessThan(6);
    const unbounded = new TextMemo<boolean | null>();
    expect(unbounded.get('x', () => null)).toBeNull();
    expect(unbounded.get('x', () => true)).toBeNull();
  });
});
