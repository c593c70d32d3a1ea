import { expect } from 'chai';
import type { Knex } from 'knex';
import { openDatabase } from '@platform/db/connection';
import { PublicPageCache } from '../public-page-cache';

describe('public page cache', () => {
  let db: Knex;
  before(async () => {
    db = openDatabase('sqlite::memory:');
    for (const table of ['page', 'click_log']) await db.schema.createTable(table, (t) => t.increments('id'));
  });
  after(async () => db.destroy());

  const cached = (ttlMs = 60_000) => {
    const cache = new PublicPageCache(db, ['click_log'], ttlMs);
    cache.set('home', '<script nonce="n1"></script>', 'n1');
    return cache;
  };

  it('hands a page back with the current response nonce', () => {
    const cache = cached();
    expect(cache.get('home', 'n1')).to.equal('<script nonce="n1"></script>');
    expect(cache.get('home', 'n2')).to.equal('<script nonce="n2"></script>');
    expect(cache.get('other', 'n1')).to.equal(undefined);
  });

  it('is emptied by a write to a table pages may show, not by writes to the unseen ones', async () => {
    const cache = cached();
    await db('click_log').insert({});
    await db('click_log').update({ id: 1 }).where({ id: 1 });
    expect(cache.get('home', 'n1'), 'after writes to unseen tables').to.be.a('string');
    await db('page').insert({});
    expect(cache.get('home', 'n1'), 'after a write to a page table').to.equal(undefined);
  });

  it('forgets pages after its time to live (writes made by other processes)', async () => {
    const cache = cached(20);
    await new Promise((r) => setTimeout(r, 40));
    expect(cache.get('home', 'n1')).to.equal(undefined);
  });
});
