import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { openDatabase } from '../connection';
import { WriteSignal } from '../write-signal';
import { TABLE_WRITES } from '../sqlite-write-counts';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../../test/support/test-database';
import { until } from '../../../test/support/until';

/** better-sqlite3 itself (untyped here), as a writer that is not the platform uses it. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database = require('better-sqlite3') as new (file: string) => { prepare(sql: string): { run(): unknown }; close(): void };

/**
 * Another process's commits, table by table (SQLite): what a commit elsewhere wrote decides what this
 * process drops, as its own writes do. Two pools on one file stand for two processes; a plain
 * better-sqlite3 connection for a writer that is not the platform (the sqlite3 shell).
 */
describe('write signal: changes made by other processes, table by table (SQLite)', () => {
  let dir: string;
  let url: string;
  let mine: Knex;
  let theirs: Knex;
  let signal: WriteSignal;
  let heard: Array<{ table: string | null; elsewhere: boolean }>;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'write-signal-'));
    url = `sqlite:${path.join(dir, 'site.sqlite')}`;
    mine = openDatabase(url);
    theirs = openDatabase(url);
    for (const table of ['page', 'menu', 'session', 'click']) await mine.schema.createTable(table, (t) => { t.increments('id'); t.string('v'); });
    // Theirs declares what a process with every module would: clicks unseen, sessions unseen but announced.
    const other = new WriteSignal(theirs, ['session', 'click']);
    other.announce('session');
    await other.settled();
    signal = new WriteSignal(mine, ['session', 'click']);
    signal.announce('session');
    await signal.settled();
    heard = [];
    signal.watch(['page'], (table, elsewhere) => heard.push({ table, elsewhere }));
    signal.watch(['session'], (table, elsewhere) => heard.push({ table: `session:${table}`, elsewhere }));
    signal.generation();
  });
  afterEach(async () => {
    await mine.destroy();
    await theirs.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a commit elsewhere that wrote only unseen tables leaves the caches of pages alone', async () => {
    const before = signal.generation();
    await theirs('click').insert({ v: 'x' });
    await theirs('session').insert({ v: 's' }); // inserts of an announced table are not told either
    expect(signal.generation()).to.equal(before);
    expect(heard).to.deep.equal([]);
  });

  it('a commit elsewhere to a table pages show moves the generation and is told to that table’s watchers only', async () => {
    const before = signal.generation();
    await theirs('menu').insert({ v: 'm' });
    expect(signal.generation(), 'after a menu write').to.not.equal(before);
    expect(heard, 'the page watcher hears nothing of the menu').to.deep.equal([]);
    const afterMenu = signal.generation();
    await theirs('page').insert({ v: 'p' });
    expect(signal.generation()).to.not.equal(afterMenu);
    expect(heard).to.deep.equal([{ table: 'page', elsewhere: true }]);
  });

  it('an update or delete elsewhere of an announced unseen table is told to its watchers, the pages left alone', async () => {
    await mine('session').insert({ v: 'a' });
    heard = [];
    const before = signal.generation();
    await theirs('session').update({ v: 'b' });
    expect(signal.generation()).to.equal(before);
    expect(heard).to.deep.equal([{ table: 'session:session', elsewhere: true }]);
    heard = [];
    await theirs('session').delete();
    signal.generation();
    expect(heard).to.deep.equal([{ table: 'session:session', elsewhere: true }]);
  });

  it('a writer that is not the platform is counted too (the triggers are in the file)', async () => {
    const shell = new Database(path.join(dir, 'site.sqlite'));
    try {
      const before = signal.generation();
      shell.prepare(`INSERT INTO page (v) VALUES ('by hand')`).run();
      // data_version is read once per turn of the event loop (a commit of this process's own code is seen at once).
      await new Promise((resolve) => setImmediate(resolve));
      expect(signal.generation()).to.not.equal(before);
      expect(heard).to.deep.equal([{ table: 'page', elsewhere: true }]);
    } finally {
      shell.close();
    }
  });

  it('a schema change elsewhere is taken as everything, then the new table is followed by its own triggers', async () => {
    const before = signal.generation();
    await theirs.schema.createTable('news', (t) => t.increments('id'));
    signal.generation();
    expect(heard, 'everything, tables unknown').to.deep.equal([{ table: null, elsewhere: true }, { table: 'session:null', elsewhere: true }]);
    expect(signal.generation()).to.not.equal(before);
    await signal.settled();
    const triggers = await mine('sqlite_master').where({ type: 'trigger', tbl_name: 'news' }).pluck('name');
    expect(triggers).to.have.members(['platform_w_i_news', 'platform_w_u_news', 'platform_w_d_news']);
    heard = [];
    const settledAt = signal.generation();
    await theirs('news').insert({});
    expect(signal.generation(), 'a write to the new table').to.not.equal(settledAt);
    expect(heard, 'told to the watchers of every table, not as everything').to.deep.equal([]);
  });

  it('the triggers follow the declarations of every process: unseen tables have none, announced ones count changes only', async () => {
    const triggers = async (table: string) => (await mine('sqlite_master').where({ type: 'trigger', tbl_name: table }).pluck('name')).sort();
    expect(await triggers('page')).to.deep.equal(['platform_w_d_page', 'platform_w_i_page', 'platform_w_u_page']);
    expect(await triggers('click')).to.deep.equal([]);
    expect(await triggers('session')).to.deep.equal(['platform_w_d_session', 'platform_w_u_session']);
    // A process that loads fewer modules (it does not know `click` is unseen) keeps to the flags all wrote.
    const fewer = openDatabase(url);
    try {
      await new WriteSignal(fewer, []).settled();
      expect(await triggers('click')).to.deep.equal([]);
      const flags = await mine(TABLE_WRITES).where({ name: 'click' }).first('unseen', 'announced');
      expect(flags).to.deep.equal({ unseen: 1, announced: 0 });
    } finally {
      await fewer.destroy();
    }
  });

  it('a transaction of this process that reads the counts and rolls back hides no later commit elsewhere', async () => {
    await theirs('page').insert({ v: '1' });
    await new Promise((resolve) => setImmediate(resolve));
    await mine.transaction(async (trx) => {
      await trx('menu').insert({ v: 'not kept' }); // its triggers count it, uncommitted
      signal.generation(); // a cache asks meanwhile
      throw new Error('undone');
    }).catch(() => undefined);
    heard = [];
    await theirs('page').update({ v: 'unpublished' });
    signal.generation();
    expect(heard).to.deep.equal([{ table: 'page', elsewhere: true }]);
  });

  it('a table renamed elsewhere and made again under its old name is followed under that name', async () => {
    await theirs.schema.renameTable('page', 'page_old');
    await theirs.schema.createTable('page', (t) => { t.increments('id'); t.string('v'); });
    signal.generation(); // the schema changed: everything, and the triggers are checked again
    await signal.settled();
    const on = await mine('sqlite_master').where({ type: 'trigger', name: 'platform_w_i_page' }).first('tbl_name');
    expect(on).to.deep.equal({ tbl_name: 'page' });
    heard = [];
    await theirs('page').insert({ v: 'new' });
    signal.generation();
    expect(heard).to.deep.equal([{ table: 'page', elsewhere: true }]);
  });
});

const onPostgres = /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? '');

/** The same on PostgreSQL: each write elsewhere is announced by a NOTIFY naming its table. */
describe('write signal: changes made by other processes, table by table (PostgreSQL)', function () {
  this.timeout(30_000);
  let database: ThrowawayDatabase;
  let mine: Knex;
  let theirs: Knex;
  let signal: WriteSignal;
  let heard: Array<{ table: string | null; elsewhere: boolean }>;

  before(async function () {
    if (!onPostgres) return this.skip();
    database = await createThrowawayDatabase();
    mine = openDatabase(database.url);
    theirs = openDatabase(database.url);
    for (const table of ['page', 'menu', 'session', 'click']) await mine.schema.createTable(table, (t) => { t.increments('id'); t.string('v'); });
    new WriteSignal(theirs, ['session', 'click']).announce('session');
    signal = new WriteSignal(mine, ['session', 'click']);
    signal.announce('session');
    signal.watch(['page'], (table, elsewhere) => heard.push({ table, elsewhere }));
    signal.watch(['session'], (table, elsewhere) => heard.push({ table: `session:${table}`, elsewhere }));
    await until(() => signal.exact()); // listening
  });
  after(async () => {
    await mine?.destroy();
    await theirs?.destroy();
    await database?.drop();
  });
  beforeEach(() => {
    heard = [];
  });

  it('only the tables written elsewhere are told; unseen ones move nothing, announced ones their watchers only', async () => {
    const before = signal.generation();
    await theirs('click').insert({ v: 'x' });
    await theirs('session').insert({ v: 's' });
    await theirs('session').update({ v: 't' });
    // Notifications arrive in commit order: once the page's has come, the others' have too.
    await theirs('page').insert({ v: 'p' });
    await until(() => heard.some((h) => h.table === 'page'));
    expect(heard).to.deep.equal([{ table: 'session:session', elsewhere: true }, { table: 'page', elsewhere: true }]);
    expect(signal.generation()).to.equal(before + 1);
    heard = [];
    await theirs.transaction(async (trx) => {
      await trx('menu').insert({ v: 'm' });
      await trx('page').update({ v: 'q' });
    });
    await until(() => heard.length > 0);
    expect(heard).to.deep.equal([{ table: 'page', elsewhere: true }]);
    await until(() => signal.generation() === before + 3);
  });

  it('a delete elsewhere is told to the tables its foreign keys cascade to', async () => {
    await mine.schema.createTable('forum', (t) => { t.increments('id'); });
    await mine.schema.createTable('post', (t) => { t.increments('id'); t.integer('forum_id').references('id').inTable('forum').onDelete('CASCADE'); });
    // A signal started now reads the foreign keys (a kernel's starts after its migrations).
    const fresh = new WriteSignal(mine, []);
    const posts: boolean[] = [];
    fresh.watch(['post'], (_table, elsewhere) => posts.push(elsewhere));
    let menus = 0;
    fresh.watch(['menu'], () => menus++);
    await until(() => fresh.exact());
    // Listening told everything once (what was written while nobody listened): from here on only what follows.
    posts.length = 0;
    menus = 0;
    const [forum] = await theirs('forum').insert({}).returning('id');
    await theirs('post').insert({ forum_id: forum.id });
    // Notifications arrive in commit order: once the menu's has come, the inserts' have too.
    await theirs('menu').insert({ v: 'sentinel' });
    await until(() => menus > 0, 5000, 'the sentinel');
    const heardBefore = posts.length;
    // The delete's statement names the forum only: its posts go through the foreign key.
    await theirs('forum').delete();
    await until(() => posts.length > heardBefore, 5000, 'the cascade of the forum delete');
    expect(posts.every((elsewhere) => elsewhere)).to.equal(true);
    await fresh.stop();
  });
});
