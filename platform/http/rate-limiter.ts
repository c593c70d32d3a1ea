import type { Knex } from 'knex';
import { nowUtc, utcText } from '@platform/orm/sql-values';

const TABLE = 'rate_limit';

/**
 * Slots a window is cut into. A hit counts for the window plus at most one slot (a tenth more), so a
 * limit is never exceeded over ANY span of the window's length: fixed windows let a client send twice
 * the limit across a window's edge.
 */
export const WINDOW_SLOTS = 10;

/** Outcome of `take`: taken, or refused with the seconds after which the same cost would be taken. */
export type Taken = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Sliding-window counters kept in the database, so every process of a deployment counts the same
 * hits. A key's window is cut into WINDOW_SLOTS slots of one row each (`<key>#<slot number>`); its
 * count is the sum of the slot in progress and the WINDOW_SLOTS before it.
 */
export class RateLimiter {
  constructor(private readonly db: Knex) {}

  /**
   * Counts `cost` on `key` if the window's count stays within `limit`; when it would not, nothing is
   * counted (a client that keeps retrying too early does not push its own wait back) and the answer
   * says how long until the oldest hits leave the window to make room.
   */
  async take(key: string, limit: number, windowSeconds: number, cost = 1, now = Date.now()): Promise<Taken> {
    const slots = new Slots(windowSeconds, now);
    if (await this.addWithin(key, slots, cost, limit)) return { ok: true };
    // Refused: nothing was counted; the window's counts tell how long until there is room.
    const counts = await this.slotCounts(this.db, key, slots);
    return { ok: false, retryAfterSeconds: slots.secondsUntilRoom(counts, limit, cost, now) };
  }

  /**
   * One statement (an upsert that returns the slot's count, SQLite and PostgreSQL alike): adds `cost`
   * to the slot in progress only if the window's count stays within `limit`. The check of the slot
   * in progress is the upsert's own, on the row it locks (PostgreSQL re-checks it on the latest
   * version when a concurrent take of the same key committed first; SQLite takes its write lock when
   * the statement starts), so concurrent takes are counted one after the other; the window's older
   * slots are no longer written. True when counted.
   */
  private async addWithin(key: string, slots: Slots, cost: number, limit: number): Promise<boolean> {
    const older = slots.keys(key).slice(0, -1);
    const olderSum = `(SELECT COALESCE(SUM(hits), 0) FROM ${TABLE} WHERE "key" IN (${older.map(() => '?').join(', ')}))`;
    const rows = await this.db.raw(
      `INSERT INTO ${TABLE} ("key", hits, expires_at) SELECT ?, ?, ? WHERE ${olderSum} + ? <= ?
       ON CONFLICT ("key") DO UPDATE SET hits = ${TABLE}.hits + excluded.hits
       WHERE ${TABLE}.hits + excluded.hits + ${olderSum} <= ?
       RETURNING hits`,
      [slots.currentKey(key), cost, utcText(slots.currentExpiry()), ...older, cost, limit, ...older, limit],
    );
    // knex.raw answers PostgreSQL with a result ({ rows }), SQLite with the rows.
    const returned = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
    return returned.length > 0;
  }

  /** Counts one hit on `key`; true while the window's count stays within `limit` (a refused hit is not counted). */
  async hit(key: string, limit: number, windowSeconds: number): Promise<boolean> {
    return (await this.take(key, limit, windowSeconds)).ok;
  }

  /** The window's count, without counting a hit. */
  async count(key: string, windowSeconds: number, now = Date.now()): Promise<number> {
    return (await this.slotCounts(this.db, key, new Slots(windowSeconds, now))).reduce((a, b) => a + b, 0);
  }

  /** Counts `by` hits whatever the limit (failures the caller checks later with `count`); the new count. */
  async increment(key: string, windowSeconds: number, by = 1, now = Date.now()): Promise<number> {
    const slots = new Slots(windowSeconds, now);
    await this.add(this.db, key, slots, by);
    return (await this.slotCounts(this.db, key, slots)).reduce((a, b) => a + b, 0);
  }

  /** Seconds until `cost` more hits fit within `limit` (0 when they already do). */
  async retryAfter(key: string, limit: number, windowSeconds: number, cost = 1, now = Date.now()): Promise<number> {
    const slots = new Slots(windowSeconds, now);
    const counts = await this.slotCounts(this.db, key, slots);
    return counts.reduce((a, b) => a + b, 0) + cost <= limit ? 0 : slots.secondsUntilRoom(counts, limit, cost, now);
  }

  /** Forgets the window's hits of `key`. */
  async reset(key: string, windowSeconds: number, now = Date.now()): Promise<void> {
    await this.db(TABLE).whereIn('key', new Slots(windowSeconds, now).keys(key)).delete();
  }

  async collectExpired(): Promise<number> {
    return this.db(TABLE).where('expires_at', '<', nowUtc()).delete();
  }

  private async add(db: Knex, key: string, slots: Slots, by: number): Promise<void> {
    await db(TABLE)
      .insert({ key: slots.currentKey(key), hits: by, expires_at: utcText(slots.currentExpiry()) })
      .onConflict('key')
      .merge({ hits: this.db.raw('?? + ?', [`${TABLE}.hits`, by]) });
  }

  /** The counts of the window's slots, oldest first (the slot in progress last). */
  private async slotCounts(db: Knex, key: string, slots: Slots): Promise<number[]> {
    const keys = slots.keys(key);
    const rows: Array<{ key: string; hits: number | string }> = await db(TABLE).whereIn('key', keys).select('key', 'hits');
    const byKey = new Map(rows.map((r) => [r.key, Number(r.hits)]));
    return keys.map((k) => byKey.get(k) ?? 0);
  }
}

/** The slots of a window at a moment: the one in progress and the WINDOW_SLOTS before it. */
class Slots {
  private readonly slotMs: number;
  private readonly current: number;

  constructor(windowSeconds: number, now: number) {
    this.slotMs = Math.max(1, Math.ceil((windowSeconds * 1000) / WINDOW_SLOTS));
    this.current = Math.floor(now / this.slotMs);
  }

  keys(key: string): string[] {
    return Array.from({ length: WINDOW_SLOTS + 1 }, (_, i) => `${key}#${this.current - WINDOW_SLOTS + i}`);
  }

  currentKey(key: string): string {
    return `${key}#${this.current}`;
  }

  /** When the slot in progress stops counting (rows may be collected after that). */
  currentExpiry(): number {
    return (this.current + WINDOW_SLOTS + 1) * this.slotMs;
  }

  /**
   * Seconds until the oldest slots have left the window enough for `cost` more within `limit` (the
   * whole window when `cost` alone is over the limit), at least 1.
   */
  secondsUntilRoom(counts: number[], limit: number, cost: number, now: number): number {
    let remaining = counts.reduce((a, b) => a + b, 0);
    let at = (this.current + WINDOW_SLOTS + 1) * this.slotMs;
    for (let i = 0; i < counts.length; i++) {
      remaining -= counts[i];
      if (remaining + cost <= limit) {
        // Slot i (counting from the oldest) stops counting once the slot in progress is i + 1 further.
        at = (this.current - WINDOW_SLOTS + i + WINDOW_SLOTS + 1) * this.slotMs;
        break;
      }
    }
    return Math.max(1, Math.ceil((at - now) / 1000));
  }
}
