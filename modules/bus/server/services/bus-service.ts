import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { knexDialect } from '@platform/db';
import { DatabaseToken } from '@platform/core';
import { nowUtc, utcText } from '@platform/orm';
import { BusOptions, RELOAD_CHANNEL, type Notification } from './bus-options';

/** PostgreSQL channel of LISTEN/NOTIFY; the payload is the notifications or, when too big, their ids. */
export const NOTIFY_CHANNEL = 'bus_bus';
/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD = 7800;
/** Items per insert (and per NOTIFY): keeps an id list of a chunk within the payload limit. */
const CHUNK = 400;
/** Most notifications handed out by one poll; the client asks again from the last id it got. */
const FETCH_LIMIT = 1000;
/** Most notifications read at once by a process catching up (LISTEN reconnect, SQLite watcher). */
export const AFTER_LIMIT = 10 * FETCH_LIMIT;
const MAX_CHANNEL_LENGTH = 128;
/** Advisory lock key serialising bus inserts on PostgreSQL (an arbitrary constant: "bus_bus" in ASCII). */
export const PUBLISH_LOCK = 0x6275735f627573;

/**
 * The only way to publish: modules call `send`/`sendMany` (the browser cannot publish). Rows are
 * stored first, then listeners are woken: on PostgreSQL through NOTIFY (sent in the inserting
 * transaction, so only once committed), which every process LISTENs to; on SQLite every process reads
 * the table (SqliteBusWatcher), this one right after its own sends.
 */
@injectable()
export class BusService {
  private readonly postgres: boolean;

  constructor(
    @inject(DatabaseToken) private readonly db: Knex,
    @inject(BusOptions) readonly options: BusOptions,
  ) {
    this.postgres = knexDialect(db) === 'postgres';
  }

  async send(channel: string, message: unknown): Promise<Notification> {
    const [n] = await this.sendMany([[channel, message]]);
    return n;
  }

  /**
   * Stores and wakes. Call it after the writes it announces are committed: a listener may read them
   * the moment it is woken.
   */
  async sendMany(items: Array<[string, unknown]>): Promise<Notification[]> {
    const rows = items.map(([channel, message]) => {
      if (typeof channel !== 'string' || !channel || channel.length > MAX_CHANNEL_LENGTH) throw new Error(`Invalid bus channel '${String(channel)}'`);
      return { channel, message: JSON.stringify(message ?? null), create_date: '' };
    });
    if (!this.postgres) {
      const out: Notification[] = [];
      for (let i = 0; i < rows.length; i += CHUNK) {
        const chunk = rows.slice(i, i + CHUNK).map((r) => ({ ...r, create_date: nowUtc() }));
        const ids = await this.insertRows(this.db, chunk);
        out.push(...ids.map((id, k) => ({ id, channel: items[i + k][0], message: items[i + k][1] ?? null })));
      }
      // This process's listeners hear them now rather than at the watcher's next look.
      await this.stored?.();
      return out;
    }
    const parts: Array<Promise<Notification[]>> = [];
    for (let i = 0; i < rows.length; i += CHUNK) {
      parts.push(new Promise((resolve, reject) => {
        this.queue.push({ rows: rows.slice(i, i + CHUNK), items: items.slice(i, i + CHUNK), resolve, reject });
      }));
    }
    if (!this.flushing) void this.flush();
    return (await Promise.all(parts)).flat();
  }

  private stored?: () => Promise<void>;

  /** SQLite: what to run after this process stored notifications (the watcher, to deliver them at once). */
  onStored(fn: (() => Promise<void>) | undefined): void {
    this.stored = fn;
  }

  private readonly queue: Pending[] = [];
  private flushing = false;

  /**
   * PostgreSQL: sends made while a statement is running are grouped into the next one (group commit),
   * so the number of commits, not of messages, is what the database pays for under load.
   */
  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queue.length) {
        const batch: Pending[] = [];
        let size = 0;
        while (this.queue.length && (batch.length === 0 || size + this.queue[0].rows.length <= CHUNK)) {
          const next = this.queue.shift()!;
          batch.push(next);
          size += next.rows.length;
        }
        try {
          const rows = batch.flatMap((b) => b.rows);
          const ids = await this.insertAndNotify(rows);
          let k = 0;
          for (const b of batch) b.resolve(b.items.map(([channel, message]) => ({ id: ids[k++], channel, message: message ?? null })));
        } catch (err) {
          for (const b of batch) b.reject(err);
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  /** One statement, so one round trip and atomic: the rows and the NOTIFY (sent at commit) go together. */
  private async insertAndNotify(rows: Row[]): Promise<number[]> {
    const now = nowUtc();
    // The payload carries the notifications themselves, or only their ids when that would be too big.
    const estimate = rows.reduce((n, r) => n + Buffer.byteLength(r.channel) + Buffer.byteLength(r.message) + 48, 16);
    const payload = estimate < MAX_PAYLOAD
      ? "(SELECT json_agg(json_build_object('id', id, 'channel', channel, 'message', message::json) ORDER BY id) FROM ins)::text"
      : "json_build_object('ids', (SELECT json_agg(id ORDER BY id) FROM ins))::text";
    const values = rows.map((_, i) => `(?, ?, ?::timestamp, ${i})`).join(', ');
    // Ids must become visible in id order: a poller that read id 11 before id 10 committed (two
    // processes inserting at once) would never see 10. The transaction-scoped advisory lock, taken
    // before the rows (and their ids) are made, makes publishers take ids and commit one at a time.
    const result = await this.db.raw(
      `WITH ins AS (INSERT INTO bus_bus (channel, message, create_date)
                    SELECT v.column1, v.column2, v.column3 FROM (VALUES ${values}) AS v
                    CROSS JOIN (SELECT pg_advisory_xact_lock(?)) AS serialized ORDER BY v.column4
                    RETURNING id, channel, message)
       SELECT ins.id FROM ins CROSS JOIN (SELECT pg_notify(?, ${payload})) AS notified ORDER BY ins.id`,
      [...rows.flatMap((r) => [r.channel, r.message, now]), PUBLISH_LOCK, NOTIFY_CHANNEL],
    );
    // Rows come back in id order, which is the order of the VALUES list (ids are taken in ORDER BY order).
    return (result.rows as Array<{ id: number }>).map((r) => Number(r.id));
  }

  private async insertRows(db: Knex, rows: Row[]): Promise<number[]> {
    const inserted: Array<{ id: number } | number> = await db('bus_bus').insert(rows).returning('id');
    return inserted.map((r) => Number(typeof r === 'object' ? r.id : r));
  }

  /**
   * What a client that saw `last` has not seen yet on `channels`, in id order. `last: 0` means a new
   * client: it gets the last few seconds (`replaySeconds`) only.
   */
  async fetch(channels: string[], last: number): Promise<Notification[]> {
    if (channels.length === 0) return [];
    const q = this.db('bus_bus').whereIn('channel', channels).orderBy('id').limit(FETCH_LIMIT).select('id', 'channel', 'message');
    if (last > 0) q.andWhere('id', '>', last);
    else q.andWhere('create_date', '>=', utcSecondsAgo(this.options.replaySeconds));
    const rows: Array<{ id: number; channel: string; message: string }> = await q;
    return rows.map(decodeRow);
  }

  async fetchIds(ids: number[]): Promise<Notification[]> {
    const rows: Array<{ id: number; channel: string; message: string }> = await this.db('bus_bus').whereIn('id', ids).orderBy('id').select('id', 'channel', 'message');
    return rows.map(decodeRow);
  }

  /** Notifications after `last`, in id order, at most AFTER_LIMIT of them. */
  async fetchAfter(last: number): Promise<Notification[]> {
    const rows: Array<{ id: number; channel: string; message: string }> = await this.db('bus_bus').where('id', '>', last).orderBy('id').limit(AFTER_LIMIT).select('id', 'channel', 'message');
    return rows.map(decodeRow);
  }

  /** The highest id stored, or the highest of those stored before `before` (a UTC timestamp text). */
  async lastId(before?: string): Promise<number> {
    const q = this.db('bus_bus').max({ m: 'id' });
    if (before) q.where('create_date', '<', before);
    const row = await q.first();
    return Number(row?.m ?? 0);
  }

  /**
   * When `last` is older than what was collected, the client may have missed notifications: it gets
   * one marker instead, carrying the id to resume from after reloading its state.
   */
  async tooOld(last: number): Promise<Notification | null> {
    if (last <= 0) return null;
    const row = await this.db('bus_retention').where({ id: 1 }).first('collected_id');
    const collected = Number(row?.collected_id ?? 0);
    if (last >= collected) return null;
    const resumeFrom = Math.max(await this.lastId(), collected);
    return { id: resumeFrom, channel: RELOAD_CHANNEL, message: { type: 'bus.too_old', last, collected } };
  }

  /** Deletes notifications older than the retention window and remembers the highest id deleted. */
  async collectGarbage(): Promise<number> {
    const cutoff = utcSecondsAgo(this.options.retentionSeconds);
    const row = await this.db('bus_bus').where('create_date', '<', cutoff).max({ m: 'id' }).first();
    const upTo = Number(row?.m ?? 0);
    if (!upTo) return 0;
    return this.db.transaction(async (trx) => {
      const deleted = await trx('bus_bus').where('id', '<=', upTo).delete();
      await trx('bus_retention').where({ id: 1 }).andWhere('collected_id', '<', upTo).update({ collected_id: upTo });
      return deleted;
    });
  }

  get usesNotify(): boolean {
    return this.postgres;
  }
}

interface Row {
  channel: string;
  message: string;
  create_date: string;
}

interface Pending {
  rows: Row[];
  items: Array<[string, unknown]>;
  resolve(n: Notification[]): void;
  reject(err: unknown): void;
}

function decodeRow(r: { id: number; channel: string; message: string }): Notification {
  return { id: Number(r.id), channel: r.channel, message: JSON.parse(r.message) };
}

export function utcSecondsAgo(seconds: number): string {
  return utcText(Date.now() - seconds * 1000);
}
