import { expect } from 'chai';
import knexFactory, { type Knex } from 'knex';
import { loadConfig } from '@platform/core/config';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../../test/support/test-database';
import { openDatabase } from '../connection';
import { pgClientNamingStatements } from '../pg-prepared-statements';

const onPostgres = /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? '');

/** This connection's named statements (the query asking is left out), by name. */
async function prepared(db: Knex | Knex.Transaction): Promise<Map<string, string>> {
  // Opened by a comment: never named itself (it would take a place in the bound).
  const r = await db.raw("/* asking */ SELECT name, statement FROM pg_prepared_statements WHERE statement NOT LIKE '%pg_prepared_statements%'");
  return new Map(r.rows.map((row: { name: string; statement: string }) => [row.name, row.statement]));
}

describe('db: named prepared statements on PostgreSQL', function () {
  this.timeout(30_000);
  let database: ThrowawayDatabase;
  /** One connection, so what it has prepared can be asked on it. */
  let db: Knex;

  before(async function () {
    if (!onPostgres) return this.skip();
    database = await createThrowawayDatabase();
    db = knexFactory({ client: pgClientNamingStatements(3), connection: database.url, pool: { min: 1, max: 1 } });
    await db.raw('CREATE TABLE pet (id serial PRIMARY KEY, name text NOT NULL, legs int NOT NULL)');
    await db('pet').insert([{ name: 'cat', legs: 4 }, { name: 'hen', legs: 2 }, { name: 'eel', legs: 0 }]);
  });
  after(async () => {
    await db?.destroy();
    await database?.drop();
  });
  beforeEach(async function () {
    if (!onPostgres) return this.skip();
    // A fresh connection, nothing named on it.
    await db.destroy();
    db = knexFactory({ client: pgClientNamingStatements(3), connection: database.url, pool: { min: 1, max: 1 } });
  });

  it('names a statement the second time it runs on a connection; another text gets another name', async () => {
    const byId = (id: number) => db('pet').where('id', id).first('name');
    const byLegs = (legs: number) => db('pet').where('legs', '>=', legs).orderBy('id').pluck('name');
    expect((await byId(1))?.name).to.equal('cat');
    expect(await prepared(db), 'run once: not named').to.have.property('size', 0);
    // Interleaved, with other values each time: each answers its own rows.
    expect((await byId(2))?.name).to.equal('hen');
    expect(await byLegs(2)).to.deep.equal(['cat', 'hen']);
    expect(await byLegs(4)).to.deep.equal(['cat']);
    expect((await byId(3))?.name).to.equal('eel');
    expect(await byLegs(0)).to.deep.equal(['cat', 'hen', 'eel']);
    const names = await prepared(db);
    expect(names.size).to.equal(2);
    const texts = [...names.values()];
    expect(texts.some((t) => /"id" = \$1/.test(t))).to.equal(true);
    expect(texts.some((t) => /"legs" >= \$1/.test(t))).to.equal(true);
    // Utility statements and several commands in one text are never named.
    await db.raw('SHOW statement_timeout');
    await db.raw('SHOW statement_timeout');
    await db.raw('SELECT 1; SELECT 2');
    await db.raw('SELECT 1; SELECT 2');
    expect((await prepared(db)).size).to.equal(2);
  });

  it('keeps at most its bound per connection: the least recently used is deallocated, and named again when it comes back', async () => {
    const texts = ['SELECT 1 AS n', 'SELECT 2 AS n', 'SELECT 3 AS n', 'SELECT 4 AS n', 'SELECT 5 AS n'];
    for (const sql of texts) for (let i = 0; i < 2; i++) expect((await db.raw(sql)).rows[0].n).to.equal(Number(sql.slice(7, 8)));
    let left = [...(await prepared(db)).values()];
    expect(left.sort()).to.deep.equal(['SELECT 3 AS n', 'SELECT 4 AS n', 'SELECT 5 AS n']);
    for (let i = 0; i < 2; i++) expect((await db.raw(texts[0])).rows[0].n).to.equal(1);
    left = [...(await prepared(db)).values()];
    expect(left.sort()).to.deep.equal(['SELECT 1 AS n', 'SELECT 4 AS n', 'SELECT 5 AS n']);
    expect(new Set((await prepared(db)).keys()).size, 'distinct names').to.equal(3);
  });

  it('deallocates between statements: nothing is sent while the connection runs a statement', async () => {
    // The pool's one connection, its query() watched: node-postgres queues a call made while another
    // runs, and warns that pg 9 will not.
    type Watched = { query: (...args: unknown[]) => unknown; _queryQueue: unknown[]; _activeQuery: unknown };
    const client = db.client as { acquireConnection(): Promise<Watched>; releaseConnection(c: Watched): Promise<void> };
    const connection = await client.acquireConnection();
    await client.releaseConnection(connection);
    const sentWhileBusy: string[] = [];
    const sent: string[] = [];
    const query = connection.query;
    connection.query = function watched(this: Watched, ...args: unknown[]) {
      const text = String(typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text);
      sent.push(text);
      if (this._queryQueue.length > 0 || this._activeQuery) sentWhileBusy.push(text);
      return query.apply(this, args);
    };
    const texts = ['SELECT 1 AS n', 'SELECT 2 AS n', 'SELECT 3 AS n', 'SELECT 4 AS n', 'SELECT 5 AS n'];
    for (const sql of texts) for (let i = 0; i < 2; i++) expect((await db.raw(sql)).rows[0].n).to.equal(Number(sql.slice(7, 8)));
    expect(sent.filter((t) => t.startsWith('DEALLOCATE')), 'two names evicted').to.have.length(2);
    expect(sentWhileBusy).to.deep.equal([]);
    expect([...(await prepared(db)).values()].sort()).to.deep.equal(['SELECT 3 AS n', 'SELECT 4 AS n', 'SELECT 5 AS n']);
    // A schema change forgets every name: DEALLOCATE ALL, before the change and not during it.
    await db.raw('ALTER TABLE pet ADD COLUMN sound text');
    await db.raw('ALTER TABLE pet DROP COLUMN sound');
    expect(sent).to.include('DEALLOCATE ALL');
    expect(sentWhileBusy).to.deep.equal([]);
    expect((await prepared(db)).size).to.equal(0);
  });

  it('a name whose statement never parsed is not deallocated: a transaction evicting it goes on', async () => {
    // Named on its second run, which fails to parse like the first: the server never had it.
    for (let i = 0; i < 2; i++) await db.raw('SELECT no_such_column FROM pet').catch(() => undefined);
    const answers = await db.transaction(async (trx) => {
      const out: number[] = [];
      // Three more names on a bound of 3: the unparsed one is evicted inside the transaction.
      for (const n of [1, 2, 3]) for (let i = 0; i < 2; i++) out.push((await trx.raw(`SELECT ${n} AS n`)).rows[0].n);
      return out;
    });
    expect(answers).to.deep.equal([1, 1, 2, 2, 3, 3]);
  });

  it('never names a statement returning `*`; a schema change on the connection forgets its names', async () => {
    for (let i = 0; i < 3; i++) await db.raw('SELECT * FROM pet ORDER BY id');
    for (let i = 0; i < 3; i++) await db('pet').where('id', 1).first();
    for (let i = 0; i < 3; i++) await db('pet').count({ n: '*' });
    expect([...(await prepared(db)).values()]).to.deep.equal(['select count(*) as "n" from "pet"']);
    await db.raw('ALTER TABLE pet ADD COLUMN sound text');
    expect((await prepared(db)).size, 'forgotten with the migration').to.equal(0);
    expect((await db('pet').where('id', 1).first())).to.have.property('sound', null);
    await db.raw('ALTER TABLE pet DROP COLUMN sound');
  });

  it('a column changed by another connection: run again unnamed; in a transaction the error reaches its caller once', async () => {
    const other = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 1 } });
    const legsOf = (id: number, q: Knex | Knex.Transaction = db) => q('pet').where('id', id).first('legs');
    try {
      await legsOf(1);
      await legsOf(1);
      expect((await prepared(db)).size).to.equal(1);
      await other.raw('ALTER TABLE pet ALTER COLUMN legs TYPE bigint');
      expect((await legsOf(2))?.legs).to.equal(2);
      await legsOf(1);
      await legsOf(1);
      await other.raw('ALTER TABLE pet ALTER COLUMN legs TYPE int');
      let failed: { code?: string } | undefined;
      await db.transaction(async (trx) => {
        await legsOf(1, trx);
      }).catch((err: { code?: string }) => {
        failed = err;
      });
      expect(failed?.code).to.equal('0A000');
      // Its names are forgotten on the server too, once the failed transaction is over (in it, DEALLOCATE fails as well).
      expect((await prepared(db)).size, 'deallocated after the rollback').to.equal(0);
      expect((await db.transaction((trx) => legsOf(3, trx)))?.legs).to.equal(0);
    } finally {
      await other.destroy();
    }
  });

  it('PG_PREPARED_STATEMENTS=0 names nothing', async () => {
    expect(loadConfig({}).pgPreparedStatements).to.equal(true);
    expect(loadConfig({ PG_PREPARED_STATEMENTS: '0' }).pgPreparedStatements).to.equal(false);
    const off = openDatabase(database.url, { preparedStatements: false });
    const on = openDatabase(database.url);
    try {
      for (const [knex, expected] of [[off, 0], [on, 1]] as const) {
        await knex.transaction(async (trx) => {
          for (let i = 0; i < 3; i++) await trx('pet').where('legs', i).select('name');
          expect((await prepared(trx)).size).to.equal(expected);
        });
      }
    } finally {
      await off.destroy();
      await on.destroy();
    }
  });
});
