// What the authorization server's endpoints share: the provider, the rate limiters and the body limit.
import type { RateLimiter } from '../http/rate-limit.js';
import type { PreviewOAuthProvider } from './provider.js';

export interface EndpointContext {
  provider: PreviewOAuthProvider;
  /** Requests that name a registered client, charged to it. */
  perClient: RateLimiter;
  /** Registrations and requests that name no registered client, charged to the caller's address. */
  perAddress: RateLimiter;
  maxBodyBytes: number;
  /** Signs the approvals of the consent page. */
  secret: string;
}
