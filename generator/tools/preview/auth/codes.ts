// Pending authorization codes: single-use, short-lived, capped in all and per client. A code is spent the moment an
// exchange names it, whatever the outcome; a spent code is remembered for its lifetime, so that a second use can
// revoke the tokens the first one gave (RFC 6749 section 4.1.2, RFC 9700 section 2.1.1).
import { randomBytes } from 'node:crypto';
import { TemporarilyUnavailableError } from '@modelcontextprotocol/sdk/server/auth/errors.js';

export interface PendingCode {
  clientId: string;
  userId: string;
  scopes: string[];
  codeChallenge: string;
  redirectUri: string;
  /** Whether the authorization request named redirect_uri: the token request must then repeat it (RFC 6749 4.1.3). */
  redirectUriGiven: boolean;
  expiresAt: number;
}

export interface CodeLimits {
  /** Codes waiting for their exchange at once, all clients together. */
  pending: number;
  /** Codes one client has waiting; its oldest is dropped beyond it. */
  pendingPerClient: number;
}

/** How long an authorization code may wait for its exchange. */
export const CODE_LIFETIME_MS = 60_000;

export type Taken =
  | { kind: 'pending'; code: PendingCode }
  /** Used before: `family` is the grant the first exchange started, if it succeeded. */
  | { kind: 'spent'; family?: string }
  | { kind: 'unknown' };

export class PendingCodes {
  /** Oldest first (one lifetime for all, so also soonest to expire first). */
  private readonly pending = new Map<string, PendingCode>();
  private readonly spent = new Map<string, { family?: string; expiresAt: number }>();
  private readonly perClient = new Map<string, number>();

  constructor(private readonly limits: CodeLimits) {}

  get size(): number {
    return this.pending.size;
  }

  /** Spent codes remembered for their lifetime (bounded at four times the pending codes). */
  get spentSize(): number {
    return this.spent.size;
  }

  issue(code: Omit<PendingCode, 'expiresAt'>, now = Date.now()): string {
    this.dropExpired(now);
    if ((this.perClient.get(code.clientId) ?? 0) >= this.limits.pendingPerClient) this.dropOldestOf(code.clientId);
    if (this.pending.size >= this.limits.pending) {
      throw new TemporarilyUnavailableError(
        'Too many sign-ins are waiting for their code exchange; retry in a minute.',
      );
    }
    const value = randomBytes(24).toString('base64url');
    this.pending.set(value, { ...code, expiresAt: now + CODE_LIFETIME_MS });
    this.perClient.set(code.clientId, (this.perClient.get(code.clientId) ?? 0) + 1);
    return value;
  }

  /** Takes a code out for an exchange: from here on it is spent, whether the exchange succeeds or not. */
  take(value: string, now = Date.now()): Taken {
    this.dropExpired(now);
    const code = this.pending.get(value);
    if (code) {
      this.remove(value, code);
      this.spent.set(value, { expiresAt: code.expiresAt });
      // Bounded like the pending codes: past it, the oldest spent code is only "unknown" when replayed.
      if (this.spent.size > this.limits.pending * 4) this.spent.delete(this.spent.keys().next().value!);
      return { kind: 'pending', code };
    }
    const spent = this.spent.get(value);
    return spent ? { kind: 'spent', family: spent.family } : { kind: 'unknown' };
  }

  /** Records the grant a successful exchange started, so a replay of the code can revoke it. */
  exchanged(value: string, family: string): void {
    const spent = this.spent.get(value);
    if (spent) spent.family = family;
  }

  private dropExpired(now: number): void {
    for (const [value, code] of this.pending) {
      if (code.expiresAt > now) break;
      this.remove(value, code);
    }
    for (const [value, spent] of this.spent) {
      if (spent.expiresAt > now) break;
      this.spent.delete(value);
    }
  }

  private dropOldestOf(clientId: string): void {
    for (const [value, code] of this.pending) {
      if (code.clientId !== clientId) continue;
      this.remove(value, code);
      return;
    }
  }

  private remove(value: string, code: PendingCode): void {
    this.pending.delete(value);
    const left = (this.perClient.get(code.clientId) ?? 1) - 1;
    if (left > 0) this.perClient.set(code.clientId, left);
    else this.perClient.delete(code.clientId);
  }
}
