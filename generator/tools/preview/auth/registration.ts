// Dynamic client registration (RFC 7591) of the preview authorization server: the metadata a client may register,
// checked with the SDK's schema of it and the redirect URI policy, refused in words a client developer can act on.
import { OAuthClientMetadataSchema, type OAuthClientMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { PREVIEW_AUTHORIZATION_SERVER as AS } from '../../../build/emit/discovery/oauth/preview-authorization-server.js';
import { redirectUriProblem } from './redirect-uris.js';

export type RegistrationCheck =
  | { ok: true; metadata: OAuthClientMetadata }
  | { ok: false; error: 'invalid_redirect_uri' | 'invalid_client_metadata'; description: string };

/** Redirect URIs one client may register. */
const MAX_REDIRECT_URIS = 10;
/** The client id carries the metadata (signed, no server state): it must stay short enough for a URL. */
export const MAX_METADATA_BYTES = 4096;

const refuse = (error: 'invalid_redirect_uri' | 'invalid_client_metadata', description: string): RegistrationCheck => ({
  ok: false,
  error,
  description,
});

export function checkRegistration(body: unknown): RegistrationCheck {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return refuse('invalid_client_metadata', 'The registration request is not a JSON object.');
  }
  const uris = (body as Record<string, unknown>).redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS) {
    return refuse('invalid_redirect_uri', `redirect_uris must be an array of 1 to ${MAX_REDIRECT_URIS} URIs.`);
  }
  for (const [index, uri] of uris.entries()) {
    const problem = redirectUriProblem(uri);
    if (problem) return refuse('invalid_redirect_uri', `redirect_uris[${index}] ${problem}.`);
  }
  const parsed = OAuthClientMetadataSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return refuse(
      'invalid_client_metadata',
      `${issue.path.map(String).join('.') || 'The metadata'}: ${issue.message}.`,
    );
  }
  // RFC 7591 section 2 makes client_secret_basic the default, which this server does not take: say what it does.
  const metadata = {
    ...parsed.data,
    token_endpoint_auth_method: parsed.data.token_endpoint_auth_method ?? 'client_secret_post',
  };
  const unsupported = [
    [
      !(AS.tokenEndpointAuthMethods as readonly string[]).includes(metadata.token_endpoint_auth_method),
      `token_endpoint_auth_method ${metadata.token_endpoint_auth_method}`,
      AS.tokenEndpointAuthMethods,
    ],
    [
      (metadata.grant_types ?? []).some((g) => !(AS.grantTypes as readonly string[]).includes(g)),
      `grant_types ${metadata.grant_types?.join(' ')}`,
      AS.grantTypes,
    ],
    [
      (metadata.response_types ?? []).some((r) => !(AS.responseTypes as readonly string[]).includes(r)),
      `response_types ${metadata.response_types?.join(' ')}`,
      AS.responseTypes,
    ],
  ] as const;
  for (const [refused, what, supported] of unsupported) {
    if (refused) return refuse('invalid_client_metadata', `${what} is not supported; use ${supported.join(' or ')}.`);
  }
  if (Buffer.byteLength(JSON.stringify(metadata)) > MAX_METADATA_BYTES) {
    return refuse('invalid_client_metadata', `The client metadata is larger than ${MAX_METADATA_BYTES} bytes.`);
  }
  return { ok: true, metadata };
}
