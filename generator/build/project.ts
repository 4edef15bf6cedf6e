// Loading a project, the way every entry point starts: the content set read and checked (its boundaries included),
// turned into the model, and the registry built from it.
import type { Addresses, EnvironmentName, Model } from '../model/types.js';
import { guardContent } from './boundaries/content-guard.js';
import { loadContent, type LoadStats } from './content/load.js';
import type { FolderWalk } from './cache/folder-walk.js';
import { CONTENT_SCHEMA_DIR, DEFAULT_CONTENT_DIR } from './files/project-paths.js';
import { kinds as defaultKinds } from './kinds.js';
import { Diagnostics } from './messages/diagnostics.js';
import { buildRegistry, type KindTable } from './registry/build-registry.js';
import type { Registry } from './registry/registry.js';

export interface ProjectOptions {
  env: EnvironmentName;
  /** The content folder (default: the project's content/). */
  contentDir?: string;
  /** The content schemas (default: the project's schemas/content/, whatever the content folder is). */
  schemaDir?: string;
  /** Addresses that replace the environment's (the preview server bound to other ports, tests on port 0). */
  addresses?: Partial<Addresses>;
  kinds?: KindTable;
  /** The build cache folder: page files read and guarded by the last good load are kept (see content/load.ts). */
  cacheDir?: string;
  /** Filled in as the pages load: how many were read and guarded, and how many kept. */
  loadStats?: LoadStats;
  /** The walk of the content folder the build's fingerprint made: the load lists it and knows its files from it. */
  contentWalk?: FolderWalk;
}

export interface Project {
  contentDir: string;
  schemaDir: string;
  diagnostics: Diagnostics;
  /** Absent when the content did not load. */
  model?: Model;
  /** Absent when the content did not load or the registry did not build. */
  registry?: Registry;
}

export async function loadProject(options: ProjectOptions, diagnostics = new Diagnostics()): Promise<Project> {
  const contentDir = options.contentDir ?? DEFAULT_CONTENT_DIR;
  const schemaDir = options.schemaDir ?? CONTENT_SCHEMA_DIR;
  const project: Project = { contentDir, schemaDir, diagnostics };
  const model = await loadContent(
    {
      contentDir,
      schemaDir,
      env: options.env,
      checks: [guardContent],
      cacheDir: options.cacheDir,
      stats: options.loadStats,
      walk: options.contentWalk,
    },
    diagnostics,
  );
  if (!model) return project;
  if (options.addresses) {
    model.addresses = { ...model.addresses, ...options.addresses };
    model.environments[options.env] = model.addresses;
  }
  project.model = model;
  project.registry = buildRegistry(model, options.kinds ?? defaultKinds, diagnostics);
  return project;
}

/** The model only (no registry): for what needs the content's facts before it builds anything (ports, tokens). */
export async function loadModel(
  options: Omit<ProjectOptions, 'kinds'>,
  diagnostics = new Diagnostics(),
): Promise<Model | undefined> {
  const model = await loadContent(
    {
      contentDir: options.contentDir ?? DEFAULT_CONTENT_DIR,
      schemaDir: options.schemaDir ?? CONTENT_SCHEMA_DIR,
      env: options.env,
      checks: [guardContent],
    },
    diagnostics,
  );
  if (model && options.addresses) model.addresses = { ...model.addresses, ...options.addresses };
  return model;
}
