// An OAuth client with no person involved (`verify --preview-auth`, the agent journey): registers, authorizes, redeems.
// Only an authorization server that approves on its own (the preview's) completes this flow.
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

/** Never opened: the code is read from the authorization server's redirect. */
const REDIRECT_URL = 'http://127.0.0.1:1/verify/callback';

export class HeadlessOAuthClient implements OAuthClientProvider {
  private client?: OAuthClientInformationMixed;
  private saved?: OAuthTokens;
  private verifier?: string;
  /** The authorization code once `redirectToAuthorization` has run. */
  code?: string;
  /** The authorization request the SDK made (its `scope` is what the client asked for). */
  authorizationUrl?: URL;

  constructor(
    private readonly scopes: string[],
    private readonly doFetch: typeof fetch = fetch,
  ) {}

  get redirectUrl(): string {
    return REDIRECT_URL;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'discovery-site verify',
      redirect_uris: [REDIRECT_URL],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: this.scopes.join(' '),
    };
  }

  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    if (!this.verifier) throw new Error('No PKCE code verifier was saved before the token request.');
    return this.verifier;
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    this.authorizationUrl = url;
    const response = await this.doFetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    const code = location ? new URL(location, url).searchParams.get('code') : null;
    if (!code) {
      throw new Error(
        `The authorization server did not approve on its own (answered ${response.status}${location ? ` → ${location}` : ''}); --preview-auth only works with the preview authorization server. Pass --token instead.`,
      );
    }
    this.code = code;
  }
}
