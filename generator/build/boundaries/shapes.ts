// Finds published input or result shapes in a JSON value: schema members of tools and calls, and JSON Schema
// `properties` with fields other than the API error envelope's (the one shape the contract shows, section 7).
import type { Model } from '../../model/types.js';
import { pointer, walkJson, type JsonPath } from '../text/json-walk.js';

/** Members that carry a tool's or call's input or result schema (MCP tools, OpenAPI-like descriptions). */
const SHAPE_KEYS = new Set([
  'inputSchema',
  'outputSchema',
  'input_schema',
  'output_schema',
  'resultSchema',
  'responseSchema',
  'argumentsSchema',
]);

const SHAPE_MEMBERS = [...SHAPE_KEYS, 'properties'].map((key) => `"${key}"`);

/**
 * Whether a JSON text may hold a member shapeFindings reports: its name written out, or written with an escape. Most
 * documents hold none, and then they need no walk.
 */
export function mayHoldShape(text: string): boolean {
  return text.includes('\\u') || SHAPE_MEMBERS.some((member) => text.includes(member));
}

export interface ShapeFinding {
  path: JsonPath;
  reason: string;
}

export const SHAPE_FIX =
  'Describe such responses by media type only and say the shape is not published (content/not-shown.yaml); never invent fields.';

/**
 * `schemaMembers: false` leaves out the schema member names (inputSchema…): in Markdown the wording rule already
 * reports them by name, wherever they are written.
 */
export function shapeFindings(json: unknown, model: Model, options: { schemaMembers?: boolean } = {}): ShapeFinding[] {
  const envelope = new Set(
    [...model.errors.api.fields, ...model.errors.mcp.dataFields].flatMap((f) => f.name.split('.')),
  );
  const findings: ShapeFinding[] = [];
  walkJson(json, (value, path) => {
    const key = path[path.length - 1];
    if (typeof key !== 'string' || value === undefined) return;
    if (SHAPE_KEYS.has(key)) {
      if (options.schemaMembers === false) return;
      findings.push({
        path: [...path],
        reason: `\`${pointer(path)}\` publishes an input or result schema, but the contract does not show the input parameters or result shapes of the controls or the pricing call.`,
      });
    } else if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
      const fields = Object.keys(value).filter((k) => !envelope.has(k));
      if (fields.length > 0) {
        findings.push({
          path: [...path],
          reason: `\`${pointer(path)}\` describes fields (${fields.join(', ')}) the contract does not show; the only shape it shows is the API error envelope (${[...envelope].join(', ')}).`,
        });
      }
    }
  });
  return findings;
}
