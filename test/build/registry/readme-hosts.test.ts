// The README tells whoever runs each host other than the site which built files are theirs and at which address.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../generator/build/files/project-paths.js';
import { loadShipped, type Loaded } from '../../helpers/pages.js';

let loaded: Loaded;
let readme: string;
beforeAll(async () => {
  loaded = await loadShipped();
  readme = await readFile(join(PROJECT_ROOT, 'README.md'), 'utf8');
}, 60_000);

describe('README, Deploy', () => {
  it('names every file of dist-hosts/mcp/, the address it answers and who serves it', () => {
    const files = loaded.registry.of('mcp').filter((e) => e.file);
    expect(files.length).toBeGreaterThan(0);
    for (const entry of files) {
      expect(readme).toContain(`\`dist-hosts/mcp/${entry.file}\``);
      expect(readme).toContain(`\`{mcp_url}${entry.path}\``);
    }
    expect(readme).toMatch(/`dist-hosts\/mcp\/` is for whoever runs the hosted MCP server/);
  });

  it('says verify is run against the preview, not against npm run dev', () => {
    expect(readme).toMatch(/Verify `npm run preview`, not `npm run dev`/);
  });
});
