import { expect } from 'chai';
import type { Knex } from 'knex';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../../test/support/test-database';
import { openDatabase } from '../connection';

/** A raw better-sqlite3 connection (the package has no types here): as another process would hold the file. */
interface RawConnection {
  exec(sql: string): unknown;
  prepare(sql: string): { run(...params: unknown[]): unknown };
  close(): void;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- untyped package
const Database = require('better-sqlite3') as new (file: string) => RawConnection;

/**
 * Another process's write lock on the SQLite file (here: a second connection of this process, which
 * only a timer of this event loop can release) is waited for without holding the event loop.
 */
describe('db: SQLite waits for another connection\'s write lock without holding the event loop', function () {
  this.timeout(20_000);
  let database: ThrowawayDatabase;
  let db: Knex;
  let other: RawConnection;

  before(async function () {
    if (/^postgres/.test(process.env.TEST_DATABASE_URL ?? '')) return this.skip();
    database = await createThrowawayDatabase();
    db = openDatabase(database.url);
    await db.schema.createTable('note', (t) => {
      t.increments('id');
      t.string('text');
    });
    other = new Database(database.url.replace(/^sqlite:(\/\/)?/, ''));
  });
  after(async () => {
    other?.close();
    await db?.destroy();
    await database?.drop();
  });

  /** Holds the write lock on the other connection, and releases it from a timer after `ms`; when it was released. */
  const holdLock = (ms: number) => {
    other.exec('BEGIN IMMEDIATE');
    other.prepare('INSERT INTO note (text) VALUES (?)').run('from the other');
    return new Promise<number>((resolve) => setTimeout(() => {
      other.exec('COMMIT');
      resolve(Date.now());
    }, ms));
  };

  it('a write outside a transaction waits for the lock, and runs once it is free', async () => {
    const released = holdLock(150);
    const started = Date.now();
    await db('note').insert({ text: 'mine' });
    const done = Date.now();
    expect(done, 'ran after the release').to.be.at.least(await released);
    expect(done - started).to.be.below(5000);
    expect(await db('note').orderBy('id').pluck('text')).to.deep.equal(['from the other', 'mine']);
  });

  it('a transaction waits at its BEGIN IMMEDIATE; the loop goes on meanwhile (its timers run on time)', async () => {
    const released = holdLock(150);
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 10);
    try {
      await db.transaction(async (trx) => {
        await trx('note').insert({ text: 'in a transaction' });
      });
    } finally {
      clearInterval(ticking);
    }
    expect(Date.now()).to.be.at.least(await released);
    // About 15 in 150 ms; a loop held by the wait would have run none.
    expect(ticks).to.be.at.least(5);
    expect(await db('note').where({ text: 'in a transaction' }).count({ n: '*' })).to.deep.equal([{ n: 1 }]);
  });

  it('the first such statement of a new connection waits the same way', async () => {
    const fresh = openDatabase(database.url);
    try {
      await fresh.raw('SELECT 1'); // connected; nothing has taken the write lock on it yet
      const released = holdLock(150);
      let ticks = 0;
      const ticking = setInterval(() => ticks++, 10);
      try {
        await fresh('note').insert({ text: 'first write of a connection' });
      } finally {
        clearInterval(ticking);
      }
      expect(Date.now()).to.be.at.least(await released);
      expect(ticks).to.be.at.least(5);
    } finally {
      await fresh.destroy();
    }
  });
});
