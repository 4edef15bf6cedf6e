// A build the dev server serves: the model, registry and files of the latest build that passed.
import type { Model } from '../../model/types.js';
import type { Registry } from '../../build/registry/registry.js';
import type { ArtifactSet } from '../../build/registry/types.js';

export interface GoodBuild {
  /** Counts served builds from 1; pages carry it to know when they are out of date. */
  id: number;
  model: Model;
  registry: Registry;
  artifacts: ArtifactSet;
  /**
   * False for a build served by the fast path: its edited pages are new, while the files that gather every page
   * (llms-full.txt, the deploy files…) and the whole-tree checks wait for the background completion.
   */
  complete: boolean;
  /**
   * The folder hash of the content and schemas a whole build read: a later whole build of the same bytes is skipped.
   * Absent for the fast path's builds and their completions, which reflect more than the whole build they started from.
   */
  inputs?: string;
}
