import { expect } from 'chai';
import { utcText } from '@platform/common';
import { EventRegistrations, REGISTRATION_MODEL, SEAT_MESSAGES, TICKET_MODEL } from '@modules/event';
import { ORDER_LINE_MODEL, ORDER_MODEL, PRODUCT_MODEL, TEMPLATE_MODEL, type OrderInfo } from '@modules/sale';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { AbandonedCarts, CART_HOLD_HOURS, OrderTickets } from '../index';

const DAY = 86_400_000;
const csrfOf = (html: string) => /name="csrf_token" value="([^"]+)"/.exec(html)![1];

/**
 * Paid tickets through the shop: a product per priced ticket; the attendee form puts 1 Standard at 1,000
 * and 3 VIP at 1,500 in the cart (5,500.00) with 4 unconfirmed registrations holding their seats; the
 * order's confirmation (driven here through the OrderStateHook the way the shop's checkout will call it,
 * in the transaction that confirms the order) confirms them, and a cancellation frees the seats.
 */
describe('event_sale: tickets through the shop', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let eventId: number;
  let standard: number;
  let vip: number;

  before(async () => {
    tk = await bootTestKernel({ modules: ['event_sale'], http: true });
    const env = tk.sudo();
    eventId = await env.model('event.event').create({
      name: 'Conference on Business Apps', date_begin: utcText(Date.now() + 20 * DAY), date_end: utcText(Date.now() + 22 * DAY), state: 'confirm', website_published: true,
      seats_availability: 'limited', seats_max: 100,
    });
    standard = await env.model(TICKET_MODEL).create({ event_id: eventId, name: 'Standard', price: 1000, sequence: 1 });
    vip = await env.model(TICKET_MODEL).create({ event_id: eventId, name: 'VIP', price: 1500, seats_max: 4, sequence: 2 });
  });
  after(async () => tk?.stop());

  const regsOf = (domain: unknown[]) => tk.sudo().model(REGISTRATION_MODEL).search_read(domain as never, ['state', 'sale_order_id', 'sale_order_line_id', 'event_ticket_id', 'name']);

  async function buy(client: RpcClient, quantities: Record<string, number>): Promise<Response> {
    const html = await client.call<string>(`/event/${eventId}/registration/new`, { quantities });
    const fields: Record<string, string> = { csrf_token: csrfOf(html) };
    let n = 0;
    for (const m of html.matchAll(/name="(\d+)-ticket_id" value="(\d+)"/g)) {
      n = Number(m[1]);
      Object.assign(fields, { [`${n}-name`]: `Buyer ${n}`, [`${n}-email`]: `buyer${n}@example.com`, [`${n}-phone`]: '', [`${n}-ticket_id`]: m[2] });
    }
    return client.postForm(`/event/${eventId}/registration/confirm`, fields);
  }

  async function orderInfo(orderId: number, env = tk.sudo()): Promise<OrderInfo> {
    const [o] = await env.model(ORDER_MODEL).read([orderId], ['name', 'partner_id', 'website_id', 'state']);
    const lines = await env.model(ORDER_LINE_MODEL).search_read([['order_id', '=', orderId]], ['product_id', 'product_uom_qty']);
    return {
      id: orderId, name: String(o.name), partnerId: Number((o.partner_id as [number, string])[0]), websiteId: Number((o.website_id as [number, string])[0]), state: o.state as OrderInfo['state'],
      lines: lines.map((l) => ({ id: Number(l.id), productId: Number((l.product_id as [number, string])[0]), quantity: Number(l.product_uom_qty) })),
    };
  }

  /** What the shop does when it confirms or cancels an order: the state change and the hooks, in one transaction. */
  async function changeState(orderId: number, state: 'sale' | 'cancel') {
    await tk.sudo().transaction(async (tx) => {
      const previous = (await orderInfo(orderId, tx)).state;
      await tx.model(ORDER_MODEL).write([orderId], { state });
      await tk.get(OrderTickets).orderStateChanged(tx, await orderInfo(orderId, tx), previous);
    });
  }

  it('makes a published product at the ticket\'s price, not listed in /shop, and keeps it at that price', async () => {
    const [t] = await tk.sudo().model(TICKET_MODEL).read([vip], ['product_id']);
    const [p] = await tk.sudo().model(PRODUCT_MODEL).read([(t.product_id as [number, string])[0]], ['product_tmpl_id']);
    const tmplId = (p.product_tmpl_id as [number, string])[0];
    expect((await tk.sudo().model(TEMPLATE_MODEL).read([tmplId], ['list_price', 'website_published', 'website_listed']))[0]).to.include({ list_price: 1500, website_published: true, website_listed: false });
    // Sold from the event's page: /shop neither lists it nor finds it.
    const [{ name }] = await tk.sudo().model(TEMPLATE_MODEL).read([tmplId], ['name']);
    const shop = await (await fetch(`${tk.url}/shop?search=${encodeURIComponent(String(name))}`)).text();
    expect(shop).to.contain('No product matches your search.');
    await tk.sudo().model(TICKET_MODEL).write([vip], { price: 1600 });
    expect((await tk.sudo().model(TEMPLATE_MODEL).read([tmplId], ['list_price']))[0].list_price).to.equal(1600);
    await tk.sudo().model(TICKET_MODEL).write([vip], { price: 1500 });
  });

  it('puts 1 Standard + 3 VIP in the cart (5,500.00) with 4 unconfirmed registrations, then confirms them with the order', async () => {
    const client = new RpcClient(tk.url);
    const res = await buy(client, { [`nb_register-${standard}`]: 1, [`nb_register-${vip}`]: 3 });
    expect(res.status).to.equal(303);
    expect(res.headers.get('location')).to.equal('/shop/cart');
    const cart = await (await client.get('/shop/cart')).text();
    expect(cart).to.contain('5,500.00');
    const drafts = await regsOf([['event_id', '=', eventId], ['state', '=', 'draft']]);
    expect(drafts).to.have.length(4);
    const orderId = Number((drafts[0].sale_order_id as [number, string])[0]);
    expect(drafts.every((r) => Array.isArray(r.sale_order_id) && Number(r.sale_order_id[0]) === orderId && Array.isArray(r.sale_order_line_id))).to.equal(true);
    // The drafts hold their seats: one VIP is left.
    const form = (await tk.get(EventRegistrations).form(tk.sudo(), eventId))!;
    expect(form.selects.find((s) => s.ticketId === vip)!.max).to.equal(1);

    await changeState(orderId, 'sale');
    const confirmed = await regsOf([['sale_order_id', '=', orderId]]);
    expect(confirmed.map((r) => r.state)).to.deep.equal(['open', 'open', 'open', 'open']);
    // A second call for the same state changes nothing.
    await tk.get(OrderTickets).orderStateChanged(tk.sudo(), await orderInfo(orderId), 'sale');
    expect(await tk.sudo().model(REGISTRATION_MODEL).search_count([['sale_order_id', '=', orderId]])).to.equal(4);
  });

  it('registers the buyer for tickets added in the cart, and refuses more than the ticket\'s seats', async () => {
    const client = new RpcClient(tk.url);
    expect((await buy(client, { [`nb_register-${standard}`]: 1 })).status).to.equal(303);
    const [draft] = await regsOf([['event_id', '=', eventId], ['state', '=', 'draft']]);
    const orderId = Number((draft.sale_order_id as [number, string])[0]);
    const res = await client.call<{ amount_total: number }>('/shop/cart/update_json', { product_id: Number((await tk.sudo().model(TICKET_MODEL).read([standard], ['product_id']))[0].product_id && ((await tk.sudo().model(TICKET_MODEL).read([standard], ['product_id']))[0].product_id as [number, string])[0]), add_qty: 1 });
    expect(res.amount_total).to.equal(2000);
    await changeState(orderId, 'sale');
    const regs = await regsOf([['sale_order_id', '=', orderId]]);
    expect(regs.map((r) => r.state)).to.deep.equal(['open', 'open']);

    // VIP: 3 sold above, 1 left: two more are refused, nothing is written and the cart is untouched.
    const other = new RpcClient(tk.url);
    const refused = await other.rpc(`/event/${eventId}/registration/new`, { quantities: { [`nb_register-${vip}`]: 2 } });
    expect(refused.error?.data.message).to.equal(SEAT_MESSAGES.tooMany(1));
  });

  it('cancels the attendees of a cancelled order: their seats come back', async () => {
    const client = new RpcClient(tk.url);
    expect((await buy(client, { [`nb_register-${vip}`]: 1 })).status).to.equal(303);
    const [draft] = await regsOf([['event_ticket_id', '=', vip], ['state', '=', 'draft']]);
    const orderId = Number((draft.sale_order_id as [number, string])[0]);
    expect((await tk.get(EventRegistrations).form(tk.sudo(), eventId))!.selects.find((s) => s.ticketId === vip)!.max).to.equal(0);
    await changeState(orderId, 'cancel');
    expect((await regsOf([['sale_order_id', '=', orderId]])).map((r) => r.state)).to.deep.equal(['cancel']);
    expect((await tk.get(EventRegistrations).form(tk.sudo(), eventId))!.selects.find((s) => s.ticketId === vip)!.max).to.equal(1);
  });

  it('gives back the seats of a cart left alone, and registers its attendees again if it is confirmed later', async () => {
    const client = new RpcClient(tk.url);
    expect((await buy(client, { [`nb_register-${standard}`]: 2 })).status).to.equal(303);
    const drafts = await regsOf([['event_ticket_id', '=', standard], ['state', '=', 'draft']]);
    expect(drafts).to.have.length(2);
    const orderId = Number((drafts[0].sale_order_id as [number, string])[0]);
    const carts = tk.get(AbandonedCarts);
    expect(await carts.release(tk.sudo())).to.equal(0);
    await tk.sudo().model(ORDER_MODEL).updateColumns([orderId], { set: { write_date: utcText(Date.now() - (CART_HOLD_HOURS + 1) * 3_600_000) } });
    expect(await carts.release(tk.sudo())).to.equal(2);
    expect((await regsOf([['sale_order_id', '=', orderId]])).map((r) => r.state)).to.deep.equal(['cancel', 'cancel']);
    await changeState(orderId, 'sale');
    const back = await regsOf([['sale_order_id', '=', orderId]]);
    expect(back.map((r) => [r.state, r.name])).to.deep.equal([['open', 'Buyer 1'], ['open', 'Buyer 2']]);
  });
});
