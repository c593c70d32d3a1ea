import { addressBucket } from './address-bucket';
import type { RateLimiter } from './rate-limiter';
import type { RateLimit } from './route-definition';
import { TooManyRequests } from './too-many-requests';

/** Who is asking, as far as rate limits care. */
export interface RateLimitedClient {
  ip: string;
  /** The signed-in user, or null for a visitor (who has no account to count against). */
  uid: number | null;
  siteId: number;
}

/**
 * Counts one request of `client` in every bucket of a route's limit: its address (an IPv6 client's
 * /64: see address-bucket.ts), its account when signed in (one account spread over many addresses is
 * still one client), and the whole site when the route has a site-wide limit. Buckets are counted in
 * that order and the first one full refuses, so a refused address does not use up its account's or
 * the site's allowance. Windows slide (rate-limiter.ts): no span of `windowSeconds` gets more.
 */
export async function enforceRateLimit(limiter: RateLimiter, limit: RateLimit, client: RateLimitedClient): Promise<void> {
  const { name, windowSeconds } = limit;
  const buckets: Array<[key: string, max: number]> = [[`${name}:${addressBucket(client.ip)}`, limit.limit]];
  if (client.uid !== null) buckets.push([`${name}:uid:${client.uid}`, limit.perAccount ?? limit.limit]);
  if (limit.perSite !== undefined) buckets.push([`${name}:site:${client.siteId}`, limit.perSite]);
  for (const [key, max] of buckets) {
    const taken = await limiter.take(key, max, windowSeconds);
    if (!taken.ok) throw new TooManyRequests('Too many requests. Please wait a moment and try again.', taken.retryAfterSeconds);
  }
}
