// Emits the OAuth metadata: RFC 9728 protected-resource metadata (MCP host) and preview RFC 8414 metadata (auth host).
import type { Emitter } from '../../../registry/types.js';
import { authorizationServerIssuer, discoveryChain, mcpEndpoint } from '../addresses.js';
import { jsonBody } from '../../json/json-body.js';
import { PREVIEW_AUTHORIZATION_SERVER as AS } from './preview-authorization-server.js';

export const emitProtectedResource: Emitter = (_entry, { model }) =>
  jsonBody({
    resource: mcpEndpoint(model),
    authorization_servers: [model.addresses.auth_url],
    scopes_supported: model.authentication.scopes.map((s) => s.name),
    bearer_methods_supported: ['header'],
    resource_name: `${model.identity.name}: ${model.mcpServer.title}`,
    // Step 1 of the discovery chain: the agent authentication boundary.
    resource_documentation: discoveryChain(model)[0]!.url,
  });

export const PREVIEW_NOTE =
  'Preview only: the metadata of the local preview authorization server. The contract does not show grant types, ' +
  'token endpoint details or client registration; the production authorization server publishes its own metadata.';

export const emitAuthorizationServer: Emitter = (_entry, { model }) => {
  const issuer = authorizationServerIssuer(model);
  return jsonBody({
    issuer,
    authorization_endpoint: issuer + AS.authorizationPath,
    token_endpoint: issuer + AS.tokenPath,
    registration_endpoint: issuer + AS.registrationPath,
    scopes_supported: model.authentication.scopes.map((s) => s.name),
    response_types_supported: AS.responseTypes,
    grant_types_supported: AS.grantTypes,
    token_endpoint_auth_methods_supported: AS.tokenEndpointAuthMethods,
    code_challenge_methods_supported: AS.codeChallengeMethods,
    service_documentation: discoveryChain(model)[0]!.url,
    preview_only: true,
    preview_note: PREVIEW_NOTE,
  });
};
