// Refresh token families (RFC 9700 section 4.14.2): every refresh token of one grant shares a family, and only the
// family's latest token is valid. A refresh rotates it; presenting an older one reveals a copy in other hands, and
// the whole family is revoked. In bounded memory: beyond the cap the least recently used family is forgotten, and
// its tokens are then refused like revoked ones (the client authorizes again).
import { randomUUID } from 'node:crypto';

interface Family {
  /** The id (jti) of the one refresh token of the family that may be used. */
  current: string;
  expiresAt: number;
}

export type FamilyVerdict = 'current' | 'replayed' | 'unknown';

export const MAX_FAMILIES = 10_000;

export class RefreshFamilies {
  /** Least recently used first. */
  private readonly families = new Map<string, Family>();

  constructor(private readonly max = MAX_FAMILIES) {}

  get size(): number {
    return this.families.size;
  }

  /** A new family for a grant: its id and the id of its first refresh token. */
  start(lifetimeSeconds: number, now = Date.now()): { family: string; tokenId: string } {
    const family = randomUUID();
    const tokenId = randomUUID();
    this.families.set(family, { current: tokenId, expiresAt: now + lifetimeSeconds * 1000 });
    if (this.families.size > this.max) this.families.delete(this.families.keys().next().value!);
    return { family, tokenId };
  }

  /** Judges a presented refresh token; a replayed one revokes its family on the spot. */
  judge(family: string, tokenId: string, now = Date.now()): FamilyVerdict {
    const known = this.families.get(family);
    if (!known || known.expiresAt <= now) {
      this.families.delete(family);
      return 'unknown';
    }
    if (known.current === tokenId) return 'current';
    this.families.delete(family);
    return 'replayed';
  }

  /** The id of the family's next refresh token, which replaces the current one. */
  rotate(family: string, lifetimeSeconds: number, now = Date.now()): string {
    const known = this.families.get(family)!;
    this.families.delete(family);
    known.current = randomUUID();
    known.expiresAt = now + lifetimeSeconds * 1000;
    this.families.set(family, known);
    return known.current;
  }

  revoke(family: string): void {
    this.families.delete(family);
  }
}
