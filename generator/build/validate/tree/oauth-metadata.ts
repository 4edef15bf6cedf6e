// Tree check: the OAuth facts agree with the model wherever they appear: `resource` is {mcp_url}/mcp, `issuer` is
// {auth_url}, `authorization_servers` is [{auth_url}], `scopes_supported` is the contract's scopes.
import { textTreeValidator } from '../text/text-check.js';
import { pointer, walkJson } from '../../text/json-walk.js';
import type { RuleId } from '../../messages/rules.js';

const sameSet = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && new Set(a).size === new Set(b).size && a.every((x) => b.includes(x));

const MEMBERS = ['resource', 'issuer', 'authorization_servers', 'scopes_supported'].map((key) => `"${key}"`);

/** Whether a JSON text may hold one of the members checked here: its name written out, or written with an escape. */
const mayName = (text: string) => text.includes('\\u') || MEMBERS.some((member) => text.includes(member));

export const oauthMetadataAgrees = textTreeValidator(
  'oauthMetadataAgrees',
  (context) => {
    const { model } = context;
    const resource = model.addresses[model.mcpServer.host] + model.mcpServer.endpointPath;
    const issuer = model.addresses.auth_url;
    const scopes = model.authentication.scopes.map((s) => s.name);
    return (item) => {
      if (item.json === undefined || item.text === undefined || !mayName(item.text)) return;
      walkJson(item.json, (value, path) => {
        const key = path[path.length - 1];
        const fail = (ruleId: RuleId, reason: string, fix: string, offset: number) =>
          context.diagnostics.error('validate', { ruleId, reason, fix, place: item.place(offset) });
        if (key === 'resource' && typeof value === 'string' && value !== resource) {
          fail(
            'resource-mismatch',
            `\`${pointer(path)}\` is ${value}, but the protected resource is the MCP server, ${resource} (RFC 9728: it must equal the server's URL exactly).`,
            'Build `resource` from {mcp_url} and content/mcp-server.yaml endpointPath.',
            item.offsetAt(path),
          );
        }
        if (key === 'issuer' && typeof value === 'string' && value !== issuer) {
          fail(
            'issuer-mismatch',
            `\`${pointer(path)}\` is ${value}, but the authorization server is ${issuer} (RFC 8414: clients reject an issuer that differs from where the metadata was fetched).`,
            'Set `issuer` to {auth_url} exactly, without a trailing slash or path.',
            item.offsetAt(path),
          );
        }
        if (key === 'authorization_servers' && Array.isArray(value) && !sameSet(value, [issuer])) {
          fail(
            'authorization-servers-mismatch',
            `\`${pointer(path)}\` is ${JSON.stringify(value)}, but the contract's authorization server is ${issuer} only.`,
            'List {auth_url} as the one authorization server.',
            item.offsetAt(path, true),
          );
        }
        if (key === 'scopes_supported' && Array.isArray(value) && !sameSet(value, scopes)) {
          fail(
            'scopes-mismatch',
            `\`${pointer(path)}\` is ${JSON.stringify(value)}, but the contract's scopes are ${scopes.join(', ')}.`,
            'Build the scope list from content/authentication.yaml scopes.',
            item.offsetAt(path, true),
          );
        }
      });
    };
  },
  { partWise: true },
);
