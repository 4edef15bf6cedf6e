// The RFC 8414 document the build wrote must describe the endpoints the authorization server really serves.
import { PREVIEW_AUTHORIZATION_SERVER as AS } from '../../../build/emit/discovery/oauth/preview-authorization-server.js';

/** Fields a client acts on: if the built document and the server disagree on one, the OAuth chain breaks. */
const MUST_AGREE = [
  'authorization_endpoint',
  'token_endpoint',
  'registration_endpoint',
  'response_types_supported',
  'code_challenge_methods_supported',
  'grant_types_supported',
  'token_endpoint_auth_methods_supported',
] as const;

type Described = Partial<Record<(typeof MUST_AGREE)[number], unknown>>;

/** What the preview authorization server serves at an issuer, in RFC 8414's words. */
export function servedMetadata(issuer: string): Described {
  return {
    authorization_endpoint: new URL(AS.authorizationPath, issuer).href,
    token_endpoint: new URL(AS.tokenPath, issuer).href,
    registration_endpoint: new URL(AS.registrationPath, issuer).href,
    response_types_supported: AS.responseTypes,
    code_challenge_methods_supported: AS.codeChallengeMethods,
    grant_types_supported: AS.grantTypes,
    token_endpoint_auth_methods_supported: AS.tokenEndpointAuthMethods,
  };
}

const comparable = (value: unknown) => JSON.stringify(Array.isArray(value) ? [...value].sort() : value);
const withoutSlash = (url: unknown) => String(url ?? '').replace(/\/$/, '');

/** Problems, in words, with the built document compared with what the server serves; empty when they agree. */
export function metadataProblems(built: Record<string, unknown>, served: Described, expectedIssuer: string): string[] {
  const problems: string[] = [];
  if (withoutSlash(built.issuer) !== withoutSlash(expectedIssuer)) {
    problems.push(`issuer is ${JSON.stringify(built.issuer)}, not ${expectedIssuer} (clients reject a mismatch)`);
  }
  for (const field of MUST_AGREE) {
    const want = served[field];
    if (want === undefined) continue;
    if (comparable(built[field]) !== comparable(want)) {
      problems.push(`${field} is ${JSON.stringify(built[field])}, the server answers ${JSON.stringify(want)}`);
    }
  }
  const methods = built.code_challenge_methods_supported;
  if (!Array.isArray(methods) || !methods.includes('S256')) {
    problems.push('code_challenge_methods_supported lacks "S256" (MCP clients refuse such metadata)');
  }
  return problems;
}
