import { expect } from 'chai';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { Knex } from 'knex';
import { openDatabase } from '../connection';
import { PREPARED_PER_CONNECTION, preparedStatements } from '../sqlite-client';

/** SQLite keeps prepared statements per connection, keyed by their SQL text, bounded, never stale. */
describe('db: prepared statements (SQLite)', () => {
  let db: Knex;
  let other: Knex;
  let dir: string;
  let connection: unknown;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prepared-'));
    db = openDatabase(`sqlite:${path.join(dir, 'db.sqlite')}`);
    other = openDatabase(`sqlite:${path.join(dir, 'db.sqlite')}`);
    await db.schema.createTable('item', (t) => {
      t.increments('id');
      t.string('name');
    });
    await db('item').insert([{ name: 'a' }, { name: 'b' }]);
    connection = await db.client.acquireConnection();
    await db.client.releaseConnection(connection);
  });
  after(async () => {
    await db.destroy();
    await other.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prepares a repeated query once, and two different queries never share a statement', async () => {
    const cache = preparedStatements(connection)!;
    const one = db('item').where({ name: 'a' }).select('id');
    const two = db('item').where({ name: 'b' }).select('name');
    expect(await one.clone()).to.deep.equal([{ id: 1 }]);
    expect(await two.clone()).to.deep.equal([{ name: 'b' }]);
    const a = cache.get(one.toSQL().sql);
    const b = cache.get(two.toSQL().sql);
    expect(a).to.be.an('object');
    expect(b).to.be.an('object').and.not.equal(a);
    expect(await db('item').where({ name: 'b' }).select('id')).to.deep.equal([{ id: 2 }]); // same SQL as `one`, other binding
    expect(cache.get(one.toSQL().sql)).to.equal(a);
    // Many distinct texts: each its own answer, the cache stays bounded.
    for (let i = 0; i < PREPARED_PER_CONNECTION + 50; i++) {
      const [row] = await db.raw(`SELECT ? + ${i} AS n`, [1]);
      expect(row.n).to.equal(1 + i);
    }
    expect(cache.size).to.be.at.most(PREPARED_PER_CONNECTION);
  });

  it('a schema change (here or by another connection: a migration, a module installed while running) leaves no stale statement', async () => {
    const all = () => db('item').select('*').orderBy('id');
    expect(Object.keys((await all())[0])).to.deep.equal(['id', 'name']);
    await db.schema.alterTable('item', (t) => t.string('colour'));
    await db('item').update({ colour: 'red' });
    expect((await all())[0]).to.deep.equal({ id: 1, name: 'a', colour: 'red' });
    // Another connection (another process) drops and re-creates the table with other columns.
    await other.schema.dropTable('item');
    await other.schema.createTable('item', (t) => {
      t.increments('id');
      t.integer('size');
    });
    await other('item').insert({ size: 7 });
    expect(await all()).to.deep.equal([{ id: 1, size: 7 }]);
    await other.schema.dropTable('item');
    let error: unknown;
    try {
      await all();
    } catch (err) {
      error = err;
    }
    expect(String(error)).to.match(/no such table: item/);
  });
});
