// Directives that render the contract's tables (controls, scopes, errors, the pricing call, the MCP server) from the model.
import { code, link, list, paragraph, table } from '../mdast-build.js';
import type { BlockDirective } from './types.js';

export const controls: BlockDirective = {
  summary: 'Table of the MCP controls: purpose, required scope, read-only.',
  expand: (_, { model }) => [
    table(
      ['Control', 'Purpose', 'Required scope', 'Access'],
      model.mcpServer.controls.map((c) => [
        code(c.name),
        c.purpose,
        code(c.requiredScope),
        c.readOnly ? 'read-only' : 'writes',
      ]),
    ),
  ],
};

export const scopes: BlockDirective = {
  summary: 'Table of the supported scopes and what each covers.',
  expand: (_, { model }) => [
    table(
      ['Scope', 'Covers'],
      model.authentication.scopes.map((s) => [code(s.name), s.covers]),
    ),
  ],
};

export const errorShape: BlockDirective = {
  summary: 'The JSON API error object, the MCP error data, and how clients read them.',
  expand: (_, { model }) => {
    const { api, mcp, clientRule } = model.errors;
    const fields = (rows: typeof api.fields) =>
      table(
        ['Field', 'Type', 'Meaning'],
        rows.map((f) => [code(f.name), f.type, f.meaning]),
      );
    return [
      paragraph(api.statement),
      fields(api.fields),
      paragraph(mcp.statement),
      fields(mcp.dataFields),
      paragraph(clientRule),
    ];
  },
};

export const pricingCall: BlockDirective = {
  summary: 'Table of the pricing call (method, address, payload, response) and its rules.',
  expand: (_, { model, fill }) => {
    const call = model.pricingCall;
    const address = fill(`{${call.host}}${call.path}`);
    return [
      table(
        ['Item', 'Value'],
        [
          ['Method', code(call.method)],
          ['Address', code(address)],
          [
            'Request payload',
            [call.requestPayload.description, ' ', code(JSON.stringify(call.requestPayload.example))],
          ],
          ['Response', call.response.description],
        ],
      ),
      list(call.rules.map((r) => [fill(r.text)])),
    ];
  },
};

export const mcpServer: BlockDirective = {
  summary:
    'Table of the hosted MCP server (address, transport, format, authentication, discovery methods) and its rules.',
  expand: (_, { model, fill }) => {
    const server = model.mcpServer;
    return [
      table(
        ['Item', 'Value'],
        [
          ['Address', code(fill(`{${server.host}}${server.endpointPath}`))],
          ['Transport', server.transport],
          ['Message format', server.messageFormat],
          ['Authentication', server.authentication],
          ['Discovery methods', server.discoveryMethods.flatMap((m, i) => (i ? [', ', code(m)] : [code(m)]))],
        ],
      ),
      list(server.rules.map((r) => [fill(r.text)])),
    ];
  },
};

export const authentication: BlockDirective = {
  summary: 'Table of the authentication facts (protocol, token transport, metadata addresses, API keys) and its rules.',
  expand: (_, { model, fill }) => {
    const auth = model.authentication;
    const mcpHost = model.mcpServer.host;
    const prm = fill(`{${mcpHost}}${auth.protectedResourceMetadataPath}`);
    const asm = fill(`{auth_url}${auth.authorizationServerMetadataPath}`);
    return [
      table(
        ['Item', 'Rule'],
        [
          [auth.appliesTo, `Requires ${auth.scheme.toLowerCase()} authentication`],
          ['Token transport', `The token is sent in the ${auth.tokenTransport}`],
          ['Protocol', auth.protocol],
          ['Protected-resource metadata', link(prm, code(prm))],
          ['Authorization server', [code(fill('{auth_url}')), '; its metadata: ', link(asm, code(asm))]],
          ['Public discovery resources', auth.publicDiscoveryResources],
          ['API keys', auth.apiKeys],
        ],
      ),
      list(auth.rules.map((r) => [fill(r.text)])),
    ];
  },
};

export const resources: BlockDirective = {
  summary: 'Table of the resources of the interface, where each appears and its scope.',
  expand: (_, { model }) => [
    table(
      ['Resource', 'Where it appears', 'Scope', 'Notes'],
      model.resources.map((r) => [r.name, r.appearsIn, r.scope ? code(r.scope) : '—', r.notes]),
    ),
  ],
};
