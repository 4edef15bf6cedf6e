// Compares a value in an emitted document with the value the model says it must have, and reports the difference.
import type { ValidateContext } from '../../registry/types.js';
import type { JsonDocument } from './json-document.js';
import { reportProblem } from './report.js';
import type { RuleId } from '../../messages/rules.js';

export interface Expectation {
  ruleId: RuleId;
  pointer: string;
  expected: unknown;
  /** What the value is, in the contract's words ("the MCP endpoint"). */
  what: string;
  fix: string;
}

/** Deep equality of JSON values; key order does not matter. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** Reports where the value at the pointer differs from the expected one (the deepest differing members); returns whether it matched. */
export function expectValue(document: JsonDocument, context: ValidateContext, expectation: Expectation): boolean {
  const actual = document.get(expectation.pointer);
  if (sameJson(actual, expectation.expected)) return true;
  for (const { pointer, expected, found } of differences(actual, expectation.expected, expectation.pointer).slice(
    0,
    5,
  )) {
    const member = pointer === expectation.pointer ? '' : ` (at ${pointer.slice(expectation.pointer.length)})`;
    reportProblem(document, context, {
      ruleId: expectation.ruleId,
      pointer,
      reason: `${expectation.what}${member} must be ${short(expected)}; found ${short(found)}.`,
      fix: expectation.fix,
    });
  }
  return false;
}

interface Difference {
  pointer: string;
  expected: unknown;
  found: unknown;
}

/** The deepest places where two JSON values differ: objects member by member, arrays of equal length item by item. */
function differences(actual: unknown, expected: unknown, pointer: string): Difference[] {
  if (sameJson(actual, expected)) return [];
  const bothObjects =
    actual !== null &&
    expected !== null &&
    typeof actual === 'object' &&
    typeof expected === 'object' &&
    Array.isArray(actual) === Array.isArray(expected);
  if (!bothObjects || (Array.isArray(actual) && actual.length !== (expected as unknown[]).length)) {
    return [{ pointer, expected, found: actual }];
  }
  const a = actual as Record<string, unknown>;
  const e = expected as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(e), ...Object.keys(a)])];
  return keys.flatMap((key) =>
    differences(a[key], e[key], `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
  );
}

function short(value: unknown): string {
  if (value === undefined) return 'absent';
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

/**
 * Reports every string in the document that presents {base_url}/mcp or a legacy MCP path as an MCP endpoint, at
 * the members that name endpoints (`url`, `endpoint`, `href` of an endpoint relation…). Returns the count.
 */
export function rejectFalseEndpoints(
  document: JsonDocument,
  context: ValidateContext,
  endpointPointers: string[],
  ruleId: RuleId,
): number {
  const { model } = context;
  const wrong = new Map<string, string>();
  for (const origin of [model.addresses.base_url, model.addresses.mcp_url, model.addresses.api_url]) {
    for (const path of model.mcpServer.legacyPaths.examples) {
      wrong.set(origin + path, `${path} is a legacy MCP path; ${model.boundaries.legacyMcpPaths}`);
    }
  }
  wrong.set(
    `${model.addresses.base_url}${model.mcpServer.endpointPath}`,
    'that is the human installation guide on the site, not an MCP endpoint',
  );
  let count = 0;
  for (const pointer of endpointPointers) {
    const value = document.get(pointer);
    if (typeof value !== 'string' || !wrong.has(value)) continue;
    count++;
    reportProblem(document, context, {
      ruleId,
      pointer,
      reason: `${value} is presented as the MCP endpoint, but ${wrong.get(value)}.`,
      fix: `The only MCP endpoint is {mcp_url}${model.mcpServer.endpointPath} (${model.addresses.mcp_url}${model.mcpServer.endpointPath}).`,
    });
  }
  return count;
}
