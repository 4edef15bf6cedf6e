import { stat } from 'node:fs/promises';
import { Diagnostics } from './messages/diagnostics.js';
import type { EnvironmentName } from '../model/types.js';
import { displayPath } from './registry/display-path.js';
import type { KindTable } from './registry/build-registry.js';
import { kinds as defaultKinds } from './kinds.js';
import type { TreeValidator } from './registry/types.js';
import { guessEnvironment, type EnvironmentGuess } from './validate/environment.js';
import { readBuiltTree } from './validate/read-tree.js';
import { validateArtifacts } from './validate/validate-artifacts.js';
import { loadProject } from './project.js';
import { notATreeReason } from './files/given-folders.js';
import { PROJECT_ROOT } from './files/project-paths.js';
import type { BuildProgress } from './pipeline.js';

export interface ValidateTreeOptions {
  /** The site tree (absolute or relative to the working folder); other hosts are read from `<dir>-hosts/`. */
  dir: string;
  /** How messages name the tree (default: `dir` as given). */
  display?: string;
  env: EnvironmentName;
  contentDir?: string;
  schemaDir?: string;
  kinds?: KindTable;
  treeValidators?: TreeValidator[];
  /** Told each stage as it starts and how far it got (for a progress line on a long check). */
  progress?: BuildProgress;
}

export interface ValidateTreeResult {
  diagnostics: Diagnostics;
  /** Files read from the tree. */
  files: number;
  environment?: EnvironmentGuess;
}

export async function validateBuiltTree(options: ValidateTreeOptions): Promise<ValidateTreeResult> {
  const diagnostics = new Diagnostics();
  const given = options.display ?? options.dir;
  // Without its trailing separators, but the root is still "/".
  const display = given.replace(/[\\/]+$/, '') || given || '.';
  const rebuild = options.env === 'production' ? 'npm run build' : 'npm run build -- --env preview';
  if (!(await isDirectory(options.dir))) {
    diagnostics.error('validate', {
      ruleId: 'missing-tree',
      reason: `There is no built tree at ${display}.`,
      fix: `Build it first (${rebuild}), or name the folder to check: npm run validate -- <dir>.`,
      file: display,
    });
    return { diagnostics, files: 0 };
  }
  const notATree = notATreeReason(options.dir, PROJECT_ROOT);
  if (notATree) {
    diagnostics.error('validate', {
      ruleId: 'missing-tree',
      reason: `${display} is not a built tree: ${notATree}.`,
      fix: `Name the folder a build wrote: npm run validate -- <dir> (dist/ by default).`,
      file: display,
    });
    return { diagnostics, files: 0 };
  }
  const kinds = options.kinds ?? defaultKinds;
  const progress = options.progress ?? (() => undefined);
  progress('load', 0, 0);
  const { model, registry } = await loadProject(
    { env: options.env, contentDir: options.contentDir, schemaDir: options.schemaDir, kinds },
    diagnostics,
  );
  if (!model || !registry) return { diagnostics, files: 0 };

  const shown = (entry: Parameters<typeof displayPath>[0]) => displayPath(entry, display);
  let tree: Awaited<ReturnType<typeof readBuiltTree>>;
  try {
    tree = await readBuiltTree(options.dir, display, registry, (entry) => kinds[entry.kind]?.streamFolder);
  } catch (error) {
    // A folder of the tree that cannot be listed (no permission, a loop of links): said, not met as a crash.
    const { code, path } = error as { code?: string; path?: string };
    if (code === undefined) throw error;
    diagnostics.error('validate', {
      ruleId: 'missing-tree',
      reason: `${display} cannot be read: ${code}${path ? ` at ${path}` : ''}.`,
      fix: `Check that the whole tree can be read, or rebuild it (${rebuild}).`,
      file: display,
    });
    return { diagnostics, files: 0 };
  }
  const environment = guessEnvironment(tree.artifacts, model.environments, shown);
  if (environment.env && environment.env !== options.env) {
    const counts = Object.entries(environment.counts)
      .map(([n, c]) => `${n} ${c}`)
      .join(', ');
    diagnostics.error('validate', {
      ruleId: 'wrong-environment',
      reason: `${display} was built for ${environment.env}, not ${options.env}: its files name ${environment.env}'s addresses (e.g. ${environment.example!.address} in ${environment.example!.file}; mentions: ${counts}).`,
      fix: `Validate it as ${environment.env} (npm run validate -- ${display} --env ${environment.env}), or rebuild it for ${options.env} (${rebuild}).`,
      file: display,
    });
    return { diagnostics, files: tree.files, environment };
  }
  for (const file of tree.unclaimed) {
    diagnostics.error('validate', {
      ruleId: 'unclaimed-file',
      reason: `${file} is in the built tree, but no registry entry claims it, so it would be published without being checked.`,
      fix: `Rebuild into a clean folder (${rebuild} replaces the whole tree), or add a resource for it to content/.`,
      file,
    });
  }
  progress('validate', 0, registry.entries.length);
  validateArtifacts({
    model,
    registry,
    kinds,
    artifacts: tree.artifacts,
    diagnostics,
    displayPath: shown,
    treeValidators: options.treeValidators,
    origin: 'tree',
    onValidated: (done) => progress('validate', done, registry.entries.length),
  });
  return { diagnostics, files: tree.files, environment };
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
