// Renders a check report as Markdown for a pull-request comment or a CI job summary ($GITHUB_STEP_SUMMARY).
import { formatBytes } from '../terminal/build-summary.js';
import type { ArtifactChange } from './compare.js';
import { showStringChange, showValue } from './json-diff.js';
import type { CheckReport, Finding, LlmsSize } from './run-check.js';

/** GitHub cuts a job summary at 1 MiB; past this many detailed artifacts the rest are listed by name only. */
export const MAX_DETAILED_ARTIFACTS = 40;

export function renderMarkdown(report: CheckReport): string {
  const errors = report.findings.filter((f) => f.severity === 'error');
  const warnings = report.findings.filter((f) => f.severity === 'warning');
  const out: string[] = [];
  const verdict = report.ok ? '✅ Check passed' : '❌ Check failed';
  out.push(`## ${verdict}: ${plural(errors.length, 'error')}, ${plural(warnings.length, 'warning')}`, '');
  out.push(describeBase(report), '');
  if (!report.head.built) {
    out.push('The head did not build far enough to be compared; fix the errors below first.', '');
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
  out.push(...renderLlms(report.llms));
  out.push(...renderChanges(report.artifacts));
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
  if (errors.length + warnings.length === 0) return ['### Findings', '', 'No validation or boundary findings.', ''];
  const out = ['### Findings', '', '| | Rule | Where | Message |', '|---|---|---|---|'];
  for (const f of [...errors, ...warnings]) {
    const where = `${f.file}${f.line ? `:${f.line}${f.column ? `:${f.column}` : ''}` : ''}`;
    out.push(
      `| ${f.severity === 'error' ? '❌' : '⚠️'} | \`${f.ruleId}\` (${f.stage}) | \`${cell(where)}\` | ${cell(f.reason)} |`,
    );
  }
  out.push('');
  return out;
}

function renderLlms(sizes: LlmsSize[]): string[] {
  if (sizes.length === 0) return [];
  const out = [
    '### Files agents read whole',
    '',
    'Tokens are estimated at four characters a token.',
    '',
    '| File | Base | Head | Change |',
    '|---|---:|---:|---:|',
  ];
  for (const s of sizes) {
    const base = s.base ? `${formatBytes(s.base.bytes)}, ~${s.base.tokens} tokens` : 'new';
    const head = `${formatBytes(s.head.bytes)}, ~${s.head.tokens} tokens`;
    const delta = s.base ? `${signed(s.head.tokens - s.base.tokens)} tokens` : '';
    out.push(`| \`${s.url}\` | ${base} | ${head} | ${delta} |`);
  }
  out.push('');
  return out;
}

function renderChanges(changes: ArtifactChange[]): string[] {
  if (changes.length === 0) return [];
  const out = ['### Changes', ''];
  const listed = (status: ArtifactChange['status'], title: string) => {
    const items = changes.filter((c) => c.status === status);
    if (items.length === 0) return;
    out.push(`**${title}:** ${items.map((c) => `\`${c.path}\``).join(', ')}`, '');
  };
  listed('added', 'Added');
  listed('removed', 'Removed');
  const changed = changes.filter((c) => c.status === 'changed');
  changed.forEach((change, i) => {
    if (i >= MAX_DETAILED_ARTIFACTS) {
      if (i === MAX_DETAILED_ARTIFACTS)
        out.push(`…and ${changed.length - i} more changed files (see the JSON report).`, '');
      return;
    }
    out.push(...renderChange(change));
  });
  return out;
}

function renderChange(change: ArtifactChange): string[] {
  const size = `${formatBytes(change.baseBytes ?? 0)} → ${formatBytes(change.headBytes ?? 0)}`;
  const summary = change.summary;
  if (!summary || summary.format === 'binary') return [`- \`${change.path}\` changed (binary, ${size})`, ''];
  if (summary.format === 'json') {
    const out = [
      `<details><summary><code>${html(change.path)}</code>: ${plural(summary.changes.length, 'JSON change')} (${size})</summary>`,
      '',
      '| Pointer | Before | After |',
      '|---|---|---|',
    ];
    for (const c of summary.changes) {
      const [before, after] =
        typeof c.before === 'string' && typeof c.after === 'string'
          ? showStringChange(c.before, c.after).map((v) => `\`${cell(v)}\``)
          : [code(c.change === 'added' ? undefined : c.before), code(c.change === 'removed' ? undefined : c.after)];
      out.push(`| \`${cell(c.pointer || '/')}\` | ${before} | ${after} |`);
    }
    if (summary.truncated) out.push('| … | | |');
    out.push('', '</details>', '');
    return out;
  }
  const counts = `+${summary.addedLines} −${summary.removedLines} lines`;
  if (summary.hunks === undefined) {
    return [`- \`${change.path}\`: rewritten, ${counts} (${size}); too different for a line diff.`, ''];
  }
  const fence = fenceFor(summary.hunks);
  return [
    `<details><summary><code>${html(change.path)}</code>: ${counts} (${size})</summary>`,
    '',
    `${fence}diff`,
    summary.hunks,
    ...(summary.truncated ? ['… (diff cut here)'] : []),
    fence,
    '',
    '</details>',
    '',
  ];
}

function code(value: unknown): string {
  return value === undefined ? '—' : `\`${cell(showValue(value))}\``;
}

/** A table cell: pipes escaped, on one line. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function escapeInline(text: string): string {
  return text.replace(/\r?\n/g, ' ');
}

function html(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A code fence longer than any run of backticks inside, so a diff of Markdown cannot close it early. */
function fenceFor(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(longest + 1);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0';
}
