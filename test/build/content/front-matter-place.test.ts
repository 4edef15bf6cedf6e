import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import { copyContent } from '../../helpers/content.js';
import { loadModel } from '../../../generator/build/project.js';

let contentDir = '';
afterEach(async () => {
  if (contentDir) await rm(join(contentDir, '..'), { recursive: true, force: true });
});

it.each([
  ['plain', 'description: How to register a webhook.', 21],
  ['quoted', 'description: "How to register a webhook."', 22],
])('the boundaries guard places a claim in a %s front matter value at its words', async (_, line, column) => {
  contentDir = await copyContent();
  await writeFile(
    join(contentDir, 'pages', 'help', 'hooks.md'),
    `---\ntitle: Hooks\n${line}\norder: 5\n---\n\nText.\n`,
  );
  const diagnostics = new Diagnostics();
  await loadModel({ contentDir, env: 'production' }, diagnostics);
  expect(diagnostics.list()).toContainEqual(
    expect.objectContaining({ ruleId: 'unpublished-interface', file: 'content/pages/help/hooks.md', line: 3, column }),
  );
});
