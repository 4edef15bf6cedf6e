// Token-bucket rate limits keyed by a name (an address, a client), in bounded memory: the least recently seen keys
// are forgotten first, and a forgotten key starts again with a full bucket.

export interface RateLimit {
  /** Requests allowed at once (the bucket's size). */
  capacity: number;
  /** Requests allowed per second over time (the refill rate). */
  perSecond: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export const RATE_LIMIT_KEYS = 10_000;

export class RateLimiter {
  /** Least recently seen first: a request moves its key to the end. */
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limit: RateLimit,
    private readonly maxKeys = RATE_LIMIT_KEYS,
  ) {}

  /** Takes one request for the key: 0 when allowed, else the whole seconds to wait before the next is. */
  take(key: string, now = Date.now()): number {
    const bucket = this.buckets.get(key) ?? { tokens: this.limit.capacity, at: now };
    this.buckets.delete(key);
    bucket.tokens = Math.min(this.limit.capacity, bucket.tokens + ((now - bucket.at) / 1000) * this.limit.perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.limit.perSecond));
  }

  get size(): number {
    return this.buckets.size;
  }
}
