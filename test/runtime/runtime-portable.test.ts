// The runtime must load in Deno and Cloudflare Workers as well as Node: no node: imports, no packages, nothing from
// outside generator/runtime/.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../generator/build/files/project-paths.js';

const dir = join(PROJECT_ROOT, 'generator', 'runtime');

describe('runtime portability', () => {
  it('imports only modules of the runtime itself', () => {
    const files = fg.sync('**/*.ts', { cwd: dir });
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(join(dir, file), 'utf8');
      for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        const inside =
          specifier!.startsWith('.') && !relative(dir, resolve(dir, dirname(file), specifier!)).startsWith('..');
        expect(inside, `${file} imports ${specifier}`).toBe(true);
      }
    }
  });
});
