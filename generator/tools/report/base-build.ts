// The base a pull request is compared with: a built folder as it is, or a git ref's content built by this generator.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { EnvironmentName } from '../../model/types.js';
import { runPipeline, type BuildProgress } from '../../build/pipeline.js';
import type { KindTable } from '../../build/registry/build-registry.js';
import { notATreeReason } from '../../build/files/given-folders.js';
import { PROJECT_ROOT } from '../../build/files/project-paths.js';
import { isDirectory, treeOfArtifacts, treeOfFolder, type ArtifactTree } from './artifact-tree.js';

const run = promisify(execFile);

export interface BaseBuild {
  /** What the user gave: a folder or a git ref. */
  spec: string;
  source: 'folder' | 'git-ref';
  /** For a git ref: the commit it resolved to. */
  commit?: string;
  tree: ArtifactTree;
  /** Messages of a base that did not build; the head is then compared with an empty tree. */
  failure?: string[];
}

export class BaseError extends Error {}

export interface BaseOptions {
  env: EnvironmentName;
  /** The repository the ref is looked up in. */
  repoDir: string;
  kinds?: KindTable;
  /** The base build's stages, for a progress line. */
  progress?: BuildProgress;
  /** Told what is done with the base: read as a folder, or built from a ref. */
  tell?: (message: string) => void;
}

/**
 * A git ref is built from its content/ and schemas/ only, extracted with `git archive` (read-only on the repository,
 * unlike `git worktree add`, which other people's commands would see) and built by THIS generator: the comparison then
 * shows what the pull request's content changes do. To also see what a generator change does, pass a folder built by
 * the base's own generator (for example the dist/ artifact of the base branch's last run).
 */
export async function loadBase(spec: string, options: BaseOptions): Promise<BaseBuild> {
  const tell = options.tell ?? (() => {});
  if (await isDirectory(spec)) {
    const notATree = notATreeReason(spec, PROJECT_ROOT);
    if (notATree) {
      throw new BaseError(
        `--base ${spec} is not a built folder: ${notATree}. Give a folder a build wrote (e.g. dist-main/) or a git ref such as origin/main.`,
      );
    }
    tell(`Reading the base folder ${spec}…`);
    return { spec, source: 'folder', tree: await treeOfFolder(spec) };
  }
  const commit = await resolveRef(spec, options.repoDir);
  tell(`Building the base ${spec} (commit ${commit.slice(0, 12)})…`);
  const dir = await mkdtemp(join(tmpdir(), 'check-base-'));
  try {
    await extract(commit, options.repoDir, dir);
    const result = await runPipeline({
      env: options.env,
      contentDir: join(dir, 'content'),
      schemaDir: join(dir, 'schemas', 'content'),
      kinds: options.kinds,
      progress: options.progress,
    });
    if (result.diagnostics.hasErrors || !result.artifacts) {
      const failure = result.diagnostics
        .list()
        .filter((m) => m.fatal)
        .map((m) => `${m.file}${m.line ? `:${m.line}` : ''} ${m.reason} [${m.ruleId}]`);
      return { spec, source: 'git-ref', commit, tree: new Map(), failure };
    }
    return { spec, source: 'git-ref', commit, tree: treeOfArtifacts(result.artifacts) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function resolveRef(ref: string, repoDir: string): Promise<string> {
  try {
    const { stdout } = await run('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: repoDir });
    return stdout.trim();
  } catch {
    throw new BaseError(
      `--base ${ref} is neither a folder nor a git commit, branch or tag of ${repoDir}. Give a built folder (e.g. dist-main/) or a ref such as origin/main (fetch it first: git fetch origin main).`,
    );
  }
}

/** `git archive <commit> content schemas | tar -x -C <dir>`, without a shell. */
async function extract(commit: string, repoDir: string, dir: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const archive = spawn('git', ['archive', '--format=tar', commit, 'content', 'schemas'], { cwd: repoDir });
    const untar = spawn('tar', ['-x', '-C', dir]);
    let errors = '';
    archive.stderr.on('data', (d) => (errors += String(d)));
    untar.stderr.on('data', (d) => (errors += String(d)));
    archive.stdout.pipe(untar.stdin);
    let pending = 2;
    let failed = false;
    const done = (code: number | null) => {
      if (code !== 0) failed = true;
      if (--pending === 0) {
        if (failed) reject(new BaseError(`Could not extract content/ and schemas/ of ${commit}: ${errors.trim()}`));
        else resolve();
      }
    };
    archive.on('close', done);
    untar.on('close', done);
    archive.on('error', reject);
    untar.on('error', reject);
  });
}
