// Markdown negotiation through a real nginx: the maps the configuration generator writes, run by Debian's nginx on the
// whole corpus of Accept headers, choose as the runtime does, quality for quality, for both tie preferences; and they
// find an MCP client as the runtime does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mcpClientMaps,
  negotiationMaps,
  NGINX_LISTEN_LINE,
  NGINX_ROOT_LINE,
  NGINX_VARIABLES as V,
} from '../../../generator/build/emit/cdn/nginx-config.js';
import { chooseRepresentation, qualityOf, type TiePreference } from '../../../generator/runtime/negotiation/choose.js';
import { isMcpClientRequest } from '../../../generator/runtime/site/decide.js';
import { findNginx, startNginx, type RunningNginx } from '../serving/nginx-server.js';
import { REAL_HEADERS, RFC_HEADERS, randomHeaders } from './accept-corpus.js';

const nginx = findNginx();
if (!nginx && process.env.CI)
  throw new Error('nginx is not installed: .ci/run installs it with apt-get install -y nginx.');

const media = { page: 'text/html; charset=utf-8', twin: 'text/markdown; charset=utf-8' };
const corpus = [...REAL_HEADERS, ...RFC_HEADERS, ...randomHeaders(1500, 23)];

/** What nginx decided, and on which header (as it received it: a client trims the value). */
async function ask(origin: string, accept: string, method = 'GET') {
  const response = await fetch(origin, { method, headers: { accept } });
  const [decision = '', received = ''] = (await response.text()).split('\n');
  const [wantsTwin, twinQ, pageQ, mcpClient] = decision.split(' ');
  return { wantsTwin, twinQ, pageQ, mcpClient, received };
}

/**
 * A quality in the configuration's form: N or W (named, or through a wildcard), then four digits. Quality 0 through a
 * wildcard and no range at all (X) decide alike, and the runtime does not tell them apart: both are written X0000.
 */
function marked(accept: string, mediaType: string): string {
  const quality = qualityOf(accept, mediaType);
  return sameZero(`${quality.named ? 'N' : 'W'}${String(quality.q).padStart(4, '0')}`);
}
const sameZero = (q: string | undefined) => (q === 'W0000' ? 'X0000' : (q ?? ''));

describe.skipIf(!nginx).each(['twin', 'page'] as TiePreference[])('nginx negotiation, ties to the %s', (onTie) => {
  let server: RunningNginx;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nginx-negotiation-'));
    const config = [
      ...negotiationMaps({ negotiation: { onTie, media, pages: [] } }),
      ...mcpClientMaps(),
      'server {',
      NGINX_LISTEN_LINE,
      NGINX_ROOT_LINE,
      '    location / {',
      '        default_type text/plain;',
      `        return 200 "$${V.wantsTwin} $${V.twinQ} $${V.pageQ} $${V.mcpClient}\\n$http_accept";`,
      '    }',
      '}',
      '',
    ].join('\n');
    server = await startNginx(nginx!, config, dir, join(dir, 'nginx'));
  });

  afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it(`chooses as the runtime on ${corpus.length} Accept headers`, async () => {
    const differ: string[] = [];
    for (const accept of corpus) {
      const got = await ask(server.origin, accept);
      const want = {
        wantsTwin: chooseRepresentation(got.received, media, onTie) === 'twin' ? '1' : '0',
        twinQ: marked(got.received, media.twin),
        pageQ: marked(got.received, media.page),
        mcpClient: isMcpClientRequest('GET', got.received) ? '1' : '0',
      };
      const have = {
        wantsTwin: got.wantsTwin,
        twinQ: sameZero(got.twinQ),
        pageQ: sameZero(got.pageQ),
        mcpClient: got.mcpClient,
      };
      if (JSON.stringify(have) !== JSON.stringify(want))
        differ.push(`${JSON.stringify(got.received)}: nginx ${JSON.stringify(have)}, runtime ${JSON.stringify(want)}`);
    }
    expect(differ.slice(0, 10)).toEqual([]);
  });

  it('decides the RFC cases the issue names as the runtime does', async () => {
    const twin = onTie === 'twin' ? '1' : '0';
    expect((await ask(server.origin, 'text/markdown, text/html')).wantsTwin).toBe(twin);
    expect((await ask(server.origin, 'text/html, text/markdown;q=0.5')).wantsTwin).toBe('0');
    expect((await ask(server.origin, '*/*')).wantsTwin).toBe('0');
    expect((await ask(server.origin, 'text/markdown;q=0, text/html')).wantsTwin).toBe('0');
    expect((await ask(server.origin, 'text/html;q=0.5, */*')).wantsTwin).toBe('1');
  });

  it('finds an MCP client by its method too', async () => {
    expect((await ask(server.origin, 'application/json', 'POST')).mcpClient).toBe('1');
    expect((await ask(server.origin, 'text/event-stream;q=0', 'GET')).mcpClient).toBe('0');
  });
});
