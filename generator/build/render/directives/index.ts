// The directive tables: every name an editor may write in a page, and the handler that expands it.
import * as tables from './contract-tables.js';
import * as edges from './boundaries.js';
import * as lists from './site-lists.js';
import * as inline from './inline.js';
import { mcpClients } from './mcp-clients.js';
import { agentFacts } from './facts.js';
import type { BlockDirective, InlineDirective } from './types.js';

export const blockDirectives: Record<string, BlockDirective> = {
  controls: tables.controls,
  scopes: tables.scopes,
  'error-shape': tables.errorShape,
  'pricing-call': tables.pricingCall,
  'mcp-server': tables.mcpServer,
  authentication: tables.authentication,
  resources: tables.resources,
  'unpublished-interfaces': edges.unpublishedInterfaces,
  'not-shown': edges.notShown,
  'not-endpoints': edges.notEndpoints,
  boundaries: edges.boundaries,
  'write-operations': edges.writeOperations,
  versioning: edges.versioning,
  'discovery-chain': edges.discoveryChain,
  'agent-rules': edges.agentRulesList,
  'agent-facts': agentFacts,
  'discovery-resources': lists.discoveryResources,
  'section-pages': lists.sectionPages,
  'interface-parts': lists.interfaceParts,
  identity: lists.identity,
  'route-families': lists.routeFamilies,
  'mcp-clients': mcpClients,
};

export const inlineDirectives: Record<string, InlineDirective> = {
  'service-name': inline.serviceName,
  'mcp-endpoint': inline.mcpEndpoint,
  'pricing-endpoint': inline.pricingEndpoint,
};
