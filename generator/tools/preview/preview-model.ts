// What every preview host reads from the model: the checked preview fixtures, and the MCP resource tokens are bound to.
import type { Model } from '../../model/types.js';
import { fixtureProblems } from './fixture-check.js';

/** The preview part of the model, cross-checked; a host cannot start without it. */
export function requirePreview(model: Model): NonNullable<Model['preview']> {
  if (!model.preview)
    throw new Error('The content set has no preview fixtures (content/preview/fixtures.yaml and server.yaml).');
  const problems = fixtureProblems(model.preview);
  if (problems.length > 0) {
    throw new Error(`content/preview/fixtures.yaml is inconsistent: ${problems.join('; ')}. Fix the references.`);
  }
  return model.preview;
}

/** The protected resource, `{mcp_url}/mcp`: the audience of every preview token. */
export function mcpResourceUrl(model: Model): string {
  return `${model.addresses.mcp_url}${model.mcpServer.endpointPath}`;
}
