// The runtime must load in Deno and Cloudflare Workers as well as Node: no node: imports, no packages.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../generator/pipeline.js';

const dir = join(PROJECT_ROOT, 'generator', 'public-pages');
const allowed = (specifier: string) => specifier.startsWith('./') || specifier === '../errors/api-error.js';

describe('public-pages runtime portability', () => {
  it('imports only its own modules and the API error envelope', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(join(dir, file), 'utf8');
      for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        expect(allowed(specifier!), `${file} imports ${specifier}`).toBe(true);
      }
    }
    const envelope = readFileSync(join(PROJECT_ROOT, 'generator', 'errors', 'api-error.ts'), 'utf8');
    expect(envelope).not.toMatch(/from\s+['"]/);
  });
});
