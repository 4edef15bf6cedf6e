// The nginx configuration's less common shapes, on a serving table made for the case; nginx must accept each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NGINX_CONTEXTS_LINE, nginxConfig } from '../../../../generator/build/emit/cdn/nginx-config.js';
import type { HeaderList } from '../../../../generator/runtime/headers.js';
import { SERVING_TABLE_VERSION, type ServingTable } from '../../../../generator/runtime/site/table.js';
import { checkNginxConfig, findNginx } from '../../../runtime/serving/nginx-server.js';

const json: HeaderList = [
  ['Content-Type', 'application/json'],
  ['Cache-Control', 'public, max-age=3600'],
];

function table(fields: Partial<ServingTable>): ServingTable {
  return {
    version: SERVING_TABLE_VERSION,
    origin: 'https://www.example.com',
    files: [],
    negotiation: { onTie: 'twin', media: { page: 'text/html; charset=utf-8', twin: 'text/markdown' }, pages: [] },
    mcp: { endpoint: 'https://mcp.example.com/mcp', authStart: 'https://www.example.com/auth.md', notEndpoints: [] },
    catalogs: [],
    ...fields,
  };
}

function configFor(served: ServingTable, files: { path: string; file: string }[] = []): string {
  const config = nginxConfig(served, { files: files as never });
  // Where nginx is installed, it must accept the configuration as well.
  const nginx = findNginx();
  if (nginx) {
    const dir = mkdtempSync(join(tmpdir(), 'cdn-nginx-t-'));
    try {
      checkNginxConfig(nginx, config, dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return config;
}

describe('the nginx configuration', () => {
  it('answers a fixed-value query route on a path that serves no file, and 404s the path otherwise', () => {
    const config = configFor(
      table({
        files: [{ path: '/_agent/tools.json', headers: json }],
        agentMode: { route: '/tools?mode=agent', file: '/_agent/tools.json', headers: json },
      }),
    );
    const block = config.slice(config.indexOf("location = '/tools' {"));
    expect(block.slice(0, block.indexOf('\n    }'))).toMatch(
      /if \(\$arg_mode = 'agent'\) \{ rewrite \^ '\/_agent\/tools\.json\?' last; \}\n\s+return 404;/,
    );
    expect(config).toContain("location = '/_agent/tools.json' {");
  });

  it('quotes a path with a space or a quote so that nginx reads it back', () => {
    const config = configFor(table({ files: [{ path: "/brand/a b's.svg", headers: json }] }));
    expect(config).toContain("location = '/brand/a b\\'s.svg' {");
  });

  it('answers the page-context route from the folder of its per-path copy, named beside root, and not from dist/', () => {
    const pageContext = {
      route: '/api/agent/page-context',
      headers: json,
      data: {
        route: '/api/agent/page-context',
        baseUrl: 'https://www.example.com',
        routeFamilies: [],
        contexts: { file: '/_agent/page-context/{shard}.json', shards: 4, hash: 'fnv-1a-32' as const },
      },
    };
    const config = configFor(table({ pageContext }));
    expect(config).toContain(NGINX_CONTEXTS_LINE);
    const block = config.slice(config.indexOf("location = '/api/agent/page-context' {"));
    expect(block.slice(0, block.indexOf('\n    }'))).toMatch(
      /root \$discovery_site_page_contexts;\n\s+try_files \$\{discovery_site_context_path\}\.json '[^']+';/,
    );
    // The shards are served at their own paths from dist/.
    expect(config).toContain("location ^~ '/_agent/page-context/' {");
    // A site without the route has no such folder to name.
    expect(configFor(table({}))).not.toContain(NGINX_CONTEXTS_LINE);
  });

  it('refuses a table with a path among its own internal locations', () => {
    expect(() => nginxConfig(table({ files: [{ path: '/.discovery-site/x', headers: json }] }), { files: [] })).toThrow(
      /internal|own/,
    );
  });
});
