import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { DatabaseToken, type LifecycleContribution, LoggerToken } from '@platform/core';
import { WriteSignal } from '@platform/http';

export interface Redirect {
  id: number;
  to: string;
  type: 301 | 302;
}

/** Read again at least this often while other processes' changes are not signalled. */
const SHORT_LIFETIME_MS = 2000;
/** Hits are written at most this long after the redirect was answered (what a crash can lose). */
const FLUSH_DELAY_MS = 1000;

/**
 * Every site's redirects in memory, for the hot path: read once, then again after a write to
 * `website_redirect` (here or, through the write signal, in another process). Hits are counted in
 * memory and added to `website_redirect_hit` in one batch per second (and on stop), so a redirect
 * costs no write of its own and does not empty the page caches.
 */
@injectable()
export class RedirectTable implements LifecycleContribution {
  private bySite = new Map<number | null, Map<string, Redirect>>();
  /** Every source path of every site: the hot path's cheap test. */
  private sources = new Set<string>();
  private loadedAt = 0;
  private stale = true;
  private loading?: Promise<void>;
  private pending = new Map<number, number>();
  private timer?: NodeJS.Timeout;

  constructor(
    @inject(DatabaseToken) private readonly db: Knex,
    @inject(WriteSignal) private readonly signal: WriteSignal,
    @inject(LoggerToken) private readonly logger: Logger,
  ) {
    signal.watch(['website_redirect'], () => void (this.stale = true));
  }

  async onStop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** True while the table in memory is known to be current (no read needed). */
  fresh(): boolean {
    this.signal.generation(); // notices another process's commit (SQLite) and marks the table stale
    return !this.stale && Date.now() - this.loadedAt < this.signal.lifetime(SHORT_LIFETIME_MS);
  }

  /** Whether some site redirects `path` (the table must be fresh). */
  has(path: string): boolean {
    return this.sources.has(path);
  }

  /** The redirect of `path` on a site (its own, else one shared by every site). */
  find(siteId: number, path: string): Redirect | undefined {
    return this.bySite.get(siteId)?.get(path) ?? this.bySite.get(null)?.get(path);
  }

  /** Reads the table again (concurrent callers share the read). */
  load(): Promise<void> {
    this.loading ??= this.read().finally(() => void (this.loading = undefined));
    return this.loading;
  }

  private async read(): Promise<void> {
    this.stale = false; // a write during the read marks it stale again
    const at = Date.now();
    const rows: Array<{ id: number; url_from: string; url_to: string; redirect_type: string; website_id: number | null }> =
      await this.db('website_redirect').select('id', 'url_from', 'url_to', 'redirect_type', 'website_id');
    const bySite = new Map<number | null, Map<string, Redirect>>();
    for (const r of rows) {
      const site = r.website_id === null ? null : Number(r.website_id);
      if (!bySite.has(site)) bySite.set(site, new Map());
      bySite.get(site)!.set(r.url_from, { id: Number(r.id), to: r.url_to, type: r.redirect_type === '302' ? 302 : 301 });
    }
    this.bySite = bySite;
    this.sources = new Set(rows.map((r) => r.url_from));
    this.loadedAt = at;
  }

  /** Counts a hit (written with the next batch). */
  hit(id: number): void {
    this.pending.set(id, (this.pending.get(id) ?? 0) + 1);
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.flush();
      }, FLUSH_DELAY_MS);
      this.timer.unref();
    }
  }

  /** Adds the counted hits to their redirects (those deleted meanwhile are dropped). */
  async flush(): Promise<void> {
    if (!this.pending.size) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      const alive: number[] = (await this.db('website_redirect').whereIn('id', [...batch.keys()]).select('id')).map((r: { id: number }) => Number(r.id));
      if (!alive.length) return;
      await this.db('website_redirect_hit')
        .insert(alive.map((id) => ({ redirect_id: id, hits: batch.get(id)! })))
        .onConflict('redirect_id')
        .merge({ hits: this.db.raw('website_redirect_hit.hits + excluded.hits') });
    } catch (err) {
      this.logger.warn({ err }, 'redirect hits could not be written; they are dropped');
    }
  }
}
