import { expect } from 'chai';
import type { Knex } from 'knex';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../../test/support/test-database';
import { knexDialect, openDatabase } from '../connection';
import { REACH_UNKNOWN, TableWrites, type TableWrite } from '../table-writes';
import { WriteSignal } from '../write-signal';
import { until } from '../../../test/support/until';

/**
 * The writes to watched tables, statement by statement, with the end of the transactions that wrote
 * them: what the exact per-process copies (sessions, forum threads, carts) drop their rows by. On the
 * test database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 */
describe('db: table writes seen statement by statement', () => {
  let database: ThrowawayDatabase;
  let db: Knex;
  let signal: WriteSignal;
  const seen: string[] = [];

  before(async () => {
    database = await createThrowawayDatabase();
    db = openDatabase(database.url);
    for (const name of ['watched', 'other']) {
      await db.schema.createTable(name, (t) => {
        t.increments('id');
        t.string('name');
      });
    }
    signal = new WriteSignal(db);
    const label = (w: TableWrite) => `${w.verb} ${w.table}${w.transaction !== undefined ? ' (in a transaction)' : ''}`;
    signal.watchWrites(['watched'], {
      started: (w) => seen.push(`start ${label(w)}`),
      ended: (w) => seen.push(`end ${label(w)} [${w.bindings.join(',')}]`),
      transactionEnded: () => seen.push('transaction over'),
    });
  });
  after(async () => {
    await signal.stop();
    await db.destroy();
    await database.drop();
  });
  beforeEach(() => void (seen.length = 0));

  it('reports each write to a watched table as it starts and ends, with its statement and values; other tables are not reported', async () => {
    await db('watched').insert({ name: 'a' });
    await db('other').insert({ name: 'b' });
    await db('watched').where({ id: 1 }).update({ name: 'c' });
    await db('watched').select('*');
    await db('watched').where({ id: 1 }).delete();
    expect(seen).to.deep.equal([
      'start insert watched', 'end insert watched [a]',
      'start update watched', 'end update watched [c,1]',
      'start delete watched', 'end delete watched [1]',
    ]);
  });

  it('an upsert that updated a row is told as an update, a replace as a delete, both as not naming their rows', async () => {
    const upserts: TableWrite[] = [];
    signal.watchWrites(['watched'], { ended: (w) => void upserts.push(w) });
    const [{ id }] = await db('watched').insert({ name: 'first' }).returning('id');
    await db('watched').insert({ id, name: 'second' }).onConflict('id').merge();
    expect(await db('watched').where({ id }).first('name')).to.deep.equal({ name: 'second' });
    const sqlite = knexDialect(db) === 'sqlite';
    if (sqlite) {
      await db.raw('INSERT OR REPLACE INTO watched (id, name) VALUES (?, ?)', [id, 'third']);
      expect(await db('watched').where({ id }).first('name')).to.deep.equal({ name: 'third' });
    }
    const told = upserts.slice(1).map((w) => `${w.verb}${w.upsert ? ' (upsert)' : ''}`);
    expect(told).to.deep.equal(sqlite ? ['update (upsert)', 'delete (upsert)'] : ['update (upsert)']);
    expect(upserts[0].upsert, 'a plain insert').to.equal(undefined);
  });

  it('names the transaction of a write, and tells when that transaction is over (committed or rolled back)', async () => {
    await db.transaction(async (trx) => {
      await trx('other').insert({ name: 'x' });
      await trx('watched').insert({ name: 'y' });
      expect(seen.at(-1), 'not over before the commit').to.equal('end insert watched (in a transaction) [y]');
    });
    expect(seen.at(-1)).to.equal('transaction over');
    seen.length = 0;
    await db.transaction(async (trx) => {
      await trx('watched').insert({ name: 'z' });
      throw new Error('undone');
    }).catch(() => undefined);
    expect(seen.at(-1)).to.equal('transaction over');
    seen.length = 0;
    // A transaction that wrote no watched table is not reported.
    await db.transaction(async (trx) => trx('other').insert({ name: 'w' }));
    expect(seen).to.deep.equal([]);
  });

  it('tells the watchers of a table the deletes of another table whose foreign keys reach it, and the updates of a referenced key, as cascades', async () => {
    await db.schema.createTable('forum', (t) => {
      t.increments('id');
      t.string('name');
    });
    await db.schema.createTable('post', (t) => {
      t.increments('id');
      t.integer('forum_id').references('id').inTable('forum').onDelete('CASCADE');
    });
    await db.schema.createTable('vote', (t) => {
      t.increments('id');
      t.integer('post_id').references('id').inTable('post').onDelete('SET NULL');
    });
    await db.schema.createTable('tag', (t) => {
      t.string('code').primary();
    });
    await db.schema.createTable('tag_rel', (t) => {
      t.increments('id');
      t.string('tag_code').references('code').inTable('tag').onUpdate('CASCADE');
    });
    // A signal started now reads the foreign keys (a kernel's starts after its migrations).
    const fresh = new WriteSignal(db);
    const heard: string[] = [];
    fresh.watchWrites(['vote', 'tag_rel'], {
      started: (w) => heard.push(`start ${w.verb} ${w.table} from ${w.cascadedFrom ?? '-'}`),
      ended: (w) => heard.push(`end ${w.verb} ${w.table} from ${w.cascadedFrom ?? '-'}${w.transaction !== undefined ? ' (in a transaction)' : ''}`),
      transactionEnded: () => heard.push('transaction over'),
    });
    await fresh.settled();
    await until(() => fresh.exact(), 5000, 'the signal watching the database');
    const [forum] = await db('forum').insert({ name: 'f' }).returning('id');
    const [post] = await db('post').insert({ forum_id: forum.id }).returning('id');
    await db('vote').insert({ post_id: post.id });
    await db('tag').insert({ code: 'a' });
    // Inserts reach no other table; the vote's own insert is told as such.
    expect(heard).to.deep.equal(['start insert vote from -', 'end insert vote from -']);
    heard.length = 0;
    // An update by id of other columns changes no child row: nothing for the votes' watchers.
    await db('forum').where({ id: forum.id }).update({ name: 'g' });
    expect(heard).to.deep.equal([]);
    // Transitively: forum -> post (cascade) -> vote (set null), in a transaction too.
    await db.transaction(async (trx) => trx('forum').where({ id: forum.id }).delete());
    expect(heard).to.deep.equal(['start delete vote from forum', 'end delete vote from forum (in a transaction)', 'transaction over']);
    expect((await db('vote').select('post_id'))[0].post_id, 'the cascade happened').to.equal(null);
    heard.length = 0;
    // A referenced key changed: ON UPDATE CASCADE.
    await db('tag').where({ code: 'a' }).update({ code: 'b' });
    expect(heard).to.deep.equal(['start update tag_rel from tag', 'end update tag_rel from tag']);
    await fresh.stop();
  });

  it('before the foreign keys are read, an update or a delete of any table is told to every watcher as a cascade', async () => {
    const unknown = new TableWrites(db, () => REACH_UNKNOWN);
    const heard: string[] = [];
    unknown.watch(['watched'], { ended: (w) => heard.push(`${w.verb} ${w.table} from ${w.cascadedFrom ?? '-'}`) });
    await db('other').insert({ name: 'i' });
    await db('other').update({ name: 'u' });
    await db('other').delete();
    expect(heard).to.deep.equal(['update watched from other', 'delete watched from other']);
  });

  it('an in-memory SQLite database reads its foreign keys too', async function () {
    if (database.url.startsWith('postgres')) this.skip();
    const memory = openDatabase('sqlite::memory:');
    try {
      await memory.schema.createTable('parent', (t) => { t.increments('id'); });
      await memory.schema.createTable('child', (t) => { t.increments('id'); t.integer('parent_id').references('id').inTable('parent').onDelete('CASCADE'); });
      const signal = new WriteSignal(memory);
      const heard: string[] = [];
      signal.watchWrites(['child'], { ended: (w) => heard.push(`${w.verb} ${w.table} from ${w.cascadedFrom ?? '-'}`) });
      await signal.settled();
      const [parent] = await memory('parent').insert({}).returning('id');
      await memory('child').insert({ parent_id: parent.id });
      await memory('parent').update({ id: parent.id }).where({ id: parent.id }); // no ON UPDATE action: reaches nothing
      await memory('parent').delete();
      expect(heard).to.deep.equal(['insert child from -', 'delete child from parent']);
    } finally {
      await memory.destroy();
    }
  });
});
