// Renders a check report as Markdown for the pull request's comment and the CI job summary: as long as the change is.
import { formatBytes } from '../terminal/build-summary.js';
import { plural } from '../terminal/plural.js';
import type { ArtifactChange } from './compare.js';
import type { Shots } from './page-screenshots.js';
import { isPageFile, pageAddress } from './page-address.js';
import type { CheckReport, Finding, LlmsSize } from './run-check.js';
import { groupChanges, type SharedChange } from './shared-changes.js';
import type { Edit } from './text-diff.js';

/** A comment on a pull request holds 65,536 characters; the changes stop here and the rest is named. */
export const MAX_MARKDOWN_CHARS = 60_000;
/** Files named in one line before "and N more". */
const NAMED_FILES = 3;
const MAX_FINDINGS = 50;
const MAX_EDITS_SHOWN = 8;
const MAX_EDIT_LINES = 12;

/** What was made beside the report, for it to link: all paths relative to the report's folder. */
export interface ReportExtras {
  /** Before/after pictures of changed pages. */
  screenshots?: Shots;
  /** The size and token chart of the llms files. */
  chart?: string;
  /** The head's site with links that work from a folder. */
  preview?: { folder: string; artifact: string; runId?: string };
  /** Where this run's artifacts are (set in CI). */
  artifactsUrl?: string;
}

export function renderMarkdown(report: CheckReport, extras: ReportExtras = {}): string {
  const errors = report.findings.filter((f) => f.severity === 'error');
  const warnings = report.findings.filter((f) => f.severity === 'warning');
  const out: string[] = [];
  const verdict = report.ok ? '✅ Check passed' : '❌ Check failed';
  out.push(`## ${verdict}: ${plural(errors.length, 'error')}, ${plural(warnings.length, 'warning')}`, '');
  out.push(describeBase(report), '');
  if (!report.head.built) {
    out.push('The head did not build far enough to be compared; fix these first:');
    for (const line of (report.head.failure ?? []).slice(0, 10)) out.push(`- ${escapeInline(line)}`);
    out.push('');
  } else {
    const s = report.summary;
    out.push(
      `**Artifacts:** ${s.added} added, ${s.removed} removed, ${s.changed} changed, ${s.unchanged} unchanged.`,
      '',
    );
  }
  if (report.base.failure) {
    out.push('> [!WARNING]', `> The base did not build with this generator, so every head file is listed as added:`);
    for (const line of report.base.failure.slice(0, 10)) out.push(`> - ${escapeInline(line)}`);
    out.push('');
  }
  out.push(...renderFindings(errors, warnings));
  out.push(...renderPages(report, extras));
  out.push(...renderChanges(report, out.join('\n').length));
  out.push(...renderLlms(report.llms, extras.chart));
  if (extras.artifactsUrl) {
    out.push(`Screenshots, chart and preview: the artifacts of [this run](${extras.artifactsUrl}).`, '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

function describeBase(report: CheckReport): string {
  const b = report.base;
  const what =
    b.source === 'folder'
      ? `the built folder \`${b.spec}\``
      : `\`${b.spec}\` (commit ${b.commit?.slice(0, 12)}, its content built by this generator)`;
  return `Head (${report.env}): ${plural(report.head.files, 'file')}. Base: ${what}, ${plural(b.files, 'file')}.`;
}

function renderFindings(errors: Finding[], warnings: Finding[]): string[] {
  if (errors.length + warnings.length === 0) return ['**Findings:** none.', ''];
  const out = ['### Findings', '', '| | Rule | Where | Message |', '|---|---|---|---|'];
  const all = [...errors, ...warnings];
  for (const f of all.slice(0, MAX_FINDINGS)) {
    const where = `${f.file}${f.line ? `:${f.line}${f.column ? `:${f.column}` : ''}` : ''}`;
    const from = f.source && f.source.file !== f.file ? ` (from \`${cell(f.source.file)}\`)` : '';
    out.push(
      `| ${f.severity === 'error' ? '❌' : '⚠️'} | \`${f.ruleId}\` (${f.stage}) | \`${cell(where)}\`${from} | ${cell(f.reason)} |`,
    );
  }
  if (all.length > MAX_FINDINGS) out.push(`| | | | …and ${all.length - MAX_FINDINGS} more (see the annotations) |`);
  out.push('');
  return out;
}

/** The changed pages: a picture of each (up to the cap) and where to open it in the browsable preview. */
function renderPages(report: CheckReport, extras: ReportExtras): string[] {
  const pages = report.artifacts.filter((c) => isPageFile(c.path));
  if (pages.length === 0) return [];
  const out = ['### Pages', ''];
  const shots = extras.screenshots;
  if (shots && shots.shots.length > 0) {
    const links = shots.shots.map((s) => `[\`${s.address}\`](${s.image})${s.note ? ` (${s.note})` : ''}`);
    out.push(`**Before and after**, changed parts outlined: ${links.join(', ')}.`);
    if (shots.omitted > 0)
      out.push(
        `Pictures are taken of ${shots.limit} pages at most: ${plural(shots.omitted, 'other changed page')} ${shots.omitted === 1 ? 'has' : 'have'} none.`,
      );
    out.push('');
  } else if (shots?.skipped) out.push(`No pictures: ${shots.skipped}.`, '');
  const preview = extras.preview;
  if (preview) {
    const paths = pages
      .filter((c) => c.status !== 'removed')
      .map((c) => `\`${preview.folder}/${c.path.slice('dist/'.length)}\``);
    const open = `open ${namedList(paths)} in a browser (its links work from the folder; no server needed)`;
    out.push(
      preview.runId
        ? `**Browse:** \`gh run download ${preview.runId} -n ${preview.artifact} -D ${preview.folder}\`, then ${open}.`
        : `**Browse:** ${open}.`,
    );
  } else {
    out.push(`**Changed pages:** ${namedList(pages.map((c) => `\`${pageAddress(c.path)}\``))}.`);
  }
  out.push('');
  return out;
}

function renderChanges(report: CheckReport, used: number): string[] {
  const changes = report.artifacts;
  if (changes.length === 0) return [];
  const out = ['### Changes', ''];
  const listed = (status: ArtifactChange['status'], title: string) => {
    const items = changes.filter((c) => c.status === status);
    if (items.length === 0) return;
    out.push(
      `**${title}:** ${namedList(
        items.map((c) => `\`${c.path}\``),
        20,
      )}`,
      '',
    );
  };
  listed('added', 'Added');
  listed('removed', 'Removed');
  const { shared, own } = groupChanges(changes);
  for (const group of shared) out.push(...renderShared(group));
  const changed = changes.filter((c) => c.status === 'changed');
  let left = 0;
  for (const change of changed) {
    const edits = own.get(change.path) ?? [];
    const summary = change.summary;
    // A file changed only by shared edits is named with them.
    if (summary && summary.format !== 'binary' && summary.edits && edits.length === 0 && summary.moreEdits === 0)
      continue;
    if (used + out.join('\n').length > MAX_MARKDOWN_CHARS) {
      left++;
      continue;
    }
    out.push(...renderFile(change, edits));
  }
  if (left > 0) out.push(`…and ${plural(left, 'more changed file')}: see \`check-report.json\`.`, '');
  return out;
}

function renderShared(group: SharedChange): string[] {
  const others = group.files.length - group.pages;
  const count =
    group.pages > 0
      ? `${plural(group.pages, 'page')}${others > 0 ? ` and ${plural(others, 'other file')}` : ''}`
      : plural(group.files.length, 'file');
  const files = namedList(
    group.files.map((f) => `\`${f}\``),
    NAMED_FILES,
  );
  return [`**The same change in ${count}** (${files}):`, ...diffBlock([group.edit]), ''];
}

function renderFile(change: ArtifactChange, edits: Edit[]): string[] {
  const size = `${formatBytes(change.baseBytes ?? 0)} → ${formatBytes(change.headBytes ?? 0)}`;
  const summary = change.summary;
  const title = `**\`${change.path}\`**`;
  if (!summary || summary.format === 'binary') return [`${title} changed (binary, ${size})`, ''];
  const counts =
    summary.format === 'text'
      ? `+${summary.addedLines} −${summary.removedLines} lines`
      : plural(edits.length, 'change');
  if (!summary.edits) return [`${title} rewritten, ${counts} (${size}); too different for a line diff.`, ''];
  const shown = edits.slice(0, MAX_EDITS_SHOWN);
  const more = edits.length - shown.length + summary.moreEdits;
  const sharedToo = summary.edits.length - edits.length;
  const notes = [
    ...(sharedToo > 0 ? [`${plural(sharedToo, 'shared change')} above`] : []),
    ...(more > 0 ? [`${more} more in \`check-report.json\``] : []),
  ];
  return [`${title} ${counts} (${size})${notes.length ? `; ${notes.join(', ')}` : ''}:`, ...diffBlock(shown), ''];
}

/** Edits as a `diff` block: a `@@ where @@` line (with the heading above, for text), then − and + lines. */
function diffBlock(edits: Edit[]): string[] {
  const lines: string[] = [];
  for (const edit of edits) {
    lines.push(`@@ ${edit.at} @@${edit.heading ? ` ${edit.heading}` : ''}`);
    lines.push(...capped(edit.before, '-'), ...capped(edit.after, '+'));
  }
  const fence = fenceFor(lines.join('\n'));
  return [`${fence}diff`, ...lines, fence];
}

/** One side of an edit, at most MAX_EDIT_LINES lines. */
function capped(lines: string[], sign: string): string[] {
  const shown = lines.slice(0, MAX_EDIT_LINES).map((l) => `${sign}${l}`);
  if (lines.length > MAX_EDIT_LINES) shown.push(`${sign}… ${lines.length - MAX_EDIT_LINES} more lines`);
  return shown;
}

function renderLlms(sizes: LlmsSize[], chart: string | undefined): string[] {
  if (sizes.length === 0) return [];
  const changed = sizes.filter((s) => !s.base || s.base.bytes !== s.head.bytes);
  const out = ['### Files agents read whole', ''];
  const chartLink = chart ? ` [Chart of all of them against the base](${chart}).` : '';
  if (changed.length === 0) {
    out.push(`${plural(sizes.length, 'llms file')}, none changed in size.${chartLink}`, '');
    return out;
  }
  out.push('| File | Base | Head | Change |', '|---|---:|---:|---:|');
  for (const s of changed) {
    const base = s.base ? `${formatBytes(s.base.bytes)}, ~${s.base.tokens} tokens` : 'new';
    const head = `${formatBytes(s.head.bytes)}, ~${s.head.tokens} tokens`;
    const delta = s.base ? `${signed(s.head.tokens - s.base.tokens)} tokens` : '';
    out.push(`| \`${s.url}\` | ${base} | ${head} | ${delta} |`);
  }
  const same = sizes.length - changed.length;
  out.push(
    '',
    `Tokens estimated at four characters each.${same > 0 ? ` ${plural(same, 'other llms file')} unchanged in size.` : ''}${chartLink}`,
    '',
  );
  return out;
}

/** "`a`, `b`, `c` and 4 more" */
function namedList(items: string[], named = NAMED_FILES): string {
  if (items.length <= named + 1) return items.join(', ');
  return `${items.slice(0, named).join(', ')} and ${items.length - named} more`;
}

/** A table cell: pipes escaped, on one line. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function escapeInline(text: string): string {
  return text.replace(/\r?\n/g, ' ');
}

/** A code fence longer than any run of backticks inside, so a diff of Markdown cannot close it early. */
function fenceFor(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(longest + 1);
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0';
}
