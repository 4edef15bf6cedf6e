// llms-full.txt has a size budget, like llms.txt: past it the build warns (the file is still built).
import { beforeAll, describe, expect, it } from 'vitest';
import { pagesKinds } from '../../../generator/build/emit/guidance/kinds.js';
import { LLMS_FULL_MAX_CHARS } from '../../../generator/build/emit/guidance/validate-llms.js';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import { ArtifactSet } from '../../../generator/build/registry/types.js';
import { type Loaded, loadShipped } from '../../helpers/pages.js';

let loaded: Loaded;
beforeAll(async () => {
  loaded = await loadShipped();
}, 60_000);

function validateFull(body: string) {
  const entry = loaded.registry.get('/llms-full.txt')!;
  const artifacts = new ArtifactSet();
  for (const e of loaded.registry.entries) artifacts.set({ entry: e, body: '' });
  const artifact = { entry, body };
  artifacts.set(artifact);
  const diagnostics = new Diagnostics();
  const context = {
    model: loaded.model,
    registry: loaded.registry,
    diagnostics,
    artifacts,
    displayPath: () => 'dist/llms-full.txt',
  };
  for (const validator of pagesKinds['llms-full']!.validate!) validator(artifact, context);
  return diagnostics.list();
}

describe('the size of llms-full.txt', () => {
  it('a file past the budget (a 5 MB page would make one) draws a warning, not an error', () => {
    const body = `# Site: full AI reference\n\n${'A sentence of a very long guide. '.repeat(Math.ceil(LLMS_FULL_MAX_CHARS / 32) + 10)}\n`;
    expect(validateFull(body)).toMatchObject([
      { file: 'dist/llms-full.txt', ruleId: 'llms-full-too-large', fatal: false },
    ]);
  });

  it('a file within the budget draws nothing', () => {
    expect(validateFull('# Site: full AI reference\n\nA short guide.\n')).toEqual([]);
  });
});
