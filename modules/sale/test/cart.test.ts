import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import {
  MAX_LINE_QTY, ORDER_LINE_MODEL, ORDER_MODEL, PRODUCT_MODEL, TEMPLATE_MODEL, productUrl, type CartUpdateResult,
} from '../index';

describe('sale: cart', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  const ids: Record<string, number> = {};

  /** The variant of the demo T-shirt with these value names, or the single variant of a product. */
  async function variant(template: string, values: string[] = []): Promise<number> {
    const env = tk.sudo();
    const [tmpl] = await env.model(TEMPLATE_MODEL).search([['name', '=', template]]);
    const rows = await env.model(PRODUCT_MODEL).search_read([['product_tmpl_id', '=', tmpl]], ['value_ids']);
    const named = await Promise.all(rows.map(async (r) => ({
      id: Number(r.id), names: (await env.model('product.attribute.value').read(r.value_ids as number[], ['name'])).map((v) => String(v.name)).sort(),
    })));
    return named.find((v) => JSON.stringify(v.names) === JSON.stringify([...values].sort()))!.id;
  }

  before(async () => {
    tk = await bootTestKernel({ modules: ['sale'], http: true, demo: true });
    ids.mug = await variant('Coffee mug');
    ids.desk = await variant('Standing desk');
    ids.tshirtMBlue = await variant('T-shirt', ['M', 'Blue']);
    ids.tshirtLRed = await variant('T-shirt', ['L', 'Red']);
    ids.draft = await variant('Prototype gadget');
    await tk.get(UserAccounts).create({ name: 'Portal Paula', login: 'paula', password: 'password-123', groups: ['base.group_portal'] });
  });
  beforeEach(async () => { await tk.sudo().db('rate_limit').delete(); });
  after(async () => tk?.stop());

  const update = (c: RpcClient, params: Record<string, unknown>) => c.rpc<CartUpdateResult>('/shop/cart/update_json', params);
  const orderOf = async (lineId: number) => {
    const [line] = await tk.sudo().model(ORDER_LINE_MODEL).read([lineId], ['order_id', 'price_unit', 'product_uom_qty', 'price_subtotal']);
    const [order] = await tk.sudo().model(ORDER_MODEL).read([(line.order_id as [number, string])[0]], ['amount_total', 'state', 'access_token']);
    return { line, order };
  };

  it('adds, adds again, sets and removes with set_qty 0; prices and totals come from the catalogue', async () => {
    const visitor = new RpcClient(tk.url);
    const first = await update(visitor, { product_id: ids.mug, add_qty: 2 });
    expect(first.error).to.equal(undefined);
    expect(first.result).to.include({ quantity: 2, cart_quantity: 2 });
    const again = await update(visitor, { product_id: ids.mug, add_qty: 3 });
    expect(again.result).to.include({ line_id: first.result!.line_id, quantity: 5, cart_quantity: 5 });
    const shirt = await update(visitor, { product_id: ids.tshirtMBlue, set_qty: 2 });
    expect(shirt.result).to.include({ quantity: 2, cart_quantity: 7 });
    const { line, order } = await orderOf(shirt.result!.line_id!);
    // T-shirt 15.00 + M 2.00 + Blue 0.00; the mug 8.50 x 5.
    expect(Number(line.price_unit)).to.equal(17);
    expect(Number(order.amount_total)).to.equal(2 * 17 + 5 * 8.5);
    expect(order.state).to.equal('draft');

    const removed = await update(visitor, { product_id: ids.mug, line_id: first.result!.line_id, set_qty: 0 });
    expect(removed.result).to.include({ quantity: 0, cart_quantity: 2 });
    expect(await tk.sudo().model(ORDER_LINE_MODEL).search_count([['id', '=', first.result!.line_id!]])).to.equal(0);
    expect(Number((await orderOf(shirt.result!.line_id!)).order.amount_total)).to.equal(34);
  });

  it('ignores a posted price: unknown keys are refused, and nothing the client sends sets a price', async () => {
    const visitor = new RpcClient(tk.url);
    const tampered = await update(visitor, { product_id: ids.desk, add_qty: 1, price_unit: 0.01 });
    expect(tampered.error?.data.name).to.equal('ValidationError');
    expect(visitor.cookie).to.equal('');
    const ok = await update(visitor, { product_id: ids.desk, add_qty: 1 });
    const { line, order } = await orderOf(ok.result!.line_id!);
    expect(Number(line.price_unit)).to.equal(450);
    expect(Number(order.amount_total)).to.equal(450);
    // Nor through the ORM: visitors have no access to orders or lines.
    const write = await visitor.rpc('/web/dataset/call_kw', { model: ORDER_LINE_MODEL, method: 'write', args: [[ok.result!.line_id], { price_unit: 1 }], kwargs: {} });
    expect(write.error?.data.name).to.equal('AccessError');
  });

  it('keeps a line to the maximum with a warning, and refuses negative, huge and non-numeric quantities, writing nothing', async () => {
    const visitor = new RpcClient(tk.url);
    const big = await update(visitor, { product_id: ids.mug, set_qty: MAX_LINE_QTY + 50 });
    expect(big.result).to.include({ quantity: MAX_LINE_QTY, cart_quantity: MAX_LINE_QTY });
    expect(big.result!.warning).to.contain(`at most ${MAX_LINE_QTY}`);
    const more = await update(visitor, { product_id: ids.mug, add_qty: 1 });
    expect(more.result).to.include({ quantity: MAX_LINE_QTY });
    expect(more.result!.warning).to.be.a('string');

    const lines = () => tk.sudo().model(ORDER_LINE_MODEL).search_count([]);
    const before = await lines();
    for (const [params, field, message] of [
      [{ product_id: ids.desk, add_qty: -3 }, 'add_qty', 'Add at least 1.'],
      [{ product_id: ids.desk, set_qty: -1 }, 'set_qty', 'The quantity cannot be negative.'],
      [{ product_id: ids.desk, set_qty: 1e12 }, 'set_qty', 'The quantity is too large'],
      [{ product_id: ids.desk, add_qty: 'lots' }, 'add_qty', 'The quantity must be a whole number.'],
      [{ product_id: ids.desk, add_qty: 1.5 }, 'add_qty', 'The quantity must be a whole number.'],
      [{ product_id: 'x', add_qty: 1 }, 'product_id', 'The product must be a number.'],
    ] as const) {
      const answer = await update(visitor, params);
      expect(answer.error?.data.name, JSON.stringify(params)).to.equal('ValidationError');
      expect((answer.error?.data as unknown as { fields: Record<string, string> }).fields[field]).to.contain(message);
    }
    const nothing = await update(visitor, { product_id: ids.desk });
    expect(nothing.error?.data.message).to.equal('Give a quantity to add or to set.');
    expect(await lines()).to.equal(before);
  });

  it('refuses unknown products, archived variants and unpublished products', async () => {
    const visitor = new RpcClient(tk.url);
    for (const product_id of [999_999, ids.tshirtLRed, ids.draft]) {
      const answer = await update(visitor, { product_id, add_qty: 1 });
      expect(answer.error?.data.name).to.equal('UserError');
      expect(answer.error?.data.message).to.equal('This product is not available.');
    }
    expect(visitor.cookie).to.equal('');
  });

  it("refuses a line of another visitor's cart, and lets nobody read carts through call_kw", async () => {
    const alice = new RpcClient(tk.url);
    const bob = new RpcClient(tk.url);
    const line = (await update(alice, { product_id: ids.mug, add_qty: 1 })).result!.line_id!;
    await update(bob, { product_id: ids.desk, add_qty: 1 });
    for (const params of [{ product_id: ids.mug, line_id: line, set_qty: 0 }, { product_id: ids.mug, line_id: line, set_qty: 7 }]) {
      const answer = await update(bob, params);
      expect(answer.error?.data.message).to.equal('This line is not in your cart.');
    }
    const { line: kept } = await orderOf(line);
    expect(Number(kept.product_uom_qty)).to.equal(1);

    for (const model of [ORDER_MODEL, ORDER_LINE_MODEL]) {
      const read = await bob.rpc('/web/dataset/call_kw', { model, method: 'search_read', args: [[]], kwargs: { fields: ['id'] } });
      expect(read.error?.data.name).to.equal('AccessError');
    }
    // A portal user reads their own orders only: none yet, not the visitors' carts.
    const paula = new RpcClient(tk.url);
    await paula.authenticate('paula', 'password-123');
    expect(await paula.callKw(ORDER_MODEL, 'search_read', [[]], { fields: ['name'] })).to.deep.equal([]);
    await update(paula, { product_id: ids.mug, add_qty: 1 });
    const own = await paula.callKw<Array<Record<string, unknown>>>(ORDER_MODEL, 'search_read', [[]], { fields: ['name', 'amount_total'] });
    expect(own).to.have.length(1);
    const token = await paula.rpc('/web/dataset/call_kw', { model: ORDER_MODEL, method: 'read', args: [[own[0].id], ['access_token']], kwargs: {} });
    expect(token.error?.data.name).to.equal('AccessError');
  });

  it('keeps a visitor\'s cart when they sign in: it becomes theirs; the catalogue stays read-only to them', async () => {
    const client = new RpcClient(tk.url);
    const line = (await update(client, { product_id: ids.desk, add_qty: 1 })).result!.line_id!;
    await tk.get(UserAccounts).create({ name: 'Portal Pete', login: 'pete', password: 'password-123', groups: ['base.group_portal'] });
    await client.authenticate('pete', 'password-123');
    const again = await update(client, { product_id: ids.desk, add_qty: 1 });
    expect(again.result).to.include({ line_id: line, quantity: 2 });
    const own = await client.callKw<Array<Record<string, unknown>>>(ORDER_MODEL, 'search_read', [[]], { fields: ['amount_total'] });
    expect(own.map((o) => Number(o.amount_total))).to.deep.equal([900]);
    const write = await client.rpc('/web/dataset/call_kw', { model: TEMPLATE_MODEL, method: 'write', args: [[1], { list_price: 0 }], kwargs: {} });
    expect(write.error?.data.name).to.equal('AccessError');
  });

  it('works without JavaScript: the product form posts from this site (no per-visitor token: the page is cached), the cart page shows the line', async () => {
    const visitor = new RpcClient(tk.url);
    const [mugTmpl] = await tk.sudo().model(TEMPLATE_MODEL).search([['name', '=', 'Coffee mug']]);
    const product = await (await visitor.get(productUrl({ id: mugTmpl, name: 'Coffee mug' }))).text();
    expect(product).to.contain(`action="/shop/cart/update"`).and.not.contain('csrf_token');
    const post = (fields: Record<string, string>, headers: Record<string, string> = { 'Sec-Fetch-Site': 'same-origin' }) => visitor.fetch('/shop/cart/update', {
      method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields).toString(),
    });
    const mug = { product_id: String(ids.mug), add_qty: '2' };
    // Another site's form (the browser says so, or its Origin does), or a post that says nothing: refused, nothing added.
    for (const headers of [{ 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Site': 'same-site' }, { Origin: 'https://evil.example' }, {}] as Array<Record<string, string>>) {
      const refused = await post(mug, headers);
      expect(refused.status, JSON.stringify(headers)).to.equal(403);
      expect(refused.headers.get('set-cookie') ?? '', 'no cart was made').to.not.contain('session_id');
    }
    expect((await post({ ...mug, price_unit: '0' })).status).to.equal(400); // an unknown field is refused
    // A browser without Sec-Fetch-Site: its Origin names this site.
    const ok = await post(mug, { Origin: tk.url });
    expect(ok.status).to.equal(303);
    expect(ok.headers.get('location')).to.equal('/shop/cart');
    const cart = await (await visitor.get('/shop/cart')).text();
    expect(cart).to.contain('Coffee mug').and.contain('€ 17.00');
    const bad = await post({ product_id: String(ids.mug), add_qty: '-1' });
    expect(bad.status).to.equal(400);
    expect(await bad.text()).to.contain('Add at least 1.');
    const archived = await post({ product_id: String(ids.tshirtLRed), add_qty: '1' });
    expect(archived.status).to.equal(400);
    expect(await archived.text()).to.contain('This product is not available.');
  });

  it('counts cart updates per address: past the limit, 429', async () => {
    const visitor = new RpcClient(tk.url);
    let refusedAt = -1;
    for (let i = 0; i < 70 && refusedAt < 0; i++) {
      const answer = await update(visitor, { product_id: ids.mug, set_qty: 1 });
      if (answer.error?.code === 429) refusedAt = i;
    }
    expect(refusedAt).to.equal(60);
  });

  it('answers unit prices for the products a visitor may buy (/shop/get_unit_price), refusing bad input', async () => {
    const visitor = new RpcClient(tk.url);
    const prices = await visitor.call<Record<string, number>>('/shop/get_unit_price', { product_ids: [ids.mug, ids.tshirtMBlue, ids.draft, ids.tshirtLRed, 999_999], add_qty: 3 });
    expect(prices).to.deep.equal({ [ids.mug]: 8.5, [ids.tshirtMBlue]: 17 });
    for (const params of [{ product_ids: [] }, { product_ids: ['x'] }, { product_ids: [ids.mug], add_qty: -1 }, { product_ids: Array.from({ length: 51 }, (_, i) => i + 1) }]) {
      expect((await visitor.rpc('/shop/get_unit_price', params)).error?.data.name, JSON.stringify(params)).to.equal('ValidationError');
    }
  });
});
