// The agent journey against the real preview server (npm run preview), knowing only its root URL; then against the
// same server with one published file changed on the way, to show each misdirection the journey catches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JourneyStart, runJourney } from '../../../generator/tools/audit/journey.js';
import { Scorecard } from '../../../generator/tools/audit/scorecard.js';
import { startPreview, type RunningPreview } from '../../../generator/tools/preview/preview.js';
import { copyContent, type TempContent } from '../../helpers/temp-content.js';

let preview: RunningPreview;
let content: TempContent;
beforeAll(async () => {
  content = await copyContent('journey-');
  preview = await startPreview({
    ports: { base_url: 0, api_url: 0, mcp_url: 0, auth_url: 0 },
    contentDir: content.contentDir,
  });
}, 120_000);
afterAll(async () => {
  await preview?.close();
  await content?.remove();
});

/** A fetch that changes the body of one published file on its way to the journey. */
function rewriting(path: string, change: (text: string) => string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const response = await fetch(request);
    if (new URL(request.url).pathname !== path) return response;
    const text = change(await response.text());
    return new Response(text, { status: response.status, headers: response.headers });
  };
}

async function journey(start: JourneyStart, doFetch?: typeof fetch, controls = true) {
  const card = new Scorecard();
  const result = await runJourney({ baseUrl: preview.addresses.base_url, start, card, fetch: doFetch, controls });
  const failures = card.failures.map((c) => `${c.check} ${c.subject}: ${c.detail}`);
  return { card, result, failures };
}

const mcpUrl = () => `${preview.addresses.mcp_url}${preview.model.mcpServer.endpointPath}`;

describe.each(['llms.txt', 'api-catalog'] as const)('the agent journey from %s', (start) => {
  it('reads the MCP URL and each control’s scope, asks exactly that scope, calls each control as the site says', async () => {
    const { result, failures, card } = await journey(start);
    expect(failures).toEqual([]);
    const controls = preview.model.mcpServer.controls;
    expect(result.published?.mcpUrl).toBe(mcpUrl());
    expect(result.published?.controls.map((c) => [c.name, c.scope, c.readOnly])).toEqual(
      controls.map((c) => [c.name, c.requiredScope, true]),
    );
    for (const control of controls) {
      const visit = result.visits.find((v) => v.control.name === control.name)!;
      expect(visit.asked).toBe(control.requiredScope);
      expect(visit.granted).toBe(control.requiredScope);
      expect(visit.refusedNaming?.split(' ')).toContain(control.requiredScope);
    }
    const passed = (check: string) => card.checks.filter((c) => c.check === check && c.outcome === 'pass').length;
    expect(passed('call')).toBe(controls.length);
    expect(passed('scope-required')).toBe(controls.length);
    expect(passed('mcp-card SEP-2127')).toBeGreaterThan(0);
    expect(passed('a2a-card A2A 1.0') + passed('a2a-card A2A 0.3') + passed('a2a-card A2A 0.2')).toBeGreaterThan(0);
  }, 120_000);
});

describe('the agent journey catches', () => {
  it('an agent.json that sends A2A readers to the MCP server', async () => {
    const { failures } = await journey(
      'llms.txt',
      rewriting('/.well-known/agent.json', (text) => {
        const doc = JSON.parse(text) as Record<string, unknown>;
        doc.url = mcpUrl();
        delete doc.preferredTransport;
        return JSON.stringify(doc);
      }),
      false,
    );
    expect(failures.some((f) => f.startsWith('a2a-card A2A 0.3') && f.includes('the MCP server'))).toBe(true);
    expect(failures.some((f) => f.startsWith('a2a-card A2A 0.2') && f.includes('the MCP server'))).toBe(true);
  }, 120_000);

  it('a server card whose remote asks for an Authorization header and claims a protocol revision', async () => {
    const { failures } = await journey(
      'llms.txt',
      rewriting('/.well-known/mcp/server-card.json', (text) => {
        const doc = JSON.parse(text) as { remotes: Record<string, unknown>[] };
        doc.remotes[0]!.headers = [{ name: 'Authorization', isRequired: true, isSecret: true }];
        doc.remotes[0]!.supportedProtocolVersions = ['2025-06-18'];
        return JSON.stringify(doc);
      }),
      false,
    );
    const card = failures.find((f) => f.startsWith('mcp-card SEP-2127'));
    expect(card).toContain('asks the user for Authorization');
    expect(card).toContain('believes the server speaks 2025-06-18');
  }, 120_000);

  it('an llms.txt that states another scope for a control than the server requires', async () => {
    const [control] = preview.model.mcpServer.controls;
    const other = preview.model.authentication.scopes.find((s) => s.name !== control!.requiredScope)!.name;
    const { failures } = await journey(
      'llms.txt',
      rewriting('/llms.txt', (text) =>
        text.replace(
          `\`${control!.name}\` (read-only, scope \`${control!.requiredScope}\`)`,
          `\`${control!.name}\` (read-only, scope \`${other}\`)`,
        ),
      ),
    );
    expect(failures.some((f) => f.startsWith(`call ${mcpUrl()} ${control!.name}`))).toBe(true);
  }, 120_000);

  it('an llms.txt that does not say where the MCP endpoint is', async () => {
    const { failures } = await journey(
      'llms.txt',
      rewriting('/llms.txt', (text) => text.replace(/^The MCP endpoint is .*$/m, '')),
    );
    expect(failures).toEqual([expect.stringContaining('names no MCP endpoint')]);
  }, 60_000);
});
