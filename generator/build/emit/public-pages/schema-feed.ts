// /schema-feeds.json (NLWeb schema feed) and /.well-known/entity.json: schema.org JSON-LD of the service.
import type { EmitContext, RegistryEntry } from '../../registry/types.js';
import { jsonBody } from '../json/json-body.js';
import { organizationNode, schemaOrgGraph, SCHEMA_ORG_CONTEXT } from './schema-org.js';

/** One line, so that the feed is both a JSON document and a one-record JSON Lines file. */
export function emitSchemaFeed(_entry: RegistryEntry, context: EmitContext): string {
  const graph = schemaOrgGraph(context.model, context.registry);
  return `${JSON.stringify({ '@context': SCHEMA_ORG_CONTEXT, '@graph': graph })}\n`;
}

export function emitEntity(_entry: RegistryEntry, context: EmitContext): string {
  return jsonBody({ '@context': SCHEMA_ORG_CONTEXT, ...organizationNode(context.model, context.registry) });
}
