import type { Knex } from 'knex';
import { nowUtc, utcText } from '@platform/orm/sql-values';

const TABLE = 'rate_limit';

/**
 * Fixed-window counters kept in the database, so every process of a deployment counts the same hits.
 */
export class RateLimiter {
  constructor(private readonly db: Knex) {}

  /** Counts one hit on `key`; true while the window's count stays within `limit`. */
  async hit(key: string, limit: number, windowSeconds: number): Promise<boolean> {
    return (await this.increment(key, windowSeconds)) <= limit;
  }

  /** Current count of the window without counting a hit. */
  async count(key: string, windowSeconds: number): Promise<number> {
    const row = await this.db(TABLE).where({ key: windowKey(key, windowSeconds) }).first();
    return row ? Number(row.hits) : 0;
  }

  async increment(key: string, windowSeconds: number): Promise<number> {
    const wkey = windowKey(key, windowSeconds);
    const expires = utcText((Math.floor(Date.now() / 1000 / windowSeconds) + 1) * windowSeconds * 1000);
    const rows = await this.db(TABLE)
      .insert({ key: wkey, hits: 1, expires_at: expires })
      .onConflict('key')
      .merge({ hits: this.db.raw('?? + 1', [`${TABLE}.hits`]) })
      .returning('hits');
    const first = rows[0] as { hits: number } | number;
    return Number(typeof first === 'object' ? first.hits : first);
  }

  async reset(key: string, windowSeconds: number): Promise<void> {
    await this.db(TABLE).where({ key: windowKey(key, windowSeconds) }).delete();
  }

  async collectExpired(): Promise<number> {
    return this.db(TABLE).where('expires_at', '<', nowUtc()).delete();
  }
}

/** Seconds until the current window of `windowSeconds` ends (what a refused client should wait), at least 1. */
export function secondsLeftInWindow(windowSeconds: number, now = Date.now()): number {
  return Math.max(1, windowSeconds - (Math.floor(now / 1000) % windowSeconds));
}

function windowKey(key: string, windowSeconds: number): string {
  return `${key}@${Math.floor(Date.now() / 1000 / windowSeconds)}`;
}
