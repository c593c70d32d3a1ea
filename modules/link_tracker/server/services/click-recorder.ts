import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { BatchedWriter, CoalescedRuns, type Config, ConfigToken, DatabaseToken, type LifecycleContribution, LoggerToken } from '@platform/core';
import { nowUtc } from '@platform/orm';
import { writeClicks, type PendingClick } from './click-writer';
import { redirectUrl } from './redirect-url';
import { VisitorCountry } from '@platform/http';
import { ClickJournal } from './journal/click-journal';
import { clickJournalDir } from './journal/click-journal-dir';
import { JournalReplayer } from './journal/journal-replayer';
import { deleteMarkers, insertMarkers } from './journal/journal-markers';

export interface ResolvedCode {
  linkId: number;
  /** Where the visitor goes: the link's URL with its UTM parameters. */
  target: string;
}

/** Codes are looked up once per few seconds: links rarely change, and other processes' edits show up. */
const CACHE_TTL_MS = 5000;
const CACHE_MAX = 50_000;
/**
 * A click is written at most this long after its redirect was answered (plus the write before it).
 * Until then it is in memory and in this process's click journal, which survives a SIGKILL: long
 * enough that a busy link's clicks still go in batches of hundreds, short enough for fresh statistics.
 */
const FLUSH_DELAY_MS = 100;
/** A buffer this full is written at once. */
const FLUSH_AT = 2000;
/** After a failed write, the next attempt. */
const RETRY_DELAY_MS = 1000;
/** How often the journals of stopped processes are looked for (and at start). */
const SWEEP_MS = 10_000;

/**
 * The redirect hot path: resolves codes from memory and buffers clicks, written in batches within
 * 100 ms (and on stop) with the link counters updated in the same transaction. Unique visitors are
 * counted per link and address, separately from clicks.
 *
 * Nothing answered is lost: each click is appended to this process's journal before its redirect is
 * answered; a batch is committed with the marker of its journal segments, then the segments go. The
 * journals of killed processes are replayed by the survivors (or the restarted process) at start and
 * every 10 s.
 */
@injectable()
export class ClickRecorder implements LifecycleContribution {
  private readonly cache = new Map<string, { hit: ResolvedCode | null; at: number }>();
  private readonly journal: ClickJournal;
  private readonly replayer: JournalReplayer;
  private readonly writer: BatchedWriter<PendingClick>;
  private readonly sweeps: CoalescedRuns;
  private sweepTimer?: NodeJS.Timeout;

  constructor(
    @inject(DatabaseToken) private readonly db: Knex,
    @inject(LoggerToken) private readonly logger: Logger,
    @inject(VisitorCountry) private readonly countries: VisitorCountry,
    @inject(ConfigToken) config: Config,
  ) {
    this.journal = new ClickJournal(clickJournalDir(config), logger, { removeWhenEmpty: !process.env.LINK_CLICK_JOURNAL_DIR });
    this.replayer = new JournalReplayer(db, logger, this.journal);
    this.sweeps = new CoalescedRuns(() => this.sweep());
    this.writer = new BatchedWriter<PendingClick>({
      name: 'link_tracker clicks',
      write: (batch) => this.write(batch),
      logger,
      delayMs: FLUSH_DELAY_MS,
      flushAt: FLUSH_AT,
      retryDelayMs: RETRY_DELAY_MS,
      // Still in the journal: set aside for this process's own sweep to replay when the database is back.
      dropped: () => this.journal.orphanSealed(),
    });
  }

  /** Tests lengthen it to keep clicks in memory until the stop. */
  get flushDelayMs(): number {
    return this.writer.delayMs;
  }

  set flushDelayMs(ms: number) {
    this.writer.delayMs = ms;
  }

  async onStart(): Promise<void> {
    this.writer.start();
    await this.countries.load();
    // Before serving: clicks a killed predecessor answered are counted again at once.
    await this.sweeps.run();
    this.sweepTimer = setInterval(() => void this.sweeps.run(), SWEEP_MS);
    this.sweepTimer.unref();
  }

  async onStop(): Promise<void> {
    clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
    await this.sweeps.settled();
    await this.writer.stop();
    await deleteMarkers(this.db, this.journal.id, this.journal.takeGone()).catch((err: unknown) => {
      this.logger.warn({ err }, 'link_tracker: click journal markers could not be deleted');
    });
    this.journal.close();
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

  /**
   * record() without a promise when the country is at hand (the redirect's usual case): the redirect
   * is answered in `answer` once the click is on disk, at the end of this turn of the event loop with
   * the other clicks of the turn (ClickJournal.appendThen). False, and `answer` is not called, when
   * the country must be looked up.
   */
  recordNowThen(linkId: number, ip: string, answer: () => void): boolean {
    const countryId = this.countries.countryIdNow(ip);
    if (countryId === undefined) return false;
    const click = this.click(linkId, ip, countryId);
    this.journal.appendThen(click, answer);
    this.writer.add(click);
    return true;
  }

  private queue(linkId: number, ip: string, countryId: number | null): void {
    const click = this.click(linkId, ip, countryId);
    // On disk (the page cache) before the redirect is answered: a SIGKILL from now on loses nothing.
    this.journal.append(click);
    this.writer.add(click);
  }

  private click(linkId: number, ip: string, countryId: number | null): PendingClick {
    return { linkId, ip: ip.slice(0, 64), countryId, at: this.now() };
  }

  private clock = { second: 0, text: '' };
  /** The UTC timestamp text, formatted once per second rather than once per click. */
  private now(): string {
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.clock.second) this.clock = { second, text: nowUtc() };
    return this.clock.text;
  }

  get pendingCount(): number {
    return this.writer.pendingCount;
  }

  /**
   * Writes every queued click; flushes never overlap. While one is writing, at most one more waits,
   * and it takes every click queued until it starts (so each busy click does not queue a flush).
   */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  /** Replays the journals of stopped processes now (the timer does it every 10 s). */
  sweepJournals(): Promise<void> {
    return this.sweeps.run();
  }

  /**
   * One batch: its clicks, the markers of its journal segments and the removal of markers whose files
   * are gone, in one transaction; then the segments go. Sealing happens before the first await, so the
   * sealed segments hold exactly this batch's clicks (BatchedWriter calls this as it takes the batch).
   */
  private async write(batch: PendingClick[]): Promise<void> {
    const segments = this.journal.seal();
    const gone = this.journal.takeGone();
    try {
      await this.db.transaction(async (trx) => {
        await writeClicks(trx, batch);
        await insertMarkers(trx, this.journal.id, segments);
        await deleteMarkers(trx, this.journal.id, gone);
      });
    } catch (err) {
      this.journal.putBackGone(gone);
      throw err;
    }
    this.journal.committed(segments);
  }

  private async sweep(): Promise<void> {
    try {
      await this.replayer.sweep();
    } catch (err) {
      this.logger.error({ err }, 'link_tracker: sweeping the click journals failed');
    }
  }
}
