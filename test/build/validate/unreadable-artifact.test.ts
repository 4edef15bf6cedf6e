// An artifact whose bytes cannot be read when the checks ask for them (a kept page whose record turned out unreadable
// and could not be made again) fails the build with one message at its file, not a crash and not one per check.
import { beforeAll, describe, expect, it } from 'vitest';
import { kinds } from '../../../generator/build/kinds.js';
import { runPipeline, type PipelineResult } from '../../../generator/build/pipeline.js';
import { Verdicts } from '../../../generator/build/cache/verdicts.js';
import { displayPath } from '../../../generator/build/registry/display-path.js';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import { type Artifact, ArtifactSet } from '../../../generator/build/registry/types.js';
import { validateArtifacts } from '../../../generator/build/validate/validate-artifacts.js';

let base: PipelineResult;
beforeAll(async () => {
  base = await runPipeline({ env: 'production' });
  expect(base.diagnostics.hasErrors).toBe(false);
}, 120_000);

/** The build's artifacts, one page's HTML replaced by an artifact whose body throws when read. */
function withUnreadablePage(): { artifacts: ArtifactSet; file: string } {
  const artifacts = new ArtifactSet();
  const page = base.registry!.entries.find((e) => e.kind === 'html-page' && e.page)!;
  for (const artifact of base.artifacts!.values()) {
    if (artifact.entry !== page) {
      artifacts.set(artifact);
      continue;
    }
    const unreadable: Artifact = {
      entry: page,
      get body(): string {
        throw new Error('its rendered page could not be made again');
      },
    };
    artifacts.set(unreadable);
  }
  return { artifacts, file: displayPath(page) };
}

function validate(artifacts: ArtifactSet, verdicts?: Verdicts): Diagnostics {
  const diagnostics = new Diagnostics();
  validateArtifacts({
    model: base.model!,
    registry: base.registry!,
    kinds,
    artifacts,
    diagnostics,
    displayPath: (e) => displayPath(e),
    verdicts,
    treeValidators: [],
  });
  return diagnostics;
}

describe('an artifact whose bytes cannot be read', () => {
  it('fails the build with one validator-crash at its file when the verdicts are kept across builds', () => {
    const { artifacts, file } = withUnreadablePage();
    const diagnostics = validate(artifacts, new Verdicts('scope'));
    expect(diagnostics.hasErrors).toBe(true);
    const crashes = diagnostics.list().filter((m) => m.ruleId === 'validator-crash');
    expect(crashes.map((m) => m.file)).toEqual([file]);
    expect(crashes[0]!.reason).toContain('could not be made again');
  });

  it('fails the build at its file without kept verdicts too', () => {
    const { artifacts, file } = withUnreadablePage();
    const diagnostics = validate(artifacts);
    expect(diagnostics.hasErrors).toBe(true);
    const files = new Set(
      diagnostics
        .list()
        .filter((m) => m.ruleId === 'validator-crash')
        .map((m) => m.file),
    );
    expect([...files]).toEqual([file]);
  });
});
