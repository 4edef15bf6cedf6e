// `npm run check`: builds and validates the head, builds or reads the base, and gathers everything into one report.
import type { KindName } from '../../model/kinds.js';
import type { EnvironmentName } from '../../model/types.js';
import { build, runPipeline, type BuildProgress, type PipelineResult } from '../../build/pipeline.js';
import type { KindTable } from '../../build/registry/build-registry.js';
import { treeOfArtifacts, type ArtifactTree } from './artifact-tree.js';
import { loadBase } from './base-build.js';
import { compareTrees, type ArtifactChange } from './compare.js';
import { groupChanges, type SharedChange } from './shared-changes.js';
import { sizeOf, type TextSize } from '../terminal/token-estimate.js';
import { isLlmsKind } from '../../build/emit/guidance/kind-names.js';
import type { RuleId } from '../../build/messages/rules.js';

export interface Finding {
  severity: 'error' | 'warning';
  stage: string;
  ruleId: RuleId;
  file: string;
  line?: number;
  column?: number;
  reason: string;
  /** For a message about a built file: the content file it was made from, where a reviewer can fix it. */
  source?: { file: string; line?: number };
}

export interface LlmsSize {
  path: string;
  url: string;
  kind: KindName;
  base?: TextSize;
  head: TextSize;
}

export interface CheckReport {
  ok: boolean;
  env: EnvironmentName;
  base: { spec: string; source: 'folder' | 'git-ref'; commit?: string; files: number; failure?: string[] };
  /**
   * `built` is false when the head stopped before its files were all made (a content mistake found at load, in the
   * registry or while emitting): nothing is compared then, and `failure` names each error at its file and line.
   */
  head: { files: number; built: boolean; failure?: string[] };
  summary: { added: number; removed: number; changed: number; unchanged: number };
  artifacts: ArtifactChange[];
  /** Edits several files share, each listed once with its files (they are in `artifacts` too). */
  shared: SharedChange[];
  llms: LlmsSize[];
  findings: Finding[];
}

export interface CheckOptions {
  env: EnvironmentName;
  base: string;
  repoDir: string;
  contentDir?: string;
  schemaDir?: string;
  kinds?: KindTable;
  /** Write the head build here (all or nothing, as `npm run build`); in memory only when absent. */
  outDir?: string;
  progress?: (message: string) => void;
  /** Each build's stages and counts (the base's, then the head's), for a progress line. */
  buildProgress?: BuildProgress;
}

/** A check's report and the two trees it compared (for the screenshots and the browsable copy). */
export interface CheckRun {
  report: CheckReport;
  base: ArtifactTree;
  head: ArtifactTree;
  /** The head's {base_url}, whose addresses are the site's own files. */
  site?: string;
}

export async function runCheck(options: CheckOptions): Promise<CheckReport> {
  return (await compareWithBase(options)).report;
}

export async function compareWithBase(options: CheckOptions): Promise<CheckRun> {
  const progress = options.progress ?? (() => {});
  // The base first: a mistyped ref fails at once instead of after the head's build.
  const base = await loadBase(options.base, {
    env: options.env,
    repoDir: options.repoDir,
    kinds: options.kinds,
    tell: progress,
    progress: options.buildProgress,
  });
  progress(`Building and validating the head (${options.env})…`);
  const pipeline = {
    env: options.env,
    contentDir: options.contentDir,
    schemaDir: options.schemaDir,
    kinds: options.kinds,
    progress: options.buildProgress,
  };
  const head: PipelineResult = options.outDir
    ? await build({ ...pipeline, outDir: options.outDir })
    : await runPipeline(pipeline);
  // A head that stopped before its files were all made has nothing to compare: its files would look removed, or
  // unchanged when the mistake left them as they were.
  const failure = buildFailure(head);
  const built = head.artifacts !== undefined && failure.length === 0;
  if (built) progress('Comparing…');
  else progress(`The head did not build: ${failure[0] ?? 'nothing was emitted'}`);
  const headTree: ArtifactTree = built && head.artifacts ? treeOfArtifacts(head.artifacts) : new Map();
  const comparison = built ? compareTrees(base.tree, headTree) : { changes: [], unchanged: 0 };
  const count = (status: ArtifactChange['status']) => comparison.changes.filter((c) => c.status === status).length;
  const report: CheckReport = {
    ok: !head.diagnostics.hasErrors,
    env: options.env,
    base: { spec: base.spec, source: base.source, commit: base.commit, files: base.tree.size, failure: base.failure },
    head: { files: headTree.size, built, ...(built ? {} : { failure }) },
    summary: {
      added: count('added'),
      removed: count('removed'),
      changed: count('changed'),
      unchanged: comparison.unchanged,
    },
    artifacts: comparison.changes,
    shared: groupChanges(comparison.changes).shared,
    llms: llmsSizes(head, headTree, base.tree),
    findings: findingsOf(head, headTree),
  };
  return { report, base: base.tree, head: headTree, site: head.model?.addresses.base_url };
}

/** The stages whose errors stop the head before all its files are made. */
const MAKING = new Set(['load', 'registry', 'emit']);

/** The errors that stopped the head (a validation finding, or a failed write, still leaves every file to compare). */
function buildFailure(head: PipelineResult): string[] {
  return head.diagnostics
    .list()
    .filter((m) => m.fatal && MAKING.has(m.stage))
    .map((m) => `${m.file}${m.line ? `:${m.line}` : ''} ${m.reason} [${m.ruleId}]`);
}

function llmsSizes(head: PipelineResult, headTree: ArtifactTree, baseTree: ArtifactTree): LlmsSize[] {
  if (!head.registry) return [];
  const sizes: LlmsSize[] = [];
  for (const [path, file] of headTree) {
    const entry = file.entry;
    if (!entry || !isLlmsKind(entry.kind)) continue;
    const before = baseTree.get(path);
    sizes.push({
      path,
      url: entry.path,
      kind: entry.kind,
      base: before ? sizeOf(before.body) : undefined,
      head: sizeOf(file.body),
    });
  }
  return sizes;
}

function findingsOf(result: PipelineResult, headTree: ArtifactTree): Finding[] {
  // A page's files come from its Markdown file (their registry entry names the resource line that lists the page).
  const pageSource = new Map(result.model?.pages.map((p) => [p.id, p.source]));
  return result.diagnostics.list().map((m) => {
    const entry = headTree.get(m.file)?.entry;
    const source = (entry?.page ? pageSource.get(entry.page) : undefined) ?? entry?.source;
    return {
      severity: m.fatal ? 'error' : 'warning',
      stage: m.stage,
      ruleId: m.ruleId,
      file: m.file,
      line: m.line,
      column: m.column,
      reason: m.reason,
      ...(source ? { source: { file: source.file, line: source.line } } : {}),
    };
  });
}
