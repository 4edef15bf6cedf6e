// Tree check: scopes, controls and discovery methods agree with the model wherever an artifact names them.
import type { Model } from '../../../model/types.js';
import type { ValidateContext } from '../../registry/types.js';
import type { TextView } from '../text/artifact-text.js';
import { textTreeValidator } from '../text/text-check.js';
import { unitChunksOfArtifact, type UnitChunk } from '../text/artifact-units.js';
import { pointer, stringsIn, walkJson, type JsonPath } from '../../text/json-walk.js';

/** Members whose value names the control an object describes (server card controls, MCP tools, A2A skills). */
const CONTROL_ID_KEYS = ['name', 'id', 'tool', 'control'];
/** Members whose array lists controls: it must list exactly the contract's. */
const CONTROL_LIST_KEYS = new Set(['controls', 'tools']);

/** Tokens that look like scopes: the first segment of the contract's scope names, then dotted words ("svc.x.read"). */
export function scopePattern(model: Model): RegExp {
  const prefixes = [...new Set(model.authentication.scopes.map((s) => s.name.split('.')[0]!))];
  return new RegExp(
    `\\b(?:${prefixes.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\.[a-z0-9_-]+(?:\\.[a-z0-9_-]+)*\\b`,
    'gi',
  );
}

const scopesIn = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[0]);

export const controlsAndScopesAgree = textTreeValidator(
  'controlsAndScopesAgree',
  (context) => {
    const { model } = context;
    const pattern = scopePattern(model);
    const scopes = new Set(model.authentication.scopes.map((s) => s.name));
    const mentions = controlMentions(model);
    return (item) => {
      unknownScopes(context, item, pattern, scopes);
      if (item.json !== undefined) jsonControls(context, item, pattern);
      else textControls(context, item, pattern, mentions);
    };
  },
  { partWise: true },
);

// Per stretch of text (one check run, so one model): the tokens that read as scopes but are none, in order.
const strayScopes = new WeakMap<UnitChunk, { token: string; offset: number }[]>();

function unknownScopes(context: ValidateContext, item: TextView, pattern: RegExp, scopes: Set<string>): void {
  const reported = new Set<string>();
  // A scope token never crosses a cut (a cut is a "<"), so a stretch's tokens are the artifact's tokens there.
  for (const { offset, chunk } of unitChunksOfArtifact(item)) {
    let stray = strayScopes.get(chunk);
    if (!stray) {
      stray = [...chunk.text.matchAll(pattern)]
        .filter((m) => !scopes.has(m[0]))
        .map((m) => ({ token: m[0], offset: m.index }));
      strayScopes.set(chunk, stray);
    }
    for (const m of stray) {
      if (reported.has(m.token)) continue;
      reported.add(m.token);
      context.diagnostics.error('validate', {
        ruleId: 'unknown-scope',
        reason: `\`${m.token}\` reads as a scope, but the contract's scopes are ${[...scopes].join(', ')}.`,
        fix: 'Name only the scopes of content/authentication.yaml (fill them from the model rather than writing them out).',
        place: item.place(offset + m.offset),
      });
    }
  }
}

function jsonControls(context: ValidateContext, item: TextView, pattern: RegExp): void {
  const { model } = context;
  const byName = new Map(model.mcpServer.controls.map((c) => [c.name, c]));
  const methods = model.mcpServer.discoveryMethods;
  walkJson(item.json, (value, path) => {
    const key = path[path.length - 1];
    if (Array.isArray(value)) {
      if (typeof key === 'string' && CONTROL_LIST_KEYS.has(key)) controlList(context, item, value, path);
      if (value.some((v) => typeof v === 'string' && methods.includes(v))) {
        const listed = value.filter((v): v is string => typeof v === 'string');
        if (listed.length !== methods.length || !methods.every((m) => listed.includes(m))) {
          context.diagnostics.error('validate', {
            ruleId: 'discovery-methods-mismatch',
            reason: `\`${pointer(path)}\` lists the discovery methods ${JSON.stringify(listed)}, but the contract's are ${methods.join(', ')}.`,
            fix: 'Build the list from content/mcp-server.yaml discoveryMethods.',
            place: item.place(item.offsetAt(path, true)),
          });
        }
      }
      return;
    }
    if (!value || typeof value !== 'object') return;
    const object = value as Record<string, unknown>;
    const idKey = CONTROL_ID_KEYS.find((k) => typeof object[k] === 'string' && byName.has(object[k] as string));
    if (!idKey) return;
    const control = object[idKey] as string;
    const expected = byName.get(control)!.requiredScope;
    const named = [...new Set([...stringsIn(object), ...keysIn(object)].flatMap((s) => scopesIn(s, pattern)))];
    if (named.length > 0 && (named.length !== 1 || named[0] !== expected)) {
      context.diagnostics.error('validate', {
        ruleId: 'control-scope-mismatch',
        reason: `\`${pointer(path)}\` describes the control ${control} with the scope(s) ${named.join(', ')}, but it requires ${expected} (contract 4.3).`,
        fix: "Take each control's scope from content/mcp-server.yaml requiredScope.",
        place: item.place(item.offsetAt([...path, idKey])),
      });
    }
    walkJson(object, (v, p) => {
      const k = p[p.length - 1];
      if ((k === 'readOnly' || k === 'readOnlyHint') && v !== true) {
        context.diagnostics.error('validate', {
          ruleId: 'control-not-read-only',
          reason: `\`${pointer([...path, ...p])}\` says the control ${control} is not read-only, but all of the contract's controls are read-only.`,
          fix: 'Controls are read-only: set it to true (content/mcp-server.yaml readOnly).',
          place: item.place(item.offsetAt([...path, ...p], true)),
        });
      }
    });
  });
}

function keysIn(value: unknown): string[] {
  const keys: string[] = [];
  walkJson(value, (v) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) keys.push(...Object.keys(v));
  });
  return keys;
}

function controlList(context: ValidateContext, item: TextView, list: unknown[], path: JsonPath): void {
  const expected = context.model.mcpServer.controls.map((c) => c.name);
  const names = list.map((entry) =>
    typeof entry === 'string'
      ? entry
      : CONTROL_ID_KEYS.map((k) => (entry as Record<string, unknown>)?.[k]).find((v) => typeof v === 'string'),
  );
  const missing = expected.filter((n) => !names.includes(n));
  const extra = names.filter((n) => typeof n !== 'string' || !expected.includes(n));
  if (missing.length === 0 && extra.length === 0) return;
  const parts = [
    missing.length ? `leaves out ${missing.join(', ')}` : '',
    extra.length ? `adds ${extra.map((n) => String(n)).join(', ')}` : '',
  ].filter(Boolean);
  context.diagnostics.error('validate', {
    ruleId: 'controls-mismatch',
    reason: `\`${pointer(path)}\` ${parts.join(' and ')}; the contract's controls are exactly ${expected.join(', ')}.`,
    fix: 'Build the control list from content/mcp-server.yaml controls.',
    place: item.place(item.offsetAt(path, true)),
  });
}

interface ScopeFinding {
  reason: string;
  offset: number;
}
// Per stretch of text (one check run, so one model).
const controlScopeFindings = new WeakMap<UnitChunk, ScopeFinding[]>();

/** In prose, a sentence, list item or table row that names controls sharing one scope and names scopes must name that one. */
function textControls(context: ValidateContext, item: TextView, pattern: RegExp, mentions: ControlMentions): void {
  for (const { offset, chunk } of unitChunksOfArtifact(item)) {
    let found = controlScopeFindings.get(chunk);
    if (!found) controlScopeFindings.set(chunk, (found = chunkControls(mentions, chunk, pattern)));
    for (const finding of found) {
      context.diagnostics.error('validate', {
        ruleId: 'control-scope-mismatch',
        reason: finding.reason,
        fix: "Take each control's scope from the model (the pages' ::controls directive, or content/mcp-server.yaml requiredScope).",
        place: item.place(offset + finding.offset),
      });
    }
  }
}

interface ControlMentions {
  controls: (Model['mcpServer']['controls'][number] & { mention: RegExp })[];
  /** Any control's name: most units name none, and one pass over the text says so. */
  any: RegExp;
}

function controlMentions(model: Model): ControlMentions {
  return {
    controls: model.mcpServer.controls.map((c) => ({ ...c, mention: new RegExp(`\\b${c.name}\\b`) })),
    any: new RegExp(`\\b(?:${model.mcpServer.controls.map((c) => c.name).join('|')})\\b`),
  };
}

function chunkControls({ controls, any }: ControlMentions, chunk: UnitChunk, pattern: RegExp): ScopeFinding[] {
  const findings: ScopeFinding[] = [];
  for (const unit of chunk.units) {
    if (!any.test(unit.text)) continue;
    const named = controls.filter((c) => c.mention.test(unit.text));
    if (named.length === 0) continue;
    const required = new Set(named.map((c) => c.requiredScope));
    if (required.size !== 1) continue;
    const expected = [...required][0]!;
    const scopes = scopesIn(unit.text, pattern);
    if (scopes.length === 0 || scopes.includes(expected)) continue;
    findings.push({
      reason: `This text gives ${named.map((c) => c.name).join(', ')} the scope(s) ${[...new Set(scopes)].join(', ')}, but ${named.length > 1 ? 'they require' : 'it requires'} ${expected} (contract 4.3).`,
      offset: unit.offset + unit.text.indexOf(scopes[0]!),
    });
  }
  return findings;
}
