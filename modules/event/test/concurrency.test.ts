import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { EventRegistrations, REGISTRATION_MODEL, SEAT_MESSAGES } from '../index';
import { csrfOf, makeEvent } from './event-fixture';

/**
 * 200 registrations posted at once over HTTP (each from its own address, behind one trusted proxy) for
 * the last 10 seats of an event: exactly 10 are sold, the others get the sold-out message, none fails.
 * Runs on whichever database the suite runs on (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 */
describe('event: seats under concurrency', function () {
  this.timeout(180_000);
  let tk: TestKernel;
  before(async () => { tk = await bootTestKernel({ modules: ['event'], http: true, config: { trustProxyHops: 1 } }); });
  after(async () => tk?.stop());

  it('sells exactly the last 10 seats to 200 parallel registrations', async () => {
    const id = await makeEvent(tk.sudo(), { name: 'Last seats', seats_availability: 'limited', seats_max: 12 });
    await tk.get(EventRegistrations).register(tk.sudo(), id, [1, 2].map((i) => ({ name: `Early ${i}`, email: `early${i}@example.com`, phone: '', ticketId: 0 })), { state: 'open', partnerId: null, baseUrl: null });
    const client = new RpcClient(tk.url);
    const html = (await client.call<string>(`/event/${id}/registration/new`, { quantities: { 'nb_register-0': 1 } }));
    const token = csrfOf(html);
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 200 }, async (_, i) => {
      const res = await client.fetch(`/event/${id}/registration/confirm`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': `10.1.${i >> 8}.${i & 255}` },
        body: new URLSearchParams({ csrf_token: token, '1-name': `Buyer ${i}`, '1-email': `buyer${i}@example.com`, '1-phone': '', '1-ticket_id': '0' }).toString(),
      });
      return { status: res.status, text: await res.text() };
    }));
    const seconds = (Date.now() - started) / 1000;
    const sold = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 400);
    expect(sold).to.have.length(10);
    expect(refused).to.have.length(190);
    expect(refused.every((a) => a.text.includes(SEAT_MESSAGES.eventFull) || a.text.includes('seat is still available') || a.text.includes('Registration for this event is now closed'))).to.equal(true);
    expect(await tk.sudo().model(REGISTRATION_MODEL).search_count([['event_id', '=', id], ['state', '=', 'open']])).to.equal(12);
    console.log(`      200 parallel registrations for 10 seats: ${sold.length} sold, 0 oversold, ${seconds.toFixed(2)} s (${(200 / seconds).toFixed(0)} requests/s) on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`);
  });
});
