import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { UserAccounts } from '@platform/base';
import { checkAccessibility, describeViolations, launchBrowser, signIn, watchErrors } from '../../../test/support/browser';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { REGISTRATION_MODEL } from '../index';
import { registrationCode } from '../common/checkin';
import { makeEvent } from './event-fixture';

/** The organisers' check-in screen: search by name, e-mail or code, one tap to check in, managers only; at 375 and 1280 px. */
describe('event: check-in screen', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let eventId = 0;
  let other = 0;
  const reg: Record<string, number> = {};
  const manager = new RpcClient('');

  before(async () => {
    tk = await bootTestKernel({ modules: ['event'], http: true });
    const env = tk.sudo();
    eventId = await makeEvent(env, { name: 'Door test' });
    other = await makeEvent(env, { name: 'Other event' });
    for (const [key, name, email, state] of [['ada', 'Ada Lovelace', 'ada@example.com', 'open'], ['alan', 'Alan Turing', 'alan@example.com', 'open'], ['grace', 'Grace Hopper', 'grace@navy.example', 'done'], ['gone', 'Gone Person', 'gone@example.com', 'cancel']] as const) {
      reg[key] = await env.model(REGISTRATION_MODEL).create({ event_id: eventId, name, email, state });
    }
    reg.elsewhere = await env.model(REGISTRATION_MODEL).create({ event_id: other, name: 'Ada Elsewhere', email: 'ada2@example.com', state: 'open' });
    const accounts = tk.get(UserAccounts);
    await accounts.create({ name: 'Door Manager', login: 'door', password: 'door-password-1', groups: ['event.group_event_manager'] });
    await accounts.create({ name: 'Clerk', login: 'clerk', password: 'clerk-password-1', groups: ['base.group_user'] });
    Object.assign(manager, new RpcClient(tk.url));
    await manager.authenticate('door', 'door-password-1');
  });
  after(async () => tk?.stop());

  const screen = async (client: RpcClient, q = '') => client.get(`/event/${eventId}/checkin${q ? `?q=${encodeURIComponent(q)}` : ''}`);

  it('finds confirmed attendees by name, e-mail or registration code, and counts who came', async () => {
    const all = await (await screen(manager)).text();
    expect(all).to.contain('Ada Lovelace').and.contain('Alan Turing').and.contain('Grace Hopper').and.not.contain('Gone Person').and.not.contain('Ada Elsewhere');
    expect(all.replace(/<!-- -->/g, '')).to.match(/<strong>1<\/strong> \/ 3 checked in/);
    expect(await (await screen(manager, 'lovel')).text()).to.contain('Ada Lovelace').and.not.contain('Alan Turing');
    expect(await (await screen(manager, 'navy.example')).text()).to.contain('Grace Hopper').and.not.contain('Ada Lovelace');
    const byCode = await (await screen(manager, registrationCode(reg.alan).toLowerCase())).text();
    expect(byCode).to.contain('Alan Turing').and.not.contain('Ada Lovelace');
    expect((await screen(manager, 'x'.repeat(200))).status).to.equal(400);
  });

  it('checks an attendee in with one post, then says who came in; refuses twice, other events\' and unknown ones', async () => {
    const token = await manager.csrfFrom(`/event/${eventId}/checkin`);
    const res = await manager.postForm(`/event/${eventId}/checkin`, { csrf_token: token, registration: String(reg.ada), q: 'ada' });
    expect(res.status).to.equal(303);
    expect(res.headers.get('location')).to.equal(`/event/${eventId}/checkin?q=ada&in=${reg.ada}`);
    const [ada] = await tk.sudo().model(REGISTRATION_MODEL).read([reg.ada], ['state', 'date_closed']);
    expect(ada.state).to.equal('done');
    expect(ada.date_closed).to.be.a('string');
    expect(await (await manager.get(res.headers.get('location')!)).text()).to.contain('Ada Lovelace is checked in.');
    const again = await manager.postForm(`/event/${eventId}/checkin`, { csrf_token: token, registration: String(reg.ada) });
    expect(again.status).to.equal(400);
    expect(await again.text()).to.contain('already checked in');
    for (const id of [reg.elsewhere, reg.gone, 999_999]) expect((await manager.postForm(`/event/${eventId}/checkin`, { csrf_token: token, registration: String(id) })).status, String(id)).to.equal(400);
    expect((await manager.postForm(`/event/${eventId}/checkin`, { csrf_token: token, registration: '-1' })).status).to.equal(400);
    expect((await manager.postForm(`/event/${eventId}/checkin`, { registration: String(reg.alan) })).status).to.be.within(400, 403);
    const states = await tk.sudo().model(REGISTRATION_MODEL).read([reg.elsewhere, reg.gone, reg.alan], ['state']);
    expect(states.map((s) => s.state)).to.deep.equal(['open', 'cancel', 'open']);
  });

  it('is for event managers only', async () => {
    const clerk = new RpcClient(tk.url);
    await clerk.authenticate('clerk', 'clerk-password-1');
    expect((await screen(clerk)).status).to.equal(403);
    const visitor = await screen(new RpcClient(tk.url));
    expect(visitor.status).to.be.oneOf([302, 303]);
    expect((await manager.get('/event/999999/checkin')).status).to.equal(404);
  });

  it('is usable on a phone and at a desk, axe clean (one tap checks in)', async () => {
    const browser: Browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
      const errors = watchErrors(page);
      await signIn(page, tk.url, { login: 'door', password: 'door-password-1', then: `/event/${eventId}/checkin` });
      await page.fill('#checkin_q', 'alan');
      await Promise.all([page.waitForURL(/q=alan/), page.press('#checkin_q', 'Enter')]);
      await Promise.all([page.waitForURL(/in=/), page.getByRole('button', { name: 'Check in Alan Turing' }).click()]);
      await page.getByText('Alan Turing is checked in.').waitFor();
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.screenshot({ path: `.tmp/event/checkin-${width}.png`, fullPage: true });
        const violations = await checkAccessibility(page);
        expect(violations, describeViolations(violations)).to.deep.equal([]);
      }
      expect(errors).to.deep.equal([]);
    } finally {
      await browser.close();
    }
  });
});
