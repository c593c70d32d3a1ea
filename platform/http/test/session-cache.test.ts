import { expect } from 'chai';
import type { Knex } from 'knex';
import { openDatabase } from '@platform/db/connection';
import { WriteSignal } from '@platform/db/write-signal';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../../test/support/test-database';
import { hashSessionId, Session } from '../session';
import { SessionCache } from '../session-cache';
import { SessionStore } from '../session-store';

/** Two processes on one database (SQLite file or PostgreSQL), each with its own pool, signal and session store. */
describe('session cache: a session is read once per process, and never outlives a change made anywhere', function () {
  this.timeout(30_000);
  let database: ThrowawayDatabase;
  let dbA: Knex;
  let dbB: Knex;
  let a: SessionStore;
  let b: SessionStore;
  let signalA: WriteSignal;
  let signalB: WriteSignal;

  const reads = (db: Knex) => {
    const seen: string[] = [];
    const listener = (q: { sql: string }) => {
      if (/^select .* from [`"]http_session[`"]/i.test(q.sql)) seen.push(`${q.sql} ${JSON.stringify((q as { bindings?: unknown }).bindings)}`);
    };
    db.on('query', listener);
    return { count: () => seen.length, seen, stop: () => db.off('query', listener) };
  };
  const until = async (what: string, check: () => boolean) => {
    const deadline = Date.now() + 5000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };

  before(async () => {
    database = await createThrowawayDatabase();
    dbA = openDatabase(database.url);
    dbB = openDatabase(database.url);
    await dbA.schema.createTable('http_session', (t) => {
      t.string('id', 64).primary();
      t.integer('uid');
      t.text('data');
      t.string('create_date', 32);
      t.string('expires_at', 32).notNullable();
    });
    signalA = new WriteSignal(dbA, ['http_session']);
    signalB = new WriteSignal(dbB, ['http_session']);
    a = new SessionStore(dbA, new SessionCache(signalA));
    b = new SessionStore(dbB, new SessionCache(signalB));
    await dbA('http_session').select('id');
    await dbB('http_session').select('id');
    // Both watch the other: SQLite's data_version at hand, PostgreSQL's LISTEN connection up.
    await until('both signals exact', () => signalA.exact() && signalB.exact());
  });
  after(async () => {
    await dbA?.destroy();
    await dbB?.destroy();
    await database?.drop();
  });

  /** Process A's session once it has `uid` (PostgreSQL: the NOTIFY arrives within milliseconds), or as it is after 2 s. */
  const loadedWithUser = async (sid: string, uid: number): Promise<Session> => {
    let loaded = (await a.load(sid))!;
    const deadline = Date.now() + 2000;
    while (loaded.uid !== uid && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5));
      loaded = (await a.load(sid))!;
    }
    return loaded;
  };

  const stored = async (store: SessionStore, uid: number | null, data: Record<string, unknown>) => {
    const s = Session.fresh();
    s.uid = uid;
    for (const [k, v] of Object.entries(data)) s.set(k, v);
    await store.save(s);
    return s.sid;
  };

  it('reads a session once, then answers from memory; a new session is known without a read', async () => {
    const sid = await stored(a, 7, { cart: 1 });
    const r = reads(dbA);
    try {
      for (let i = 0; i < 3; i++) expect((await a.load(sid))!.uid).to.equal(7);
      expect(r.count(), 'reads of the session just stored').to.equal(0);
      const other = await stored(b, 8, {});
      expect((await a.load(other))!.uid).to.equal(8);
      expect((await a.load(other))!.uid).to.equal(8);
      expect(r.count(), 'reads of a session stored by the other process').to.equal(1);
    } finally {
      r.stop();
    }
  });

  it('a session ended by another process is unknown at once to this one (sign-out, revocation)', async () => {
    const sid = await stored(a, 9, { x: 1 });
    expect((await a.load(sid))!.uid).to.equal(9);
    const session = (await b.load(sid))!;
    await b.destroy(session);
    // PostgreSQL: the NOTIFY is delivered to the listener asynchronously, within milliseconds.
    let loaded: Session | null = await a.load(sid);
    const deadline = Date.now() + 2000;
    while (loaded && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5));
      loaded = await a.load(sid);
    }
    expect(loaded).to.equal(null);
  });

  it('a session changed by another process (its user, its data) is read again', async () => {
    const sid = await stored(a, 10, { step: 1 });
    expect((await a.load(sid))!.get('step')).to.equal(1);
    const there = (await b.load(sid))!;
    there.uid = 11;
    there.set('step', 2);
    await b.save(there);
    const loaded = await loadedWithUser(sid, 11);
    expect(loaded.uid).to.equal(11);
    expect(loaded.get('step')).to.equal(2);
  });

  it('a raw write of this process to the sessions (every session of a user, in a transaction) drops the copies', async () => {
    const one = await stored(a, 12, { k: 1 });
    const two = await stored(a, 12, { k: 2 });
    expect((await a.load(one))!.uid).to.equal(12);
    expect((await a.load(two))!.uid).to.equal(12);
    await dbA.transaction(async (trx) => {
      await trx('http_session').where({ uid: 12 }).delete();
    });
    expect(await a.load(one)).to.equal(null);
    expect(await a.load(two)).to.equal(null);
  });

  it('its own change of a session is kept without a read; a session changed by id is dropped alone', async () => {
    const sid = await stored(a, 13, { n: 1 });
    const keep = await stored(a, 14, {});
    const s = (await a.load(sid))!;
    s.set('n', 2);
    await a.save(s);
    const r = reads(dbA);
    try {
      expect((await a.load(sid))!.get('n')).to.equal(2);
      await dbA('http_session').where({ id: hashSessionId(sid) }).update({ data: JSON.stringify({ n: 3 }) });
      expect((await a.load(sid))!.get('n')).to.equal(3);
      expect((await a.load(keep))!.uid).to.equal(14);
      expect(r.count(), `reads: the session changed by a raw write, not the other one: ${r.seen.join(' / ')}`).to.equal(1);
    } finally {
      r.stop();
    }
  });

  it('an upsert of this process over a session it keeps (a new row, as the SQL says, that was not) drops the copies', async () => {
    const sid = await stored(a, 16, { n: 1 });
    expect((await a.load(sid))!.uid).to.equal(16);
    const row = await dbA('http_session').where({ id: hashSessionId(sid) }).first();
    // Its WHERE (none here; a SELECT's or the conflict's elsewhere) names no session: every copy goes.
    await dbA('http_session').insert({ ...row, uid: 17 }).onConflict('id').merge(['uid']);
    expect((await a.load(sid))!.uid).to.equal(17);
  });

  it('another process\'s upsert over a session is heard (PostgreSQL: NOTIFY as the update it is; SQLite: its update counted)', async () => {
    const sid = await stored(a, 21, {});
    await stored(b, 22, {});
    expect((await a.load(sid))!.uid).to.equal(21);
    const row = await dbB('http_session').where({ id: hashSessionId(sid) }).first();
    await dbB('http_session').insert({ ...row, uid: 23 }).onConflict('id').merge(['uid']);
    expect((await loadedWithUser(sid, 23)).uid).to.equal(23);
  });

  it('another process replacing a session (SQLite: INSERT OR REPLACE, its delete counted) is heard', async function () {
    if (/^postgres/.test(database.url)) return this.skip();
    const sid = await stored(a, 18, {});
    // A commit of the other process that changes no count: this one reads the counts once (what its own
    // earlier writes moved is behind it), then keeps the session.
    await stored(b, 20, {});
    expect((await a.load(sid))!.uid).to.equal(18);
    const r = reads(dbA);
    try {
      expect((await a.load(sid))!.uid).to.equal(18);
      expect(r.count(), 'kept').to.equal(0);
    } finally {
      r.stop();
    }
    const row = await dbB('http_session').where({ id: hashSessionId(sid) }).first();
    await dbB.raw('INSERT OR REPLACE INTO http_session (id, uid, data, create_date, expires_at) VALUES (?, ?, ?, ?, ?)', [row.id, 19, row.data, row.create_date, row.expires_at]);
    expect((await a.load(sid))!.uid).to.equal(19);
  });

  it('keeps nothing while other processes cannot be heard (PostgreSQL: LISTEN connection down)', async function () {
    if (signalA.exact() && !/^postgres/.test(database.url)) return this.skip();
    const sid = await stored(a, 15, {});
    await signalA.stop();
    expect(signalA.exact()).to.equal(false);
    const r = reads(dbA);
    try {
      await a.load(sid);
      await a.load(sid);
      expect(r.count()).to.equal(2);
    } finally {
      r.stop();
    }
  });
});
