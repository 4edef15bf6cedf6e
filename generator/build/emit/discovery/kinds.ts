// The discovery family's kinds: media type, output file, emitter and validators of each.
import type { FamilyKinds } from '../../registry/build-registry.js';
import { MEDIA_TYPES } from '../../registry/media-types.js';
import { validateAgentCardContract, validateAgentCardSchema } from './a2a-agent-card/validate-agent-card.js';
import { emitAgentCard } from './a2a-agent-card/emit-agent-card.js';
import { emitAgentDiscovery } from './agent-discovery/emit-agent-discovery.js';
import {
  validateAgentDiscoveryContract,
  validateAgentDiscoverySchema,
} from './agent-discovery/validate-agent-discovery.js';
import { emitApiCatalog } from './api-catalog/emit-api-catalog.js';
import {
  validateApiCatalogContract,
  validateLinksetOnlyMember,
  validateLinksetSchema,
} from './api-catalog/validate-api-catalog.js';
import { emitServerCard } from './mcp-server-card/emit-server-card.js';
import { validateServerCardContract, validateServerCardSchema } from './mcp-server-card/validate-server-card.js';
import { emitAuthorizationServer, emitProtectedResource } from './oauth/emit-oauth.js';
import { authorizationServerEntries, metadataFile, protectedResourceEntries } from './oauth/oauth-entries.js';
import {
  validateAuthorizationServerContract,
  validateAuthorizationServerSchema,
  validateProtectedResourceContract,
  validateProtectedResourceSchema,
} from './oauth/validate-oauth.js';
import { emitOpenApi } from './openapi/emit-openapi.js';
import { validateOpenApiContract, validateOpenApiSchema } from './openapi/validate-openapi.js';

export const discoveryKinds = {
  openapi: {
    mediaType: MEDIA_TYPES.json,
    discovery: true,
    emitReadsScope: true,
    validatorsReadScope: true,
    emit: emitOpenApi,
    validate: [validateOpenApiSchema, validateOpenApiContract],
  },
  'mcp-server-card': {
    mediaType: MEDIA_TYPES.json,
    discovery: true,
    emitReadsScope: true,
    validatorsReadScope: true,
    emit: emitServerCard,
    validate: [validateServerCardSchema, validateServerCardContract],
  },
  'a2a-agent-card': {
    mediaType: MEDIA_TYPES.json,
    discovery: true,
    emitReadsScope: true,
    validatorsReadScope: true,
    emit: emitAgentCard,
    validate: [validateAgentCardSchema, validateAgentCardContract],
  },
  'agent-discovery': {
    mediaType: MEDIA_TYPES.json,
    discovery: true,
    emitReadsScope: true,
    validatorsReadScope: true,
    emit: emitAgentDiscovery,
    validate: [validateAgentDiscoverySchema, validateAgentDiscoveryContract],
  },
  'api-catalog': {
    mediaType: MEDIA_TYPES.linkset,
    discovery: true,
    emitReadsScope: true,
    validatorsReadScope: true,
    emit: emitApiCatalog,
    validate: [validateLinksetOnlyMember, validateLinksetSchema, validateApiCatalogContract],
  },
  'oauth-protected-resource': {
    mediaType: MEDIA_TYPES.json,
    host: 'mcp',
    file: metadataFile,
    discovery: true,
    emitReadsScope: true,
    validatorsReadScope: true,
    emit: emitProtectedResource,
    validate: [validateProtectedResourceSchema, validateProtectedResourceContract],
    derive: protectedResourceEntries,
  },
  'oauth-authorization-server': {
    mediaType: MEDIA_TYPES.json,
    host: 'auth',
    file: metadataFile,
    discovery: true,
    emitReadsScope: true,
    validatorsReadScope: true,
    emit: emitAuthorizationServer,
    validate: [validateAuthorizationServerSchema, validateAuthorizationServerContract],
    derive: authorizationServerEntries,
  },
} satisfies FamilyKinds;
