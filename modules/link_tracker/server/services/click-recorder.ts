import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { CoalescedRuns, DatabaseToken, type LifecycleContribution, LoggerToken } from '@platform/core';
import { nowUtc } from '@platform/orm';
import { writeClicks, type PendingClick } from './click-writer';
import { redirectUrl } from './redirect-url';
import { VisitorCountry } from '@platform/http';

export interface ResolvedCode {
  linkId: number;
  /** Where the visitor goes: the link's URL with its UTM parameters. */
  target: string;
}

/** Codes are looked up once per few seconds: links rarely change, and other processes' edits show up. */
const CACHE_TTL_MS = 5000;
const CACHE_MAX = 50_000;
/**
 * A click is written at most this long after its redirect was answered (plus the write before it):
 * what a killed process (SIGKILL, crash) can lose. Short enough to lose little, long enough that a
 * busy link's clicks still go in batches of hundreds.
 */
const FLUSH_DELAY_MS = 100;
/** A buffer this full is written at once. */
const FLUSH_AT = 2000;
/** After a failed write, the next attempt. */
const RETRY_DELAY_MS = 1000;

/**
 * The redirect hot path: resolves codes from memory and buffers clicks, written in batches within
 * 100 ms (and on stop, so a clean shutdown loses none) with the link counters updated in the same
 * transaction. Unique visitors are counted per link and address, separately from clicks.
 */
@injectable()
export class ClickRecorder implements LifecycleContribution {
  private readonly cache = new Map<string, { hit: ResolvedCode | null; at: number }>();
  private pending: PendingClick[] = [];
  /** Set while clicks wait for their write; none when nothing is buffered (no idle wake-ups). */
  private timer?: NodeJS.Timeout;
  private stopped = false;
  /** Tests lengthen it to keep clicks in memory until the stop. */
  flushDelayMs = FLUSH_DELAY_MS;
  private readonly flushes = new CoalescedRuns(() => this.writePending());

  constructor(
    @inject(DatabaseToken) private readonly db: Knex,
    @inject(LoggerToken) private readonly logger: Logger,
    @inject(VisitorCountry) private readonly countries: VisitorCountry,
  ) {}

  async onStart(): Promise<void> {
    this.stopped = false;
    await this.countries.load();
  }

  async onStop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** The cached answer for a code; undefined when it must be looked up. */
  cached(code: string): ResolvedCode | null | undefined {
    const entry = this.cache.get(code);
    return entry && Date.now() - entry.at < CACHE_TTL_MS ? entry.hit : undefined;
  }

  async resolve(code: string): Promise<ResolvedCode | null> {
    const cached = this.cached(code);
    if (cached !== undefined) return cached;
    const row = await this.db('link_tracker_code as k')
      .join('link_tracker as l', 'l.id', 'k.link_id')
      .leftJoin('utm_campaign as c', 'c.id', 'l.campaign_id')
      .leftJoin('utm_medium as m', 'm.id', 'l.medium_id')
      .leftJoin('utm_source as s', 's.id', 'l.source_id')
      .where('k.code', code)
      .first('l.id', 'l.url', 'c.name as campaign', 'm.name as medium', 's.name as source');
    const hit = row ? { linkId: row.id as number, target: redirectUrl(row.url, row) } : null;
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(code, { hit, at: Date.now() });
    return hit;
  }

  /** Drops cached codes (all of them, or those of one link) after a write. */
  invalidate(linkId?: number): void {
    if (linkId === undefined) return this.cache.clear();
    for (const [code, entry] of this.cache) if (!entry.hit || entry.hit.linkId === linkId) this.cache.delete(code);
  }

  /** Queues a click; its country is looked up now, while the address is at hand. */
  async record(linkId: number, ip: string): Promise<void> {
    const known = this.countries.countryIdNow(ip);
    this.queue(linkId, ip, known !== undefined ? known : await this.countries.countryId(ip));
  }

  /** record() without a promise when the country is at hand (the redirect's usual case); false otherwise. */
  recordNow(linkId: number, ip: string): boolean {
    const countryId = this.countries.countryIdNow(ip);
    if (countryId === undefined) return false;
    this.queue(linkId, ip, countryId);
    return true;
  }

  private queue(linkId: number, ip: string, countryId: number | null): void {
    this.pending.push({ linkId, ip: ip.slice(0, 64), countryId, at: this.now() });
    if (this.pending.length >= FLUSH_AT) void this.flush();
    else if (!this.timer) this.flushIn(this.flushDelayMs);
  }

  private flushIn(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(this.flushDue, ms);
    this.timer.unref();
  }

  private readonly flushDue = (): void => {
    this.timer = undefined;
    void this.flush();
  };

  private clock = { second: 0, text: '' };
  /** The UTC timestamp text, formatted once per second rather than once per click. */
  private now(): string {
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.clock.second) this.clock = { second, text: nowUtc() };
    return this.clock.text;
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  /**
   * Writes every queued click; flushes never overlap. While one is writing, at most one more waits,
   * and it takes every click queued until it starts (so each busy click does not queue a flush).
   */
  flush(): Promise<void> {
    return this.flushes.run();
  }

  private async writePending(): Promise<void> {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    try {
      await this.db.transaction((trx) => writeClicks(trx, batch));
    } catch (err) {
      this.logger.error({ err, clicks: batch.length }, 'link_tracker: writing clicks failed; they are kept for the next flush');
      // Kept for the next attempt, unless the database has been failing long enough to risk the memory.
      if (this.pending.length < 100_000) this.pending = batch.concat(this.pending);
      // Retried without waiting for another click, but gently while the database fails.
      if (!this.timer) this.flushIn(RETRY_DELAY_MS);
    }
  }
}
