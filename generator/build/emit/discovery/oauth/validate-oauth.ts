// Checks the OAuth metadata against the contract: resource = {mcp_url}/mcp, issuer = {auth_url}, scopes, S256.
import type { Validator } from '../../../registry/types.js';
import { authorizationServerIssuer, mcpEndpoint } from '../addresses.js';
import { schemaValidator } from '../../json/artifact-schemas.js';
import { expectValue } from '../../json/expect.js';
import { JsonDocument } from '../../json/json-document.js';
import { reportProblem } from '../../json/report.js';

const EMITTER = 'generator/build/emit/discovery/oauth/emit-oauth.ts';

export const validateProtectedResourceSchema = schemaValidator(
  'oauth-protected-resource',
  `Emit RFC 9728 metadata with resource, authorization_servers, scopes_supported and bearer_methods_supported (${EMITTER}).`,
);

export const validateAuthorizationServerSchema = schemaValidator(
  'oauth-authorization-server',
  `Emit RFC 8414 metadata with issuer, the endpoints, response types, S256 and the preview marker (${EMITTER}).`,
);

export const validateProtectedResourceContract: Validator = (artifact, context) => {
  const document = JsonDocument.read(artifact, context);
  if (!document) return;
  const { model, registry } = context;
  expectValue(document, context, {
    ruleId: 'oauth-resource',
    pointer: '/resource',
    expected: mcpEndpoint(model),
    what: 'resource (RFC 9728: exactly the URL of the protected MCP endpoint)',
    fix: 'State {mcp_url}/mcp exactly: clients compare it byte for byte with the URL they connect to.',
  });
  expectValue(document, context, {
    ruleId: 'oauth-authorization-servers',
    pointer: '/authorization_servers',
    expected: [model.addresses.auth_url],
    what: 'authorization_servers',
    fix: "State [{auth_url}], the contract's authorization server.",
  });
  expectValue(document, context, {
    ruleId: 'oauth-scopes',
    pointer: '/scopes_supported',
    expected: model.authentication.scopes.map((s) => s.name),
    what: "scopes_supported (the contract's scopes)",
    fix: 'State the scopes of content/authentication.yaml, in order.',
  });
  expectValue(document, context, {
    ruleId: 'oauth-bearer-methods',
    pointer: '/bearer_methods_supported',
    expected: ['header'],
    what: 'bearer_methods_supported (the contract: the token is sent in the Authorization header)',
    fix: 'State ["header"] only.',
  });
  const doc = document.get('/resource_documentation');
  const site = registry.origin('site');
  if (typeof doc === 'string' && !(doc.startsWith(site) && registry.get(doc.slice(site.length), 'site'))) {
    reportProblem(document, context, {
      ruleId: 'oauth-documentation-link',
      pointer: '/resource_documentation',
      reason: `${doc} is not a page the site serves.`,
      fix: 'Point it at the agent authentication boundary ({base_url}/auth.md, step 1 of the discovery chain).',
    });
  }
};

export const validateAuthorizationServerContract: Validator = (artifact, context) => {
  const document = JsonDocument.read(artifact, context);
  if (!document) return;
  const { model } = context;
  if (model.env === 'production') {
    reportProblem(document, context, {
      ruleId: 'oauth-invented-authorization-server',
      pointer: '',
      reason: 'a production build states authorization server metadata, but the contract shows none of its endpoints.',
      fix: 'Emit authorization server metadata in preview builds only; the real authorization server publishes its own.',
    });
  }
  const issuer = authorizationServerIssuer(model);
  expectValue(document, context, {
    ruleId: 'oauth-issuer',
    pointer: '/issuer',
    expected: issuer,
    what: 'issuer (RFC 8414 section 3.3: identical to the URL the metadata is fetched from, minus the well-known path)',
    fix: 'State {auth_url} exactly, with no trailing slash.',
  });
  for (const member of ['authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'service_documentation']) {
    const value = document.get(`/${member}`);
    const origin = member === 'service_documentation' ? model.addresses.base_url : issuer;
    if (typeof value === 'string' && !value.startsWith(`${origin}/`)) {
      reportProblem(document, context, {
        ruleId: 'oauth-endpoint-host',
        pointer: `/${member}`,
        reason: `${member} ${value} is not on ${origin}.`,
        fix: `State a URL on ${member === 'service_documentation' ? '{base_url}' : '{auth_url}'}.`,
      });
    }
  }
  expectValue(document, context, {
    ruleId: 'oauth-scopes',
    pointer: '/scopes_supported',
    expected: model.authentication.scopes.map((s) => s.name),
    what: "scopes_supported (the contract's scopes)",
    fix: 'State the scopes of content/authentication.yaml, in order.',
  });
};
