// Guard: no JSON artifact publishes an input or result shape the contract does not show (the controls' input
// parameters and results, the pricing call's response, the discovery documents' bodies). The one shape the
// contract shows is the API error envelope (section 7), which may be described.
import type { TreeValidator } from '../registry/types.js';
import { publishedTexts } from '../validate/text/artifact-text.js';
import { pointer, walkJson } from '../validate/text/json-walk.js';

/** Members that carry a tool's or call's input or result schema (MCP tools, OpenAPI-like descriptions). */
const SHAPE_KEYS = new Set(['inputSchema', 'outputSchema', 'input_schema', 'output_schema', 'resultSchema', 'responseSchema', 'argumentsSchema']);

export const noUnpublishedShapes: TreeValidator = (context) => {
  const envelope = new Set(
    [...context.model.errors.api.fields, ...context.model.errors.mcp.dataFields].flatMap((f) => f.name.split('.')),
  );
  for (const item of publishedTexts(context)) {
    if (item.json === undefined) continue;
    walkJson(item.json, (value, path) => {
      const key = path[path.length - 1];
      if (typeof key !== 'string' || value === undefined) return;
      let reason: string | undefined;
      if (SHAPE_KEYS.has(key)) {
        reason = `\`${pointer(path)}\` publishes an input or result schema, but the contract does not show the input parameters or result shapes of the controls or the pricing call.`;
      } else if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
        const fields = Object.keys(value).filter((k) => !envelope.has(k));
        if (fields.length > 0) {
          reason = `\`${pointer(path)}\` describes fields (${fields.join(', ')}) the contract does not show; the only shape it shows is the API error envelope (${[...envelope].join(', ')}).`;
        }
      }
      if (!reason) return;
      context.diagnostics.error('validate', {
        ruleId: 'unpublished-shape',
        reason,
        fix: 'Describe such responses by media type only and say the shape is not published (content/not-shown.yaml); never invent fields.',
        place: item.place(item.offsetAt(path, true)),
      });
    });
  }
};
