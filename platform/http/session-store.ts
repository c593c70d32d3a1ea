import type { Knex } from 'knex';
import { nowUtc, utcText } from '@platform/orm/sql-values';
import { hashSessionId, newSessionId, Session } from './session';
import type { SessionCache, SessionRow } from './session-cache';

const TABLE = 'http_session';
/** Sessions live 7 days after their last use; the expiry is pushed forward at most once an hour. */
const LIFETIME_MS = 7 * 24 * 3600 * 1000;
const TOUCH_EVERY_MS = 3600 * 1000;

export class SessionStore {
  /** `cache`: this process's exact copy of the sessions it read (none: every load reads). */
  constructor(private readonly db: Knex, private readonly cache?: SessionCache) {}

  async load(sid: string): Promise<Session | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(sid)) return null;
    const id = hashSessionId(sid);
    let row: SessionRow | undefined = this.cache?.get(id);
    if (!row) {
      const version = this.cache?.current() ?? 0;
      row = (await this.db(TABLE).where({ id }).first('id', 'uid', 'data', 'expires_at')) as SessionRow | undefined;
      if (!row) return null;
      this.cache?.put(row, version);
    }
    const expires = Date.parse(String(row.expires_at).replace(' ', 'T') + 'Z');
    if (expires < Date.now()) {
      await this.db(TABLE).where({ id: row.id }).delete();
      return null;
    }
    const touched = expires - LIFETIME_MS;
    return new Session(sid, row.uid ?? null, JSON.parse(row.data || '{}'), false, touched);
  }

  async save(session: Session): Promise<void> {
    const now = Date.now();
    const needsTouch = now - session.touchedAt > TOUCH_EVERY_MS;
    if (!session.isNew && !session.dirty && !needsTouch) return;
    const row = {
      id: hashSessionId(session.sid),
      uid: session.uid,
      data: JSON.stringify(session.data),
      expires_at: expiry(now),
    };
    if (session.isNew) {
      const version = this.cache?.current() ?? 0;
      await this.db(TABLE).insert({ ...row, create_date: nowUtc() });
      // Nobody else knows this new id yet: what was just written is the session.
      this.cache?.put(row, version);
    } else {
      const version = this.cache?.current() ?? 0;
      const updated = await this.db(TABLE).where({ id: row.id }).update(row);
      // Kept only if the row is still there (ended elsewhere meanwhile: nothing to keep).
      if (updated === 1) this.cache?.putWritten(row, version);
    }
    session.isNew = false;
    session.dirty = false;
    session.touchedAt = now;
  }

  /** Gives the session a new id (at login), so an id planted before login is worthless after it. */
  /** The user of each of these sessions that still exists (null: a visitor's); ended ones are absent. */
  async usersOf(sids: string[]): Promise<Map<string, number | null>> {
    const bySid = new Map(sids.map((sid) => [hashSessionId(sid), sid]));
    const rows: Array<{ id: string; uid: number | null }> = await this.db(TABLE).whereIn('id', [...bySid.keys()]).select('id', 'uid');
    return new Map(rows.map((r) => [bySid.get(r.id)!, r.uid === null ? null : Number(r.uid)]));
  }

  async rotate(session: Session): Promise<void> {
    if (!session.isNew) await this.db(TABLE).where({ id: hashSessionId(session.sid) }).delete();
    session.sid = newSessionId();
    session.isNew = true;
    session.dirty = true;
  }

  /** Ends every session of a user but `keep` (after a change of password: other devices sign in again). */
  async destroyOthers(uid: number, keep: Session): Promise<number> {
    return this.db(TABLE).where({ uid }).whereNot({ id: hashSessionId(keep.sid) }).delete();
  }

  async destroy(session: Session): Promise<void> {
    await this.db(TABLE).where({ id: hashSessionId(session.sid) }).delete();
  }

  async collectExpired(): Promise<number> {
    return this.db(TABLE).where('expires_at', '<', nowUtc()).delete();
  }
}

function expiry(now: number): string {
  return utcText(now + LIFETIME_MS);
}
