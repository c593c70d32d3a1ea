import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { EventRegistrations, REGISTRATION_MODEL, SEAT_MESSAGES, TICKET_MODEL } from '../index';
import { csrfOf, inDays, makeEvent } from './event-fixture';

/**
 * Registration over HTTP as a browser does it (JSON call for the modal, form post of the attendees) and
 * without JavaScript: seat rules, sold out and "only N left", and bad input (negative or huge
 * quantities, unknown or expired tickets, missing attendee fields), each refused with its message and
 * writing nothing.
 */
describe('event: registration and seats', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  before(async () => { tk = await bootTestKernel({ modules: ['event'], http: true }); });
  after(async () => tk?.stop());

  const count = (eventId: number, states = ['draft', 'open', 'done']) => tk.sudo().model(REGISTRATION_MODEL).search_count([['event_id', '=', eventId], ['state', 'in', states]]);
  const attendeesFields = (n: number, ticketId = 0) => Object.fromEntries(Array.from({ length: n }, (_, i) => [
    [`${i + 1}-name`, `Attendee ${i + 1}`], [`${i + 1}-email`, `a${i + 1}@example.com`], [`${i + 1}-phone`, ''], [`${i + 1}-ticket_id`, String(ticketId)],
  ]).flat());

  async function modal(client: RpcClient, eventId: number, quantities: Record<string, unknown>) {
    return client.rpc<string | false>(`/event/${eventId}/registration/new`, { quantities });
  }

  it('answers the attendee modal for the chosen quantity, false for none, and registers through the modal\'s form', async () => {
    const id = await makeEvent(tk.sudo(), { name: 'Free workshop', seats_availability: 'limited', seats_max: 5 });
    const client = new RpcClient(tk.url);
    expect((await modal(client, id, { 'nb_register-0': 0 })).result).to.equal(false);
    const html = (await modal(client, id, { 'nb_register-0': 2 })).result as string;
    expect(html).to.contain('name="1-name"').and.contain('name="2-email"').and.contain('name="2-ticket_id"').and.not.contain('name="3-name"');
    const res = await client.postForm(`/event/${id}/registration/confirm`, { csrf_token: csrfOf(html), ...attendeesFields(2) });
    expect(res.status).to.equal(200);
    expect(await res.text()).to.contain('Registration confirmed!').and.contain('Attendee 2');
    expect(await count(id, ['open'])).to.equal(2);
  });

  it('offers 0..9 per select, or up to the seats left, and says "only N seats left" then "sold out"', async () => {
    const id = await makeEvent(tk.sudo(), { name: 'Small room', seats_availability: 'limited', seats_max: 4 });
    const regs = tk.get(EventRegistrations);
    const big = await makeEvent(tk.sudo(), { name: 'Big room' });
    expect((await regs.form(tk.sudo(), big))!.selects[0].max).to.equal(9);
    expect((await regs.form(tk.sudo(), id))!.selects[0].max).to.equal(4);
    let page = await (await fetch(`${tk.url}/event/small-room-${id}`)).text();
    expect(page).to.contain('Only 4 seats left').and.contain('<option value="4">4</option>').and.not.contain('<option value="5">');
    await regs.register(tk.sudo(), id, [{ name: 'X', email: 'x@example.com', phone: '', ticketId: 0 }, { name: 'Y', email: 'y@example.com', phone: '', ticketId: 0 }, { name: 'Z', email: 'z@example.com', phone: '', ticketId: 0 }], { state: 'open', partnerId: null, baseUrl: null });
    page = await (await fetch(`${tk.url}/event/small-room-${id}`)).text();
    expect(page).to.contain('Only 1 seat left');
    await regs.register(tk.sudo(), id, [{ name: 'W', email: 'w@example.com', phone: '', ticketId: 0 }], { state: 'open', partnerId: null, baseUrl: null });
    page = await (await fetch(`${tk.url}/event/small-room-${id}`)).text();
    expect(page).to.contain('Sold out').and.not.contain('id="registration_form"');
    const client = new RpcClient(tk.url);
    const refused = await modal(client, id, { 'nb_register-0': 1 });
    expect(refused.error?.data.message).to.equal(SEAT_MESSAGES.eventFull);
    expect(await count(id)).to.equal(4);
  });

  it('never sells more than the seats left when the attendees are posted (another buyer took them meanwhile)', async () => {
    const id = await makeEvent(tk.sudo(), { name: 'Race', seats_availability: 'limited', seats_max: 3 });
    const client = new RpcClient(tk.url);
    const html = (await modal(client, id, { 'nb_register-0': 3 })).result as string;
    await tk.get(EventRegistrations).register(tk.sudo(), id, [{ name: 'Fast', email: 'fast@example.com', phone: '', ticketId: 0 }], { state: 'open', partnerId: null, baseUrl: null });
    const res = await client.postForm(`/event/${id}/registration/confirm`, { csrf_token: csrfOf(html), ...attendeesFields(3) });
    expect(res.status).to.equal(400);
    expect(await res.text()).to.contain('Sorry, only 2 seats are still available.');
    expect(await count(id)).to.equal(1);
  });

  it('refuses negative, fractional and huge quantities, unknown keys and tickets of another event, naming the field', async () => {
    const id = await makeEvent(tk.sudo(), { name: 'Tickets', seats_availability: 'limited', seats_max: 100 });
    const other = await makeEvent(tk.sudo(), { name: 'Other' });
    const t1 = await tk.sudo().model(TICKET_MODEL).create({ event_id: id, name: 'Standard', seats_max: 3 });
    const foreign = await tk.sudo().model(TICKET_MODEL).create({ event_id: other, name: 'Foreign' });
    const client = new RpcClient(tk.url);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ [`nb_register-${t1}`]: -1 }, 'A quantity cannot be negative.'],
      [{ [`nb_register-${t1}`]: 1.5 }, 'A quantity is a whole number.'],
      [{ [`nb_register-${t1}`]: 1e9 }, 'Sorry, only 3 seats are still available.'],
      [{ [`nb_register-${t1}`]: 4 }, 'Sorry, only 3 seats are still available.'],
      [{ [`nb_register-${foreign}`]: 1 }, SEAT_MESSAGES.unknownTicket],
      [{ 'nb_register-0': 1 }, SEAT_MESSAGES.unknownTicket],
      [{ anything: 1 }, 'Unknown ticket.'],
    ];
    for (const [q, message] of cases) {
      const res = await modal(client, id, q);
      expect(res.error?.data.message, JSON.stringify(q)).to.contain(message);
    }
    expect((await client.rpc(`/event/${id}/registration/new`, { quantities: { [`nb_register-${t1}`]: 1 }, extra: 1 })).error?.data.name).to.equal('ValidationError');
    // The attendee form naming a ticket of another event, or none, writes nothing.
    const html = (await modal(client, id, { [`nb_register-${t1}`]: 1 })).result as string;
    for (const ticket of [foreign, 0, 999999]) {
      const res = await client.postForm(`/event/${id}/registration/confirm`, { csrf_token: csrfOf(html), ...attendeesFields(1, ticket) });
      expect(res.status).to.equal(400);
      expect(await res.text()).to.contain(SEAT_MESSAGES.unknownTicket);
    }
    expect(await count(id)).to.equal(0);
  });

  it('refuses expired tickets, closed and unpublished events', async () => {
    const id = await makeEvent(tk.sudo(), { name: 'Deadlines' });
    const expired = await tk.sudo().model(TICKET_MODEL).create({ event_id: id, name: 'Early bird', deadline: inDays(-1).slice(0, 10) });
    const current = await tk.sudo().model(TICKET_MODEL).create({ event_id: id, name: 'Regular', deadline: inDays(0).slice(0, 10) });
    const form = (await tk.get(EventRegistrations).form(tk.sudo(), id))!;
    expect(form.selects.map((s) => s.label)).to.deep.equal(['Regular']);
    expect(form.expired.map((s) => s.label)).to.deep.equal(['Early bird']);
    const client = new RpcClient(tk.url);
    expect((await modal(client, id, { [`nb_register-${expired}`]: 1 })).error?.data.message).to.equal(SEAT_MESSAGES.expired('Early bird'));
    const html = (await modal(client, id, { [`nb_register-${current}`]: 1 })).result as string;
    const res = await client.postForm(`/event/${id}/registration/confirm`, { csrf_token: csrfOf(html), ...attendeesFields(1, expired) });
    expect(await res.text()).to.contain(SEAT_MESSAGES.expired('Early bird'));
    expect(await count(id)).to.equal(0);

    const draft = await makeEvent(tk.sudo(), { name: 'Not confirmed', state: 'draft' });
    expect((await modal(client, draft, { 'nb_register-0': 1 })).error?.data.message).to.equal(SEAT_MESSAGES.closed);
    const past = await makeEvent(tk.sudo(), { name: 'Past', date_begin: inDays(-3), date_end: inDays(-2) });
    expect((await modal(client, past, { 'nb_register-0': 1 })).error?.data.message).to.equal(SEAT_MESSAGES.closed);
    const hidden = await makeEvent(tk.sudo(), { name: 'Hidden', website_published: false });
    expect((await modal(client, hidden, { 'nb_register-0': 1 })).error?.data.name).to.equal('MissingError');
    expect((await fetch(`${tk.url}/event/hidden-${hidden}`)).status).to.equal(404);
  });

  it('refuses missing or wrong attendee fields with their messages, keeping what was typed', async () => {
    const id = await makeEvent(tk.sudo(), { name: 'Fields' });
    const client = new RpcClient(tk.url);
    const html = (await modal(client, id, { 'nb_register-0': 2 })).result as string;
    const fields = { ...attendeesFields(2), '1-name': '  ', '2-email': 'not-an-address' };
    const res = await client.postForm(`/event/${id}/registration/confirm`, { csrf_token: csrfOf(html), ...fields });
    expect(res.status).to.equal(400);
    const page = await res.text();
    expect(page).to.contain('Enter the attendee&#x27;s name.').and.contain('Enter a valid e-mail address.').and.contain('value="not-an-address"');
    const missing = await client.postForm(`/event/${id}/registration/confirm`, { csrf_token: csrfOf(html), '1-name': 'Only a name', '1-ticket_id': '0' });
    expect(missing.status).to.equal(400);
    expect(await missing.text()).to.contain('Enter the attendee&#x27;s e-mail.');
    const forged = await client.postForm(`/event/${id}/registration/confirm`, { csrf_token: csrfOf(html), ...attendeesFields(1), '1-state': 'done' });
    expect(forged.status).to.equal(400);
    const tooMany = await client.postForm(`/event/${id}/registration/confirm`, { csrf_token: csrfOf(html), ...attendeesFields(51) });
    expect(tooMany.status).to.equal(400);
    const noToken = await client.postForm(`/event/${id}/registration/confirm`, attendeesFields(1));
    expect(noToken.status).to.equal(400);
    expect(await count(id)).to.equal(0);
  });

  it('refuses tickets with a price when no shop sells them', async () => {
    const id = await makeEvent(tk.sudo(), { name: 'Paid only' });
    const paid = await tk.sudo().model(TICKET_MODEL).create({ event_id: id, name: 'Paid', price: 50 });
    const client = new RpcClient(tk.url);
    expect(await (await fetch(`${tk.url}/event/paid-only-${id}`)).text()).to.contain('Not on sale here');
    expect((await modal(client, id, { [`nb_register-${paid}`]: 1 })).error?.data.message).to.equal(SEAT_MESSAGES.paidWithoutShop);
    expect(await count(id)).to.equal(0);
  });

  it('works without JavaScript: the selects posted as a form give the attendee page (same origin only)', async () => {
    const id = await makeEvent(tk.sudo(), { name: 'No script' });
    const client = new RpcClient(tk.url);
    const cross = await client.fetch(`/event/${id}/registration/attendees`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' }, body: 'nb_register-0=1' });
    expect(cross.status).to.equal(403);
    const none = await client.fetch(`/event/${id}/registration/attendees`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: tk.url }, body: 'nb_register-0=0' });
    expect(await none.text()).to.contain(SEAT_MESSAGES.noneChosen);
    const res = await client.fetch(`/event/${id}/registration/attendees`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: tk.url }, body: 'nb_register-0=1' });
    expect(res.status).to.equal(200);
    const page = await res.text();
    expect(page).to.contain('name="1-email"');
    const done = await client.postForm(`/event/${id}/registration/confirm`, { csrf_token: csrfOf(page), ...attendeesFields(1) });
    expect(done.status).to.equal(200);
    expect(await count(id, ['open'])).to.equal(1);
  });

  it('keeps unconfirmed registrations as drafts when the event does not confirm at once; the back office cannot overbook', async () => {
    const id = await makeEvent(tk.sudo(), { name: 'Manual', auto_confirm: false, seats_availability: 'limited', seats_max: 1 });
    const [reg] = await tk.get(EventRegistrations).register(tk.sudo(), id, [{ name: 'A', email: 'a@example.com', phone: '', ticketId: 0 }], { state: 'open', partnerId: null, baseUrl: null });
    expect((await tk.sudo().model(REGISTRATION_MODEL).read([reg], ['state']))[0].state).to.equal('draft');
    let error: Error | undefined;
    try {
      await tk.sudo().model(REGISTRATION_MODEL).create({ event_id: id, name: 'B', email: 'b@example.com', state: 'open' });
    } catch (err) { error = err as Error; }
    expect(error?.message).to.equal(SEAT_MESSAGES.eventFull);
    expect(await count(id)).to.equal(1);
    // Checking the attendee in (the back office writes the state) stamps the dates.
    await tk.sudo().model(REGISTRATION_MODEL).write([reg], { state: 'done' });
    const [row] = await tk.sudo().model(REGISTRATION_MODEL).read([reg], ['date_open', 'date_closed']);
    expect(row.date_open).to.be.a('string');
    expect(row.date_closed).to.be.a('string');
  });
});
