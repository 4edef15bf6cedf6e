// The MCP host's sessions: kept in least-recently-used order, capped in all and per user, so that one user opening
// sessions without end closes only their own.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';

export interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  server: Server;
  owner: string;
  /** The protocol revision negotiated at initialize; every later request must keep it. */
  protocolVersion: string;
  lastSeen: number;
}

export interface SessionLimits {
  /** Sessions kept at once, all users together. */
  total: number;
  /** Sessions one user keeps at once; their least recently used is closed beyond it. */
  perUser: number;
  /** Sessions idle this long are closed when a new one starts (no timers: nothing to stop). */
  idleMs: number;
}

export class Sessions {
  /** Least recently used first: a use moves a session to the end. */
  private readonly byId = new Map<string, Session>();
  private readonly counts = new Map<string, number>();

  constructor(private readonly limits: SessionLimits) {}

  get size(): number {
    return this.byId.size;
  }

  /** The session with this id, marked as used now. */
  use(id: string): Session | undefined {
    const session = this.byId.get(id);
    if (!session) return undefined;
    session.lastSeen = Date.now();
    this.byId.delete(id);
    this.byId.set(id, session);
    return session;
  }

  add(id: string, session: Session): void {
    this.byId.set(id, session);
    this.counts.set(session.owner, (this.counts.get(session.owner) ?? 0) + 1);
  }

  /** Forgets a session (its transport closed); closing is the caller's. */
  remove(id: string): void {
    const session = this.byId.get(id);
    if (!session) return;
    this.byId.delete(id);
    const left = (this.counts.get(session.owner) ?? 1) - 1;
    if (left > 0) this.counts.set(session.owner, left);
    else this.counts.delete(session.owner);
  }

  /**
   * Closes what must go before `owner` opens one more session: idle sessions, then the owner's own least recently
   * used one beyond their cap, then, when all are taken, the oldest of whoever holds the most.
   */
  makeRoom(owner: string): void {
    const now = Date.now();
    for (const [id, session] of this.byId) {
      if (now - session.lastSeen < this.limits.idleMs) break;
      this.close(id, session);
    }
    if ((this.counts.get(owner) ?? 0) >= this.limits.perUser) this.closeOldestOf(owner);
    if (this.byId.size >= this.limits.total) {
      let busiest = owner;
      for (const [user, count] of this.counts) if (count > (this.counts.get(busiest) ?? 0)) busiest = user;
      this.closeOldestOf(busiest);
    }
  }

  async closeAll(): Promise<void> {
    const all = [...this.byId.values()];
    this.byId.clear();
    this.counts.clear();
    await Promise.all(all.map((s) => s.server.close().catch(() => {})));
  }

  private closeOldestOf(owner: string): void {
    for (const [id, session] of this.byId) {
      if (session.owner !== owner) continue;
      this.close(id, session);
      return;
    }
  }

  private close(id: string, session: Session): void {
    this.remove(id);
    void session.server.close().catch(() => {});
  }
}
