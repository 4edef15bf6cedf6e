// The folders a build is given (content, output, cache), checked before anything is read or written. The output
// folders are replaced whole, so a mistyped `--out` must never name the content, the cache, the project or any folder
// that holds them, nor a folder of files no build wrote; a `--cache` that cannot be made is said so instead of making
// Node's recursive mkdir spin (it retries for ever where a parent exists but refuses children, as /proc does).
import { type Stats, lstatSync, mkdirSync, readdirSync, realpathSync, rmdirSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, parse, relative, resolve } from 'node:path';
import type { Diagnostics } from '../messages/diagnostics.js';

export type FolderRule = 'content-folder' | 'output-folder' | 'cache-folder';

export interface FolderProblem {
  ruleId: FolderRule;
  reason: string;
  fix: string;
  /** The folder, as it was given. */
  file: string;
}

export interface GivenFolders {
  contentDir: string;
  /** The site's output folder; the other hosts' trees go to `<outDir>-hosts/`. */
  outDir?: string;
  cacheDir?: string;
  /** The project's own folder (the generator), which no output may replace. */
  projectRoot: string;
}

/** Every problem with the given folders, content first; none when the build may read and write them. */
export function givenFolderProblems(given: GivenFolders): FolderProblem[] {
  const content = contentFolderProblem(given.contentDir);
  if (content) return [content];
  const problems: FolderProblem[] = [];
  if (given.outDir !== undefined) problems.push(...outputFolderProblems(given.outDir, given));
  if (given.cacheDir !== undefined) {
    const cache = cacheFolderProblem(given.cacheDir, given.contentDir);
    if (cache) problems.push(cache);
  }
  return problems;
}

/** Says each problem as an error of the build, in `stage` (by default the load: nothing was read yet). */
export function reportFolderProblems(
  problems: readonly FolderProblem[],
  diagnostics: Diagnostics,
  stage: 'load' | 'write' = 'load',
): Diagnostics {
  for (const { ruleId, reason, fix, file } of problems) diagnostics.error(stage, { ruleId, reason, fix, file });
  return diagnostics;
}

/** A path's stat (`follow`: through links), undefined when nothing is there, or the code of the error that stopped it. */
function statOf(path: string, follow: boolean): Stats | undefined | string {
  try {
    return (follow ? statSync : lstatSync)(path, { throwIfNoEntry: false });
  } catch (error) {
    // A part of the path that is a file (ENOTDIR), a loop of links (ELOOP), no permission (EACCES)…
    return (error as { code?: string }).code ?? String(error);
  }
}

export function contentFolderProblem(contentDir: string): FolderProblem | undefined {
  const fix = 'Give the folder that holds the content set (content/ unless --content says otherwise).';
  const stats = statOf(contentDir, true);
  if (stats === undefined || stats === 'ENOTDIR')
    return { ruleId: 'content-folder', reason: `There is no content folder at ${contentDir}.`, fix, file: contentDir };
  if (typeof stats === 'string') {
    return { ruleId: 'content-folder', reason: `${contentDir} cannot be read (${stats}).`, fix, file: contentDir };
  }
  if (!stats.isDirectory()) {
    return {
      ruleId: 'content-folder',
      reason: `${contentDir} is a file, not a content folder.`,
      fix,
      file: contentDir,
    };
  }
  return undefined;
}

/** Whether `inner` is `outer` or a folder below it (both as real paths). */
function within(inner: string, outer: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The path with every link resolved, for the part of it that exists (the rest cannot be a link yet). */
function realPath(path: string): string {
  const rest: string[] = [];
  for (let at = resolve(path); ; at = dirname(at)) {
    try {
      return join(realpathSync(at), ...rest.reverse());
    } catch {
      if (dirname(at) === at) return resolve(path);
      rest.push(basename(at));
    }
  }
}

/**
 * Why a folder cannot be a built tree to read whole (the file system's root, or a folder holding the project and its
 * dependencies): undefined when it may be one.
 */
export function notATreeReason(dir: string, projectRoot: string): string | undefined {
  const real = realPath(dir);
  if (real === parse(real).root) return 'it is the root of the file system';
  if (within(realPath(projectRoot), real)) return 'it holds the project itself';
  return undefined;
}

/** Files at the top of a folder that say it is a project of its own, which a build must not replace. */
const PROJECT_MARKERS = ['package.json', '.git'];

function outputFolderProblems(outDir: string, given: GivenFolders): FolderProblem[] {
  const fix = 'Give --out a folder of its own for the build (dist/ by default), outside the content and cache folders.';
  const problem = (reason: string): FolderProblem => ({ ruleId: 'output-folder', reason, fix, file: outDir });
  const content = realPath(given.contentDir);
  const cache = given.cacheDir === undefined ? undefined : realPath(given.cacheDir);
  const project = realPath(given.projectRoot);
  const problems: FolderProblem[] = [];
  for (const tree of [outDir, `${resolve(outDir)}-hosts`]) {
    const real = realPath(tree);
    const replaced = `${tree} would be replaced whole by the build`;
    if (real === parse(real).root) problems.push(problem(`${tree} is the root of the file system.`));
    else if (within(project, real))
      problems.push(problem(`${replaced}, and it holds the project itself (${project}).`));
    else if (within(content, real)) problems.push(problem(`${replaced}, and it holds the content folder.`));
    else if (within(real, content)) {
      problems.push(problem(`${tree} is inside the content folder: the next build would read the output as content.`));
    } else if (cache !== undefined && (within(cache, real) || within(real, cache))) {
      problems.push(problem(`${tree} and the cache folder (${given.cacheDir}) overlap.`));
    } else {
      const stats = statOf(real, false);
      if (stats === 'ENOTDIR') problems.push(problem(`${tree} is inside a file, not a folder.`));
      else if (typeof stats === 'string') problems.push(problem(`${tree} cannot be used (${stats}).`));
      else if (stats && !stats.isDirectory()) problems.push(problem(`${tree} is a file, not a folder.`));
      const isFolder = typeof stats === 'object' && stats.isDirectory();
      const marker = isFolder ? PROJECT_MARKERS.find((name) => exists(join(real, name))) : undefined;
      if (marker) problems.push(problem(`${replaced}, and it holds ${marker}: it is a project folder.`));
    }
  }
  return problems;
}

const exists = (path: string) => typeof statOf(path, false) === 'object';

/**
 * The cache folder, made if missing one level at a time and tried with a folder of its own: undefined when the build
 * can keep its cache there.
 */
function cacheFolderProblem(cacheDir: string, contentDir: string): FolderProblem | undefined {
  const fix = 'Give --cache a writable folder of its own (node_modules/.cache/discovery-site by default).';
  const problem = (reason: string): FolderProblem => ({ ruleId: 'cache-folder', reason, fix, file: cacheDir });
  const real = realPath(cacheDir);
  const content = realPath(contentDir);
  if (within(real, content) || within(content, real)) {
    return problem(`The cache folder ${cacheDir} and the content folder overlap.`);
  }
  try {
    makeFolder(resolve(cacheDir));
    const probe = join(resolve(cacheDir), `.probe-${process.pid}`);
    mkdirSync(probe);
    rmdirSync(probe);
  } catch (error) {
    const code = (error as { code?: string }).code;
    return problem(`The cache folder ${cacheDir} cannot be used (${code ?? String(error)}).`);
  }
  return undefined;
}

/** `mkdir -p`, one level at a time: any refusal is thrown, never retried. */
function makeFolder(dir: string): void {
  const missing: string[] = [];
  for (let at = dir; !exists(at); at = dirname(at)) {
    if (dirname(at) === at) break;
    missing.push(at);
  }
  for (const folder of missing.reverse()) mkdirSync(folder);
  if (!statSync(dir).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
}

/**
 * An output tree with no build into it on record, when most of its top is not what this build writes: the tree is
 * replaced whole, so a folder of other things (`src/`, a folder of notes) is not taken for an output folder, while an
 * older build's output, a few pages since removed beside everything the build writes again, is. `paths`: every path
 * the build writes in the tree (a streamed folder's path will do for its files).
 */
export function outputTreeProblem(treeDir: string, paths: Iterable<string>): FolderProblem | undefined {
  let entries: string[];
  try {
    entries = readdirSync(treeDir);
  } catch {
    return undefined;
  }
  const names = new Set<string>();
  for (const path of paths) names.add(path.split('/')[0]!);
  const unknown = entries.filter((name) => !names.has(name)).sort();
  if (unknown.length * 2 <= entries.length) return undefined;
  const shown = unknown.slice(0, 5).join(', ') + (unknown.length > 5 ? ` and ${unknown.length - 5} more` : '');
  return {
    ruleId: 'output-folder',
    reason: `${treeDir} would be replaced whole by the build, and it holds what no build into it wrote (${shown}).`,
    fix: `If ${treeDir} holds only an older build's output, delete it and build again; otherwise give --out another folder.`,
    file: treeDir,
  };
}
