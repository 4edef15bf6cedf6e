// The nginx configuration's less common shapes, on a registry made for the case.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitNginxConfig } from '../../../../generator/build/emit/cdn/nginx-config.js';
import { Diagnostics } from '../../../../generator/build/messages/diagnostics.js';
import { Registry } from '../../../../generator/build/registry/registry.js';
import { ArtifactSet, type EmitContext, type RegistryEntry } from '../../../../generator/build/registry/types.js';
import { checkNginxConfig, findNginx } from '../../../runtime/serving/nginx-server.js';

const addresses = { base_url: 'https://www.example.com', api_url: '', mcp_url: '', auth_url: '' };

function entry(
  fields: Partial<RegistryEntry> & Pick<RegistryEntry, 'path' | 'file' | 'kind' | 'mediaType'>,
): RegistryEntry {
  return {
    host: 'site',
    title: fields.path,
    purpose: '',
    group: 'test',
    audience: ['agents'],
    inContract: false,
    discovery: false,
    inSitemap: false,
    source: { file: 'test' },
    ...fields,
  };
}

function configFor(entries: RegistryEntry[]): string {
  const registry = new Registry(entries, addresses);
  const context: EmitContext = {
    model: undefined as never,
    registry,
    diagnostics: new Diagnostics(),
    artifacts: new ArtifactSet(),
    memo: (_key, compute) => compute(),
  };
  const config = emitNginxConfig(entries[0]!, context) as string;
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
    const config = configFor([
      entry({ path: '/nginx.conf', file: 'nginx.conf', kind: 'nginx-config', mediaType: 'text/plain', host: 'deploy' }),
      entry({
        path: '/tools?mode=agent',
        file: '_agent/tools.json',
        kind: 'agent-mode',
        mediaType: 'application/json',
        dataFor: '/tools?mode=agent',
      }),
    ]);
    const block = config.slice(config.indexOf("location = '/tools' {"));
    expect(block).toMatch(
      /^location = '\/tools' \{[\s\S]*?if \(\$arg_mode = 'agent'\) \{ rewrite \^ '\/_agent\/tools\.json\?' last; \}/,
    );
    expect(block.slice(0, block.indexOf('\n    }'))).toMatch(/return 404 '\{"error":\{"code":"not_found"/);
    expect(config).toContain("location = '/_agent/tools.json' {");
  });

  it('quotes a path with a space or a quote so that nginx reads it back', () => {
    const config = configFor([
      entry({ path: '/nginx.conf', file: 'nginx.conf', kind: 'nginx-config', mediaType: 'text/plain', host: 'deploy' }),
      entry({ path: "/brand/a b's.svg", file: "brand/a b's.svg", kind: 'static', mediaType: 'image/svg+xml' }),
    ]);
    expect(config).toContain("location = '/brand/a b\\'s.svg' {");
  });
});
