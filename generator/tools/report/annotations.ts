// The findings as GitHub workflow commands: printed in a workflow step, each becomes an annotation at its file and line.
import type { Finding } from './run-check.js';

/**
 * One `::error` or `::warning` line per finding. A finding about a built file is put on the content file it was made
 * from (where the pull request changed something), its built file and place kept in the message.
 */
export function workflowCommands(findings: Finding[]): string {
  return findings.map(command).join('');
}

function command(f: Finding): string {
  const moved = f.source !== undefined && f.source.file !== f.file;
  const file = moved ? f.source!.file : f.file;
  const properties: string[] = [];
  if (file && file !== '(build)') properties.push(`file=${escapeProperty(file)}`);
  const line = moved ? f.source!.line : f.line;
  if (line) properties.push(`line=${line}`);
  if (!moved && f.line && f.column) properties.push(`col=${f.column}`);
  properties.push(`title=${escapeProperty(`${f.ruleId} (${f.stage})`)}`);
  const where = moved ? `${f.file}${f.line ? `:${f.line}${f.column ? `:${f.column}` : ''}` : ''}: ` : '';
  return `::${f.severity} ${properties.join(',')}::${escapeData(`${where}${f.reason}`)}\n`;
}

// The escaping the runner undoes (as GitHub's toolkit writes commands): in the message %, CR and LF; in a property
// also the ":" and "," that would end it.
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
