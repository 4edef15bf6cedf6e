// The tree checks read the files streamed beside an artifact (the page contexts' shards) like any other artifact:
// a context that says what the contract forbids is reported at its shard, with its line and column.
import { describe, expect, it } from 'vitest';
import { boundaryWording } from '../../../generator/build/validate/boundaries/boundary-wording.js';
import { onlyContractEndpoints } from '../../../generator/build/validate/boundaries/unknown-endpoints.js';
import { noUnpublishedShapes } from '../../../generator/build/validate/boundaries/unpublished-shapes.js';
import { ownEnvironmentAddresses } from '../../../generator/build/validate/tree/environment-addresses.js';
import { onlyMcpEndpoint } from '../../../generator/build/validate/tree/mcp-endpoint.js';
import { siteUrlsResolve } from '../../../generator/build/validate/tree/site-urls.js';
import { checkStreamedTexts, textTreeValidator } from '../../../generator/build/validate/text/text-check.js';
import { ArtifactSet } from '../../../generator/build/registry/types.js';
import { displayPath } from '../../../generator/build/registry/display-path.js';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import { Verdicts } from '../../../generator/build/cache/verdicts.js';
import { treeValidators } from '../../../generator/build/validate/tree-validators.js';
import { checkWith, editJson, goodBuild, positionOf } from '../../helpers/validate.js';

/** The shipped content's contexts are in one shard. */
const PRICING = '/_agent/page-context/0.json';
const FILE = 'dist/_agent/page-context/0.json';

/** Edits the pricing page's context in its shard and keeps the text it was changed to, to place the expected message. */
function editContext(edit: (context: any) => void) {
  const changed = { text: '' };
  return { changed, change: (text: string) => (changed.text = editJson((shard) => edit(shard['/pricing']))(text)) };
}

describe('the streamed page contexts', () => {
  it('pass every tree check in the shipped build', async () => {
    const build = await goodBuild();
    expect(build.artifacts!.streams().length).toBeGreaterThan(0);
    expect(checkWith(build, treeValidators)).toEqual([]);
  });

  it('are each read once for all the text checks, named by their own path', async () => {
    const build = await goodBuild();
    const seen: string[] = [];
    const counting = textTreeValidator('counting', () => (item) => {
      if (item.display.startsWith('dist/_agent/page-context/')) seen.push(item.display);
    });
    expect(checkWith(build, [counting])).toEqual([]);
    const files = [...build.artifacts!.streams()[0]!.files()].map((f) => `dist/${f.file}`);
    expect(seen).toEqual(files);
    expect(seen).toContain(FILE);
  });

  it('are not made by the checks when every verdict on them is kept from the last good build', async () => {
    const build = await goodBuild();
    const artifacts = new ArtifactSet();
    for (const artifact of build.artifacts!.values()) artifacts.set(artifact);
    const source = build.artifacts!.streams()[0]!;
    let made = 0;
    artifacts.setStream({
      ...source,
      *files() {
        for (const part of source.files()) {
          made += 1;
          yield part;
        }
      },
      file(file) {
        made += 1;
        return source.file(file);
      },
    });
    const digests = artifacts.streams()[0]!.digests();
    const kept = new Map([...digests].map(([file, digest]) => [`dist/${file}`, digest.hash]));
    const check = (verdicts: Verdicts) => {
      made = 0;
      const seen: string[] = [];
      const counting = textTreeValidator('counting', () => (item) => {
        seen.push(item.display);
      });
      const context = {
        model: build.model!,
        registry: build.registry!,
        diagnostics: new Diagnostics(),
        artifacts,
        displayPath: (entry: Parameters<typeof displayPath>[0]) => displayPath(entry),
        verdicts,
      };
      checkStreamedTexts(context, [counting], (_file, run) => {
        run();
        return true;
      });
      return { made, seen };
    };
    expect(check(new Verdicts('scope', kept))).toEqual({ made: 0, seen: [] });
    // Without a kept verdict each shard is made once, alone, and judged.
    expect(check(new Verdicts('scope'))).toEqual({ made: kept.size, seen: [...kept.keys()] });
  });

  it('report a seller API claim at the shard', async () => {
    const { changed, change } = editContext(
      (c) => (c.description += ' Sellers manage payouts through the seller API.'),
    );
    const messages = checkWith(await goodBuild(), [boundaryWording], { [PRICING]: change });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      ruleId: 'unpublished-interface',
      file: FILE,
      ...positionOf(changed.text, 'seller API.'),
    });
  });

  it('report a webhook claim among the rules at the shard', async () => {
    const { change } = editContext((c) => c.rules.push('Webhook subscriptions are available for price changes.'));
    const messages = checkWith(await goodBuild(), [boundaryWording], { [PRICING]: change });
    expect(messages.map((m) => [m.ruleId, m.file])).toEqual([['unpublished-interface', FILE]]);
  });

  it('report a non-contract endpoint at the shard', async () => {
    const build = await goodBuild();
    const url = `${build.model!.addresses.api_url}/api/v1/orders`;
    const { changed, change } = editContext((c) =>
      c.resources.push({ href: url, type: 'application/json', title: 'Orders', rel: 'service' }),
    );
    const messages = checkWith(build, [onlyContractEndpoints], { [PRICING]: change });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ ruleId: 'unknown-endpoint', file: FILE, ...positionOf(changed.text, url) });
  });

  it("report a foreign environment's address at the shard", async () => {
    const build = await goodBuild('production');
    const preview = build.model!.environments.preview.base_url;
    const { changed, change } = editContext((c) => (c.canonicalUrl = `${preview}/pricing`));
    const messages = checkWith(build, [ownEnvironmentAddresses], { [PRICING]: change });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ ruleId: 'foreign-address', file: FILE, ...positionOf(changed.text, preview) });
  });

  it('report a site link that does not resolve, and the installation guide presented as the MCP endpoint', async () => {
    const build = await goodBuild();
    const base = build.model!.addresses.base_url;
    const { change } = editContext((c) =>
      c.resources.push(
        { href: `${base}/nowhere`, type: 'text/html', title: 'Nowhere', rel: 'related' },
        { href: `${base}/mcp`, type: 'text/html', title: 'MCP server endpoint', rel: 'service' },
      ),
    );
    const messages = checkWith(build, [siteUrlsResolve, onlyMcpEndpoint], { [PRICING]: change });
    expect(messages.map((m) => [m.ruleId, m.file])).toEqual([
      ['unresolved-site-url', FILE],
      ['not-an-mcp-endpoint', FILE],
    ]);
  });

  it('report a published shape at the shard', async () => {
    const { change } = editContext(
      (c) => (c.inputSchema = { type: 'object', properties: { plan: { type: 'string' } } }),
    );
    const messages = checkWith(await goodBuild(), [noUnpublishedShapes], { [PRICING]: change });
    expect(messages.map((m) => m.file)).toContain(FILE);
    expect(messages.every((m) => m.ruleId === 'unpublished-shape')).toBe(true);
  });

  it('report a check that throws on a streamed file once, at that file, and go on with the others', async () => {
    const throwing = textTreeValidator('throwing', () => (item) => {
      if (item.display.startsWith('dist/_agent/page-context/')) throw new Error('broken check');
    });
    const { change } = editContext((c) => (c.description += ' Use the seller API.'));
    const messages = checkWith(await goodBuild(), [throwing, boundaryWording], { [PRICING]: change });
    expect(messages.map((m) => m.ruleId).sort()).toEqual(['unpublished-interface', 'validator-crash']);
    expect(messages.find((m) => m.ruleId === 'validator-crash')!.file).toMatch(/^dist\/_agent\/page-context\//);
  });
});
