import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { openDatabase } from '@platform/db/connection';
import { WriteSignal } from '@platform/db/write-signal';
import { PublicPageCache } from '../public-page-cache';
import { SiteCaches } from '../site-caches';

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

  it('a site cache scoped to its tables is dropped by writes to them only; an unscoped one by any write pages may show', async () => {
    const caches = new SiteCaches(new WriteSignal(db, ['click_log']));
    const scoped = caches.create<string>(10, ['click_log']);
    const all = caches.create<string>(10);
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await scoped.get('k', load)).to.equal('v1');
    expect(await all.get('k', load)).to.equal('v2');
    await db('page').insert({});
    expect(await scoped.get('k', load), 'scoped, after a write to another table').to.equal('v1');
    expect(await all.get('k', load), 'unscoped, after a write to a page table').to.equal('v3');
    await db('click_log').insert({});
    expect(await scoped.get('k', load), 'scoped, after a write to its own (unseen) table').to.equal('v4');
    expect(await all.get('k', load), 'unscoped, after a write to an unseen table').to.equal('v3');
  });

  it('is emptied by another process’s commit to a table pages show, not by one to the unseen tables only', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-cache-'));
    const url = `sqlite:${path.join(dir, 'site.sqlite')}`;
    const mine = openDatabase(url);
    const theirs = openDatabase(url);
    try {
      for (const table of ['page', 'click_log']) await mine.schema.createTable(table, (t) => t.increments('id'));
      const cache = new PublicPageCache(mine, ['click_log'], 60_000);
      await cache.signal.settled(); // the file is watched, the tables' write counts read
      cache.set('home', '<p>old</p>', 'n1');
      expect(cache.get('home', 'n1')).to.equal('<p>old</p>');
      await theirs('click_log').insert({});
      expect(cache.get('home', 'n1'), 'after another connection wrote an unseen table').to.equal('<p>old</p>');
      await theirs('page').insert({});
      expect(cache.get('home', 'n1'), 'after another connection wrote a page table').to.equal(undefined);
    } finally {
      await mine.destroy();
      await theirs.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a page rendered while a change was written is not kept', async () => {
    const cache = cached();
    const generation = cache.generation();
    await db('page').insert({});
    cache.set('late', '<p>rendered from data before the change</p>', 'n1', generation);
    expect(cache.get('late', 'n1')).to.equal(undefined);
  });

  it('one render at a time per page: others wait for it, then read it from the cache; bytes carry their own nonce', async () => {
    const cache = cached();
    let finish!: () => void;
    cache.rendering('busy', new Promise<void>((resolve) => { finish = resolve; }));
    const waiting = cache.inFlight('busy');
    expect(waiting).to.be.a('promise');
    cache.set('busy', '<script nonce="r1"></script><p>é</p>', 'r1');
    finish();
    await waiting;
    expect(cache.inFlight('busy')).to.equal(undefined);
    expect(cache.get('busy', 'w2')).to.equal('<script nonce="w2"></script><p>é</p>');
    const bytes = cache.getBytes('busy', 'w3')!;
    expect(Buffer.concat(bytes.chunks).toString()).to.equal('<script nonce="w3"></script><p>é</p>');
    expect(bytes.length).to.equal(Buffer.byteLength('<script nonce="w3"></script><p>é</p>'));
  });
});
