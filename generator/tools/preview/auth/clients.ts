// Registered OAuth clients without server state: the client id carries the client's metadata, signed with the
// preview secret, so a client registered before a restart of the preview is still known after it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';

type Registration = Omit<OAuthClientInformationFull, 'client_id' | 'client_id_issued_at'> &
  Partial<Pick<OAuthClientInformationFull, 'client_id' | 'client_id_issued_at'>>;

const PREFIX = 'pvc1';
const NONCE = '_n';

export class SignedClientsStore implements OAuthRegisteredClientsStore {
  constructor(private readonly secret: string) {}

  private mac(text: string, purpose: string): string {
    return createHmac('sha256', this.secret).update(`${purpose}:${text}`).digest('base64url');
  }

  registerClient(client: Registration): OAuthClientInformationFull {
    const { client_secret: _secret, client_secret_expires_at: _expires, client_id: _id, ...metadata } = client;
    const issuedAt = client.client_id_issued_at ?? Math.floor(Date.now() / 1000);
    // A nonce keeps two registrations of the same metadata in the same second apart (own limits, own codes).
    const body = Buffer.from(
      JSON.stringify({ ...metadata, client_id_issued_at: issuedAt, [NONCE]: randomBytes(6).toString('base64url') }),
    ).toString('base64url');
    const clientId = `${PREFIX}.${body}.${this.mac(body, 'client')}`;
    return this.describe(clientId)!;
  }

  getClient(clientId: string): OAuthClientInformationFull | undefined {
    return this.describe(clientId);
  }

  private describe(clientId: string): OAuthClientInformationFull | undefined {
    const [prefix, body, mac] = clientId.split('.');
    if (prefix !== PREFIX || !body || !mac) return undefined;
    const expected = Buffer.from(this.mac(body, 'client'));
    if (expected.length !== mac.length || !timingSafeEqual(expected, Buffer.from(mac))) return undefined;
    const { [NONCE]: _nonce, ...metadata } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Omit<
      OAuthClientInformationFull,
      'client_id'
    > & { [NONCE]?: string };
    const isPublic = metadata.token_endpoint_auth_method === 'none';
    return {
      ...metadata,
      client_id: clientId,
      // A confidential client's secret is derived, not stored: the same for as long as the preview secret is.
      ...(isPublic ? {} : { client_secret: this.mac(clientId, 'secret'), client_secret_expires_at: 0 }),
    };
  }
}
