import { expect } from 'chai';
import type { Knex } from 'knex';
import { WriteSignal } from '@platform/db';
import { openDatabase } from '../../../test/support/kernel';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../../test/support/test-database';
import { CartCopies, type CartCopy } from '../server/services/cart-copies';

/** Two processes on one database (SQLite file or PostgreSQL), each with its own pool, signal and copies. */
describe('sale: cart copies are read once per process and never outlive a change made anywhere', function () {
  this.timeout(30_000);
  let database: ThrowawayDatabase;
  let dbA: Knex;
  let dbB: Knex;
  let a: CartCopies;
  let signalA: WriteSignal;
  let signalB: WriteSignal;
  let loads = 0;

  /** The order as the test's loader reads it (its total, its lines' count, its contact, its payment's state). */
  const load = (db: Knex, id: number) => async (): Promise<CartCopy | null> => {
    loads++;
    const o = await db('sale_order').where({ id }).first();
    if (!o) return null;
    const lines = await db('sale_order_line').where({ order_id: id }).select('id', 'product_uom_qty');
    const p = await db('res_partner').where({ id: o.partner_id }).first('name');
    return {
      id, state: String(o.state), websiteId: o.website_id == null ? null : Number(o.website_id), partnerId: Number(o.partner_id), amountTotal: Number(o.amount_total), amountDelivery: 0, name: String(o.name),
      currencyId: 1, carrierId: null, carrierName: null, paymentTxId: o.payment_tx_id ? Number(o.payment_tx_id) : null, payment: null,
      lines: lines.map((l) => ({ id: Number(l.id), productId: 1, name: '', qty: Number(l.product_uom_qty), priceUnit: 1, subtotal: 1, tmplId: null, tmplName: '', pictured: false })),
      partner: { id: Number(o.partner_id), name: String(p?.name ?? ''), email: '', phone: '', lang: '', street: '', city: '', zip: '', countryId: null, stateId: null },
    };
  };
  const get = (id: number) => a.get(id, load(dbA, id));
  const until = async (what: string, check: () => Promise<boolean>) => {
    const deadline = Date.now() + 5000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };

  before(async () => {
    database = await createThrowawayDatabase();
    dbA = openDatabase(database.url);
    dbB = openDatabase(database.url);
    await dbA.schema.createTable('res_partner', (t) => {
      t.increments('id');
      t.string('name');
    });
    await dbA.schema.createTable('website', (t) => {
      t.increments('id');
      t.string('name');
    });
    await dbA.schema.createTable('sale_order', (t) => {
      t.increments('id');
      t.integer('website_id').references('id').inTable('website').onDelete('SET NULL');
      t.string('name');
      t.string('state');
      t.integer('partner_id');
      t.decimal('amount_total', 16, 2);
      t.integer('payment_tx_id');
    });
    await dbA.schema.createTable('sale_order_line', (t) => {
      t.increments('id');
      t.integer('order_id');
      t.integer('product_uom_qty');
    });
    await dbA.schema.createTable('payment_transaction', (t) => {
      t.increments('id');
      t.string('state');
    });
    const unseen = ['sale_order', 'sale_order_line', 'payment_transaction'];
    signalA = new WriteSignal(dbA, unseen);
    signalB = new WriteSignal(dbB, unseen);
    a = new CartCopies(signalA);
    // Process B announces the same tables (its own copies), so its writes are heard.
    new CartCopies(signalB);
    await dbA('sale_order').select('id');
    await dbB('sale_order').select('id');
    await until('both signals exact', async () => signalA.exact() && signalB.exact());
    await signalA.settled(); // SQLite: the foreign keys are read with the write counts
  });
  after(async () => {
    await dbA?.destroy();
    await dbB?.destroy();
    await database?.drop();
  });

  const newOrder = async (db: Knex, partner: number, txId: number | null = null): Promise<number> => {
    const [row] = await db('sale_order').insert({ name: 'S', state: 'draft', partner_id: partner, amount_total: 10, payment_tx_id: txId }).returning('id');
    const id = Number(typeof row === 'object' ? (row as { id: number }).id : row);
    await db('sale_order_line').insert({ order_id: id, product_uom_qty: 1 });
    return id;
  };
  const partner = async (name: string): Promise<number> => {
    const [row] = await dbA('res_partner').insert({ name }).returning('id');
    return Number(typeof row === 'object' ? (row as { id: number }).id : row);
  };

  it('reads an order once; a write to it drops its copy only; a line added to it drops it too', async () => {
    const p = await partner('Jeanne');
    const one = await newOrder(dbA, p);
    const two = await newOrder(dbA, p);
    loads = 0;
    await get(one);
    await get(one);
    await get(two);
    expect(loads).to.equal(2);
    await dbA('sale_order').where({ id: one }).update({ amount_total: 12 });
    expect((await get(one))!.amountTotal).to.equal(12);
    await get(two);
    expect(loads, 'the other order is still kept').to.equal(3);
    await dbA('sale_order_line').insert({ order_id: one, product_uom_qty: 3 });
    expect((await get(one))!.lines).to.have.length(2);
    expect(loads).to.equal(4);
    // A statement that names no order (here: by line id) drops every copy.
    await dbA('sale_order_line').where({ order_id: two }).first('id').then((l) => dbA('sale_order_line').where({ id: l.id }).update({ product_uom_qty: 5 }));
    expect((await get(two))!.lines[0].qty).to.equal(5);
    await get(one);
    expect(loads).to.equal(6);
  });

  it('an upsert over an order (an INSERT whose conflict updated it) drops every copy: its SQL names no order', async () => {
    const p = await partner('Ines');
    const one = await newOrder(dbA, p);
    const two = await newOrder(dbA, p);
    await get(one);
    const row = await dbA('sale_order').where({ id: one }).first();
    await dbA('sale_order').insert({ ...row, amount_total: 15 }).onConflict('id').merge(['amount_total']);
    expect((await get(one))!.amountTotal).to.equal(15);
    // Order one takes order two's total: the statement's first WHERE names order two, the row it changes is one.
    await get(one);
    await dbA.raw('INSERT INTO sale_order (id, name, state, partner_id, amount_total) SELECT ?, name, state, partner_id, amount_total + 20 FROM sale_order WHERE id = ? '
      + 'ON CONFLICT (id) DO UPDATE SET amount_total = excluded.amount_total', [one, two]);
    expect((await get(one))!.amountTotal).to.equal(30);
  });

  it('keeps nothing read while a transaction that wrote an order is open, and reads it again after', async () => {
    const id = await newOrder(dbA, await partner('Paul'));
    await get(id);
    const trx = await dbA.transaction();
    await trx('sale_order').where({ id }).update({ state: 'sent' });
    loads = 0;
    // SQLite has one connection (the transaction's): read through it, as the shop's services do.
    const inside = () => a.get(id, load(trx, id));
    expect((await inside())!.state).to.equal('sent');
    expect((await inside())!.state).to.equal('sent');
    expect(loads, 'nothing kept while the transaction is open').to.equal(2);
    await trx.rollback();
    // The connection goes back to the pool just after.
    await new Promise((r) => setTimeout(r, 20));
    loads = 0;
    expect((await get(id))!.state).to.equal('draft');
    expect((await get(id))!.state).to.equal('draft');
    expect(loads, 'read again once, after the transaction').to.equal(1);
  });

  it('drops the copies of a contact or a payment that changed', async () => {
    const p = await partner('Anne');
    const [tx] = await dbA('payment_transaction').insert({ state: 'draft' }).returning('id');
    const txId = Number(typeof tx === 'object' ? (tx as { id: number }).id : tx);
    const id = await newOrder(dbA, p, txId);
    await get(id);
    await dbA('res_partner').where({ id: p }).update({ name: 'Anne B.' });
    expect((await get(id))!.partner!.name).to.equal('Anne B.');
    loads = 0;
    await get(id);
    expect(loads).to.equal(0);
    await dbA('payment_transaction').where({ id: txId }).update({ state: 'done' });
    await get(id);
    expect(loads, 'read again after its payment changed').to.equal(1);
    // The order moves to another contact: its copy follows the new one, not the old one.
    const other = await partner('Anne C.');
    await dbA('sale_order').where({ id }).update({ partner_id: other });
    expect((await get(id))!.partnerId).to.equal(other);
    loads = 0;
    await dbA('res_partner').where({ id: p }).update({ name: 'Anne D.' });
    await get(id);
    expect(loads, 'the former contact no longer shows on it').to.equal(0);
    await dbA('res_partner').where({ id: other }).update({ name: 'Anne E.' });
    expect((await get(id))!.partner!.name).to.equal('Anne E.');
    expect(loads).to.equal(1);
  });

  it('a write naming an order by its reference drops that order\'s copy only (a paid draft confirmed by its payment)', async () => {
    const p = await partner('Lise');
    const one = await newOrder(dbA, p);
    const two = await newOrder(dbA, p);
    await dbA('sale_order').where({ id: one }).update({ name: `S${one}` });
    await dbA('sale_order').where({ id: two }).update({ name: `S${two}` });
    await get(one);
    await get(two);
    loads = 0;
    await dbA('sale_order').where({ name: `S${one}`, state: 'draft' }).update({ state: 'sale' });
    expect((await get(one))!.state, 'the named order is read again').to.equal('sale');
    expect((await get(two))!.state).to.equal('draft');
    expect(loads, 'the other order is still kept').to.equal(1);
    // A write by reference that names no kept copy (none of that name) drops none.
    await dbA('sale_order').where({ name: 'S-none' }).update({ state: 'cancel' });
    await get(one);
    await get(two);
    expect(loads).to.equal(1);
    // A reference compared otherwise than first and alone (here after OR) still drops every copy.
    await dbA('sale_order').where({ name: `S${two}` }).orWhere({ name: 'S-none' }).update({ amount_total: 11 });
    expect((await get(two))!.amountTotal).to.equal(11);
    await get(one);
    expect(loads).to.equal(3);
  });

  it('an order changed by another process is read again (SQLite: data_version; PostgreSQL: its NOTIFY)', async () => {
    const id = await newOrder(dbA, await partner('Marc'));
    expect((await get(id))!.amountTotal).to.equal(10);
    await dbB('sale_order').where({ id }).update({ amount_total: 99 });
    await until('the other process\'s change', async () => (await get(id))!.amountTotal === 99);
    const lineCount = (await get(id))!.lines.length;
    await dbB('sale_order_line').where({ order_id: id }).delete();
    await until('the other process\'s removed lines', async () => (await get(id))!.lines.length === 0);
    expect(lineCount).to.equal(1);
  });

  it('a deleted website sets its orders\' site to null through the foreign key: their copies are read again', async () => {
    const [site] = await dbA('website').insert({ name: 'Shop' }).returning('id');
    const siteId = Number(typeof site === 'object' ? (site as { id: number }).id : site);
    const id = await newOrder(dbA, await partner('Iris'));
    await dbA('sale_order').where({ id }).update({ website_id: siteId });
    expect((await get(id))!.websiteId).to.equal(siteId);
    // The statement names the website only; the order's row changes through ON DELETE SET NULL.
    await dbA('website').where({ id: siteId }).delete();
    expect((await get(id))!.websiteId).to.equal(null);
  });
});
