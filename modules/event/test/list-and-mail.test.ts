import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { EVENT_MODEL, EventRegistrations, REGISTRATION_MODEL, TRACK_MODEL } from '../index';
import { DATE_LABELS, dateDomain } from '../server/services/event-listing';
import { inDays, makeEvent } from './event-fixture';

/** The list's filters and counts, the country box, .ics, confirmation mails with the cancel link, tracks, and rights. */
describe('event: list, mails, tracks and rights', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  const ids: Record<string, number> = {};
  let be = 0;
  let fr = 0;

  before(async () => {
    tk = await bootTestKernel({ modules: ['event'], http: true });
    const env = tk.sudo();
    [be] = await env.model('res.country').search([['code', '=', 'BE']]);
    [fr] = await env.model('res.country').search([['code', '=', 'FR']]);
    const conf = await env.model('event.type').create({ name: 'Conference' });
    const training = await env.model('event.type').create({ name: 'Training' });
    ids.brussels = await makeEvent(env, { name: 'Brussels conf', country_id: be, event_type_id: conf, date_begin: inDays(40), date_end: inDays(41) });
    ids.paris = await makeEvent(env, { name: 'Paris training', country_id: fr, event_type_id: training, date_begin: inDays(45), date_end: inDays(45, 17) });
    ids.online = await makeEvent(env, { name: 'Online talk', event_type_id: conf, date_begin: inDays(50), date_end: inDays(50, 10) });
    ids.old = await makeEvent(env, { name: 'Old conf', country_id: be, event_type_id: conf, date_begin: inDays(-30), date_end: inDays(-29), state: 'done' });
    ids.hidden = await makeEvent(env, { name: 'Hidden one', country_id: be, website_published: false, date_begin: inDays(40), date_end: inDays(41) });
    ids.cancelled = await makeEvent(env, { name: 'Cancelled one', country_id: be, state: 'cancel', date_begin: inDays(40), date_end: inDays(41) });
    for (let i = 0; i < 12; i++) await makeEvent(env, { name: `Bulk ${String(i).padStart(2, '0')}`, country_id: fr, event_type_id: training, date_begin: inDays(60 + i), date_end: inDays(60 + i, 12) });
    await tk.get(UserAccounts).create({ name: 'Employee', login: 'employee', password: 'password-123', groups: ['base.group_user'] });
  });
  after(async () => tk?.stop());

  const list = async (query = '') => (await fetch(`${tk.url}/event${query}`)).text();
  const names = (html: string) => [...html.matchAll(/class="stretched-link[^"]*">([^<]+)</g)].map((m) => m[1]);
  const facet = (html: string, label: string) => {
    const m = new RegExp(`<span>${label}</span><span class="badge[^"]*">(\\d+)</span>`).exec(html);
    return m ? Number(m[1]) : null;
  };

  it('lists the upcoming published events, 10 a page, published and not cancelled only', async () => {
    const first = await list();
    expect(names(first)).to.have.length(10);
    expect(names(first).slice(0, 3)).to.deep.equal(['Brussels conf', 'Paris training', 'Online talk']);
    expect(first).to.contain('15 events').and.not.contain('Hidden one').and.not.contain('Cancelled one').and.not.contain('Old conf');
    const second = await list('?page=2');
    expect(names(second)).to.deep.equal(['Bulk 07', 'Bulk 08', 'Bulk 09', 'Bulk 10', 'Bulk 11']);
    expect(names(await list('?date=old'))).to.deep.equal(['Old conf']);
  });

  it('filters by type and country (a country also lists events without one; online: none) with counts ignoring their own filter', async () => {
    const byBe = await list(`?country=${be}`);
    expect(names(byBe)).to.deep.equal(['Brussels conf', 'Online talk']);
    expect(facet(byBe, 'Belgium')).to.equal(1);
    expect(facet(byBe, 'France')).to.equal(13);
    expect(facet(byBe, 'Online')).to.equal(1);
    expect(facet(byBe, 'All Countries')).to.equal(15);
    expect(facet(byBe, 'Conference')).to.equal(2);
    expect(facet(byBe, 'Next Events')).to.equal(2);
    expect(names(await list('?country=online'))).to.deep.equal(['Online talk']);
    const training = await list(`?type=${(await tk.sudo().model('event.type').search([['name', '=', 'Training']]))[0]}`);
    expect(training).to.contain('13 events');
    expect(facet(training, 'France')).to.equal(13);
    expect(facet(training, 'Belgium')).to.equal(null);
    expect(facet(training, 'Conference')).to.equal(2);
    expect(facet(training, 'All Categories')).to.equal(15);
  });

  it('counts each date bucket as its own filter lists it (one statement for all buckets)', async () => {
    const html = await list();
    const model = tk.sudo().model(EVENT_MODEL);
    for (const bucket of ['all', 'today', 'week', 'nextweek', 'month', 'nextmonth'] as const) {
      const expected = await model.search_count([['state', 'in', ['draft', 'confirm', 'done']], ['website_published', '=', true], ...dateDomain(bucket, new Date(), ['Europe/Brussels'])]);
      expect(facet(html, DATE_LABELS[bucket]), bucket).to.equal(expected);
    }
  });

  it('refuses a filter out of its values with a 400, never a 500', async () => {
    for (const q of ['?date=tomorrow', '?country=xx', '?type=1;drop', '?page=0', '?page=abc']) expect((await fetch(`${tk.url}/event${q}`)).status, q).to.equal(400);
  });

  it('answers the country box as HTML: upcoming events, all of them when the visitor\'s country is unknown', async () => {
    const res = await fetch(`${tk.url}/event/get_country_event_list`);
    expect(res.headers.get('content-type')).to.contain('text/html');
    const html = await res.text();
    expect(html).to.contain('Upcoming events').and.contain('Brussels conf').and.not.contain('Hidden one').and.not.contain('See all events from');
  });

  it('gives the event as an .ics file', async () => {
    const res = await fetch(`${tk.url}/event/brussels-conf-${ids.brussels}/ics`);
    expect(res.headers.get('content-type')).to.contain('text/calendar');
    expect(res.headers.get('content-disposition')).to.contain('.ics');
    const ics = await res.text();
    expect(ics).to.match(/^BEGIN:VCALENDAR\r\n/).and.contain('SUMMARY:Brussels conf').and.contain(`DTSTART:${inDays(40).replace(/[-:]/g, '').replace(' ', 'T')}Z`);
  });

  it('mails each attendee a confirmation with the .ics and a signed cancel link that frees the seat', async () => {
    const env = tk.sudo();
    const id = await makeEvent(env, { name: 'Mailed event', seats_availability: 'limited', seats_max: 1 });
    const regs = tk.get(EventRegistrations);
    const [reg] = await regs.register(env, id, [{ name: 'Mia', email: 'mia@example.com', phone: '', ticketId: 0 }], { state: 'open', partnerId: null, baseUrl: tk.url });
    let mail: Record<string, unknown> | undefined;
    for (let i = 0; i < 100 && !mail; i++) {
      [mail] = await env.model('mail.outbox').search_read([['email_to', '=', 'mia@example.com']], ['subject', 'body_html', 'attachments']);
      if (!mail) await new Promise((r) => setTimeout(r, 50));
    }
    expect(mail?.subject).to.equal('Your registration: Mailed event');
    const attachments = JSON.parse(String(mail!.attachments)) as Array<{ filename: string; content: string }>;
    expect(attachments[0].filename).to.equal('event.ics');
    expect(attachments[0].content).to.contain('SUMMARY:Mailed event');
    const link = /href="([^"]*\/cancel\?token=[^"]+)"/.exec(String(mail!.body_html))![1].replace(/&amp;/g, '&');
    expect((await regs.form(env, id))!.open).to.equal(false);
    // A forged token, or the token of another registration, is refused.
    expect((await fetch(link.replace(/token=.*/, 'token=forged'))).status).to.equal(404);
    expect((await fetch(link.replace(`/registration/${reg}/`, `/registration/${reg + 1}/`))).status).to.equal(404);
    const client = new RpcClient(tk.url);
    const page = await client.get(link.replace(tk.url, ''));
    const html = await page.text();
    expect(html).to.contain('Cancel my registration');
    const token = /name="token" value="([^"]+)"/.exec(html)![1];
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(html)![1];
    const done = await client.postForm(`/event/registration/${reg}/cancel`, { csrf_token: csrf, token });
    expect(done.status).to.equal(200);
    expect((await env.model(REGISTRATION_MODEL).read([reg], ['state']))[0].state).to.equal('cancel');
    expect((await regs.form(env, id))!.open).to.equal(true);
  });

  it('shows published talks, the agenda and takes proposals (checked, rate-limited) as drafts', async () => {
    const env = tk.sudo();
    const id = await makeEvent(env, { name: 'With talks', website_track: true, website_track_proposal: true });
    await env.model(TRACK_MODEL).create({ event_id: id, name: 'Public talk', date: inDays(10, 10), duration: 1, state: 'published' });
    await env.model(TRACK_MODEL).create({ event_id: id, name: 'Secret draft', date: inDays(10, 11), state: 'draft' });
    const tracks = await (await fetch(`${tk.url}/event/with-talks-${id}/track`)).text();
    expect(tracks).to.contain('Public talk').and.not.contain('Secret draft');
    const agenda = await (await fetch(`${tk.url}/event/with-talks-${id}/agenda`)).text();
    expect(agenda).to.contain('id="search_number">30<').and.contain('class="event_track"');
    const client = new RpcClient(tk.url);
    const token = await client.csrfFrom(`/event/with-talks-${id}/track_proposal`);
    const bad = await client.postForm(`/event/with-talks-${id}/track_proposal/post`, { csrf_token: token, track_name: '', partner_name: 'Me', email_from: 'nope', description: 'x' });
    expect(bad.status).to.equal(400);
    expect(await bad.text()).to.contain('Give your talk a title.').and.contain('Enter a valid e-mail address.');
    const ok = await client.postForm(`/event/with-talks-${id}/track_proposal/post`, { csrf_token: token, track_name: 'My talk', partner_name: 'Me', email_from: 'me@example.com', description: 'About <b>things</b>' });
    expect(ok.status).to.equal(200);
    const [proposal] = await env.model(TRACK_MODEL).search_read([['name', '=', 'My talk']], ['state', 'description']);
    expect(proposal.state).to.equal('draft');
    expect((await fetch(`${tk.url}/event/brussels-conf-${ids.brussels}/track`)).status).to.equal(404);
  });

  it('lets visitors read published events only, internal users read attendees, nobody but managers write them', async () => {
    const visitor = new RpcClient(tk.url);
    const seen = await visitor.callKw<Array<{ name: string }>>(EVENT_MODEL, 'search_read', [[['name', 'in', ['Hidden one', 'Brussels conf']]], ['name']]);
    expect(seen.map((e) => e.name)).to.deep.equal(['Brussels conf']);
    const regs = await visitor.rpc('/web/dataset/call_kw', { model: REGISTRATION_MODEL, method: 'search_read', args: [[], ['name', 'email']], kwargs: {} });
    expect(regs.error?.data.name).to.equal('AccessError');
    const dotted = await visitor.rpc('/web/dataset/call_kw', { model: 'event.event.ticket', method: 'search_read', args: [[['event_id.registration_ids.email', 'ilike', 'example']], ['name']], kwargs: {} });
    expect(dotted.error?.data.name).to.equal('AccessError');
    const employee = new RpcClient(tk.url);
    await employee.authenticate('employee', 'password-123');
    expect(await employee.callKw<number>(REGISTRATION_MODEL, 'search_count', [[]])).to.be.greaterThan(0);
    const write = await employee.rpc('/web/dataset/call_kw', { model: REGISTRATION_MODEL, method: 'write', args: [[1], { state: 'done' }], kwargs: {} });
    expect(write.error?.data.name).to.equal('AccessError');
  });
});
