import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { knexDialect } from '@platform/db/connection';
import type { MailDeliveryError } from './mail-transport';
import type { MailQueueSettings } from './mail-settings';

export interface QueueRow {
  id: number;
  attempts: number;
  lease_owner: string;
  [column: string]: unknown;
}

export type FailureOutcome = 'retry' | 'bounced' | 'failed';

/**
 * Ids per renewal statement: a worker may hold a few batches at once, and a large MAIL_BATCH_SIZE must
 * not push one statement past the bound-parameter limits of SQLite and PostgreSQL.
 */
const RENEW_CHUNK = 1000;

/** RETURNING gives rows in no set order; claims hand them out oldest first. */
const byId = (rows: QueueRow[]): QueueRow[] => rows.sort((a, b) => a.id - b.id);

/**
 * Per-row work queue in a table with the columns of `addQueueColumns`. A worker claims rows by
 * writing its lease (owner + expiry) in one conditional UPDATE, so two workers never hold the same row;
 * rows whose worker died come back once the lease expires. A row is marked sent only by the holder
 * of its lease, right after the SMTP server accepted it: a crash loses nothing (the lease expires and
 * the row is claimed again) and doubles nothing that was recorded as sent.
 */
export class LeasedQueue {
  private readonly owner = crypto.randomBytes(8).toString('hex');
  private seq = 0;

  constructor(private readonly db: Knex, readonly table: string, readonly settings: MailQueueSettings) {}

  /** Claims up to `limit` rows of `scope` that are due (or whose lease expired), oldest first. */
  async claim(scope: Record<string, unknown>, limit: number, now = Date.now()): Promise<QueueRow[]> {
    const token = `${this.owner}:${++this.seq}`;
    const claimable = (qb: Knex.QueryBuilder) => qb.where(scope).andWhere((w) => w
      .where((p) => p.where('state', 'pending').andWhere('next_attempt_at', '<=', now))
      .orWhere((s) => s.where('state', 'sending').andWhere('lease_until', '<', now)));
    const ids = this.db(this.table).select('id').modify(claimable).orderBy('id').limit(limit);
    const lease = {
      state: 'sending', lease_owner: token, lease_until: now + this.settings.leaseSeconds * 1000,
      attempts: this.db.raw('attempts + 1'),
    };
    if (knexDialect(this.db) === 'postgres') {
      // The pick runs once, in a materialised CTE that locks its rows (others skip them): as a plain
      // sub-select PostgreSQL may run it again for every row, each run skipping the rows the previous
      // ones locked, and claim far more than `limit`. The rows being locked by this statement, the
      // UPDATE joins on id only, which also keeps the planner from scanning the table per picked row.
      const rows = (await this.db.withMaterialized('picked', ids.forUpdate().skipLocked()).from(this.table)
        .updateFrom('picked').where(`${this.table}.id`, this.db.ref('picked.id'))
        .update(lease).returning(`${this.table}.*`)) as QueueRow[];
      return byId(rows);
    }
    // SQLite: one writer at a time, and the sub-select is evaluated once; the state condition is
    // repeated so the statement stays correct whatever the plan. RETURNING hands back the claimed rows:
    // reading them back by lease_owner, which no index covers, would scan every past mailing's rows.
    const rows = (await this.db(this.table).whereIn('id', ids).modify(claimable).update(lease).returning('*')) as QueueRow[];
    return byId(rows);
  }

  /**
   * Pushes the lease of rows still being worked on forward. Found by id (the primary key; lease_owner
   * has no index), and only while this worker still holds them: a row another worker took over after
   * its lease expired stays theirs, and a row left out (e.g. its "sent" write failed) is let expire.
   */
  async renew(rows: QueueRow[], now = Date.now()): Promise<void> {
    const leaseUntil = now + this.settings.leaseSeconds * 1000;
    for (let i = 0; i < rows.length; i += RENEW_CHUNK) {
      const chunk = rows.slice(i, i + RENEW_CHUNK);
      await this.db(this.table).whereIn('id', chunk.map((r) => r.id))
        .whereIn('lease_owner', [...new Set(chunk.map((r) => r.lease_owner))]).andWhere('state', 'sending')
        .update({ lease_until: leaseUntil });
    }
  }

  /**
   * Records accepted messages, several in one statement (the worker groups those the server accepted
   * while the previous write was running). Only rows still leased by this worker are updated; returns
   * how many were.
   */
  async markSent(rows: QueueRow[], now = Date.now()): Promise<number> {
    if (!rows.length) return 0;
    const ids = rows.map((r) => r.id);
    const owners = [...new Set(rows.map((r) => r.lease_owner))];
    if (knexDialect(this.db) === 'postgres') {
      // Committed without waiting for the WAL flush (about 4 ms here; a round trip without), for this
      // statement only (set_config local to its own transaction). The slot that sent the message waits
      // for this write, and its duration is the window in which a crash of this process turns a sent
      // message into a duplicate. What PostgreSQL has is kept whatever happens to this process; only a
      // crash of the database server itself within a fraction of a second could lose it, and that means
      // the same duplicate, never a lost message (any later synchronous commit makes it durable too).
      const result = await this.db.raw(
        `UPDATE ?? SET state = 'sent', sent_at = ?, lease_owner = NULL, lease_until = NULL, last_error = NULL
         FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
         WHERE id = ANY(?) AND lease_owner = ANY(?) AND state = 'sending'`,
        [this.table, now, ids, owners],
      );
      return Number(result.rowCount ?? 0);
    }
    return this.db(this.table).whereIn('id', ids).whereIn('lease_owner', owners).andWhere('state', 'sending')
      .update({ state: 'sent', sent_at: now, lease_owner: null, lease_until: null, last_error: null });
  }

  /** A permanent error bounces the row; a temporary one schedules a retry with exponential backoff. */
  async markFailed(row: QueueRow, error: MailDeliveryError, now = Date.now()): Promise<FailureOutcome> {
    const outcome: FailureOutcome = error.permanent ? 'bounced' : row.attempts >= this.settings.maxAttempts ? 'failed' : 'retry';
    const delay = this.settings.retryBaseSeconds * 1000 * 2 ** Math.max(0, row.attempts - 1);
    await this.db(this.table).where({ id: row.id, lease_owner: row.lease_owner, state: 'sending' }).update({
      state: outcome === 'retry' ? 'pending' : outcome,
      next_attempt_at: outcome === 'retry' ? now + delay : 0,
      lease_owner: null, lease_until: null,
      last_error: `${error.responseCode ?? ''} ${error.message}`.trim().slice(0, 1000),
    });
    return outcome;
  }

  /** Earliest time a row of `scope` becomes claimable, or null when nothing is left to do. */
  async nextDue(scope: Record<string, unknown>): Promise<number | null> {
    const row = await this.db(this.table).where(scope).whereIn('state', ['pending', 'sending'])
      .min({ pending: this.db.raw("CASE WHEN state = 'pending' THEN next_attempt_at ELSE lease_until END") }).first();
    const value = row?.pending;
    return value === null || value === undefined ? null : Number(value);
  }
}
