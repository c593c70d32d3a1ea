import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import sinon from 'sinon';
import { UserAccounts } from '@platform/base';
import { PaymentLinks, TEST_CARDS } from '@modules/payment';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../support/harness';
import { RpcClient } from '../support/rpc-client';
import { BOOKKEEPING, rowCounts as countRows } from './support/row-counts';

const MODULES = fs.readdirSync(path.resolve(__dirname, '../../modules')).filter((m) => fs.existsSync(path.resolve(__dirname, '../../modules', m, 'manifest.ts')));
/** Tables a refused request may still write: counters of refusals, sessions, presence, logs. */

/** The token with one character changed (in its signature: the last character, or the one before a separator). */
function forge(token: string): string {
  const i = token.length - 1;
  const c = token[i];
  return token.slice(0, i) + (c === 'a' ? 'b' : 'a');
}

interface OutboxRow { id: number; email_to: string; body_html: string }

/**
 * Forged (one character changed), expired (issued longer ago than their validity: Date is moved back
 * with sinon while the real flow issues them) and replayed (used twice) tokens are refused, and a
 * refusal writes nothing (row counts of every table but bookkeeping, before and after): password reset
 * links, newsletter confirmation links, newsletter unsubscribe links, forum e-mail validation links, and
 * CSRF tokens of form posts (missing, another session's, altered). Each kind runs where its module is installed.
 */
describe('security: forged, expired and replayed tokens are refused', function () {
  this.timeout(300_000);
  let tk: TestKernel;
  const installed = (m: string) => MODULES.includes(m);

  before(async () => {
    tk = await bootTestKernel({ modules: MODULES, http: true, demo: true });
  });
  after(async () => tk?.stop());

  const rowCounts = () => countRows(tk.sudo().db, BOOKKEEPING);

  /** Runs a refused attempt and returns the tables whose row counts it changed. */
  async function writesOf(attempt: () => Promise<unknown>): Promise<string[]> {
    const before = await rowCounts();
    await attempt();
    const after = await rowCounts();
    return [...after].filter(([t, n]) => before.get(t) !== n).map(([t, n]) => `${t} ${before.get(t) ?? 0}→${n}`);
  }

  /** The mail is sent after the answer: wait for it. */
  async function mailFor(to: string, count = 1): Promise<OutboxRow> {
    for (let i = 0; i < 250; i++) {
      const rows: OutboxRow[] = await tk.sudo().db('mail_outbox').where({ email_to: to }).orderBy('id').select('id', 'email_to', 'body_html');
      if (rows.length >= count) return rows[count - 1];
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no mail for ${to}`);
  }

  /** The path and query of the first link of a mail that goes to `route`. */
  function linkIn(mail: OutboxRow, route: string): string {
    const m = new RegExp(`href="(?:https?://[^/"]+)?((?:/[a-z]{2}(?:_[A-Z]{2})?)?${route.replace(/[/?]/g, '\\$&')}[^"]*)"`).exec(mail.body_html);
    expect(m, `a ${route} link in ${mail.body_html.slice(0, 400)}`).to.not.equal(null);
    return m![1].replace(/&amp;/g, '&');
  }

  /** Runs `issue` with the clock `seconds` in the past (only Date moves: timers run as usual). */
  async function issuedAgo<T>(seconds: number, issue: () => Promise<T>): Promise<T> {
    const clock = sinon.useFakeTimers({ now: Date.now() - seconds * 1000, toFake: ['Date'], shouldAdvanceTime: true });
    try {
      return await issue();
    } finally {
      clock.restore();
    }
  }

  async function newUser(login: string, password: string, extra: Record<string, unknown> = {}): Promise<number> {
    return tk.get(UserAccounts).create({ name: login, login, email: login, password, ...extra });
  }

  async function canLogIn(login: string, password: string): Promise<boolean> {
    return !(await new RpcClient(tk.url).rpc('/web/session/authenticate', { db: 'x', login, password })).error;
  }

  describe('password reset links (base)', () => {
    async function ask(login: string): Promise<string> {
      const c = new RpcClient(tk.url);
      const csrf_token = await c.csrfFrom('/web/reset_password');
      await c.postForm('/web/reset_password', { csrf_token, login });
      const n: number = Number((await tk.sudo().db('mail_outbox').where({ email_to: login }).count({ n: '*' }))[0].n);
      const mail = await mailFor(login, n || 1);
      return new URLSearchParams(linkIn(mail, '/web/reset_password?').split('?')[1]).get('token')!;
    }
    async function choose(token: string, password: string): Promise<Response> {
      const c = new RpcClient(tk.url);
      const csrf_token = await c.csrfFrom('/web/reset_password');
      return c.postForm('/web/reset_password', { csrf_token, token, password, confirm_password: password });
    }

    it('refuses a forged link, an expired one and a used one, and changes no password', async () => {
      await newUser('reset-forged@example.com', 'old-password-1');
      const token = await ask('reset-forged@example.com');
      let res: Response | undefined;
      expect(await writesOf(async () => { res = await choose(forge(token), 'forged-password-1'); }), 'forged').to.deep.equal([]);
      expect(res!.status).to.equal(400);
      expect((await new RpcClient(tk.url).get(`/web/reset_password?token=${forge(token)}`)).status, 'forged link page').to.not.equal(200);
      expect(await canLogIn('reset-forged@example.com', 'forged-password-1')).to.equal(false);

      await newUser('reset-expired@example.com', 'old-password-1');
      const old = await issuedAgo(3600 + 120, () => ask('reset-expired@example.com'));
      expect(await writesOf(async () => { res = await choose(old, 'expired-password-1'); }), 'expired').to.deep.equal([]);
      expect(res!.status).to.equal(400);
      expect(await canLogIn('reset-expired@example.com', 'expired-password-1')).to.equal(false);

      expect((await choose(token, 'first-password-1')).status, 'the genuine link works').to.equal(302);
      expect(await writesOf(async () => { res = await choose(token, 'replayed-password-1'); }), 'replayed').to.deep.equal([]);
      expect(res!.status).to.equal(400);
      expect(await canLogIn('reset-forged@example.com', 'first-password-1')).to.equal(true);
    });
  });

  describe('newsletter links (mass_mailing)', () => {
    before(function () { if (!installed('mass_mailing')) this.skip(); });

    async function subscribe(email: string): Promise<string> {
      const [list] = await tk.sudo().model('mail.mass_mailing.list').search([], { limit: 1 });
      const answer = await new RpcClient(tk.url).rpc('/website_mass_mailing/subscribe', { list_id: list, email });
      expect(answer.error, JSON.stringify(answer.error)).to.equal(undefined);
      return linkIn(await mailFor(email), '/newsletter/confirm?');
    }
    async function confirm(link: string, change?: (q: URLSearchParams) => void): Promise<Response> {
      const [pathname, query] = link.split('?');
      const q = new URLSearchParams(query);
      change?.(q);
      const c = new RpcClient(tk.url);
      const page = await c.get(`${pathname}?${q}`);
      const csrf = /name="csrf_token" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
      q.set('csrf_token', csrf);
      return c.fetch(pathname, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' }, body: q.toString() });
    }
    const subscribed = (email: string) => tk.sudo().model('mail.mass_mailing.subscription').search_count([['contact_id.email', '=', email], ['confirmed', '=', true], ['opt_out', '=', false]]);

    it('refuses a forged confirmation link, an expired one, and writes nothing', async () => {
      const link = await subscribe('confirm-forged@example.com');
      for (const [what, change] of [
        ['token', (q: URLSearchParams) => q.set('token', forge(q.get('token')!))],
        ['address', (q: URLSearchParams) => q.set('email', 'someone-else@example.com')],
        ['time', (q: URLSearchParams) => q.set('at', String(Number(q.get('at')) + 1))],
        ['list', (q: URLSearchParams) => q.set('list_id', String(Number(q.get('list_id')) + 1))],
      ] as const) {
        let res: Response | undefined;
        expect(await writesOf(async () => { res = await confirm(link, change); }), `forged ${what}`).to.deep.equal([]);
        expect(res!.status, `forged ${what}`).to.be.within(400, 499);
      }
      const old = await issuedAgo(7 * 86400 + 600, () => subscribe('confirm-expired@example.com'));
      let res: Response | undefined;
      expect(await writesOf(async () => { res = await confirm(old); }), 'expired').to.deep.equal([]);
      expect(res!.status).to.be.within(400, 499);
      expect(await subscribed('confirm-expired@example.com')).to.equal(0);
      // the genuine link works; used again it adds nothing
      expect((await confirm(link)).status).to.equal(200);
      const contacts = await subscribed('confirm-forged@example.com');
      expect(contacts).to.equal(1);
      expect(await writesOf(() => confirm(link)), 'replayed').to.deep.equal([]);
    });

    it('refuses a forged unsubscribe link and writes nothing', async () => {
      const sudo = tk.sudo();
      const [mailing] = await sudo.model('mail.mass_mailing').search([], { limit: 1 });
      const email = 'unsub-target@example.com';
      const [list] = await sudo.model('mail.mass_mailing.list').search([], { limit: 1 });
      await sudo.model('mail.mass_mailing.contact').create({ name: 'Target', email, subscription_ids: [[0, 0, { list_id: list }]] });
      for (const token of ['', 'a'.repeat(64), forge('0'.repeat(64)), `${'f'.repeat(63)}0`]) {
        let res: Response | undefined;
        expect(await writesOf(async () => {
          res = await new RpcClient(tk.url).fetch(`/mail/mailing/${mailing}/unsubscribe?email=${encodeURIComponent(email)}&token=${token}`, { redirect: 'manual' });
        }), `token ${token.slice(0, 8)}`).to.deep.equal([]);
        expect(res!.status, `token ${token.slice(0, 8)}`).to.be.within(400, 499);
        const answer = await new RpcClient(tk.url).rpc('/mail/mailing/unsubscribe', { mailing_id: mailing, email, token, opt_out_ids: [list] });
        expect(JSON.stringify(answer)).to.match(/error|false/);
      }
    });
  });

  describe('forum e-mail validation links (forum)', () => {
    before(function () { if (!installed('forum')) this.skip(); });

    async function linkFor(login: string): Promise<string> {
      await newUser(login, 'forum-pass-123');
      const c = new RpcClient(tk.url);
      await c.authenticate(login, 'forum-pass-123');
      const [forum] = await tk.sudo().model('forum.forum').search([], { limit: 1 });
      await c.call('/forum/send_validation_email', { forum_id: forum });
      return linkIn(await mailFor(login), '/forum/validate_email?');
    }
    const karma = async (login: string) => Number((await tk.sudo().db('res_users').where({ login }).first('karma')).karma);

    it('refuses a forged link and an expired one; a used one gives karma once', async () => {
      const link = await linkFor('validate-forged@example.com');
      const [pathname, query] = link.split('?');
      const q = new URLSearchParams(query);
      q.set('token', forge(q.get('token')!));
      let res: Response | undefined;
      expect(await writesOf(async () => { res = await new RpcClient(tk.url).get(`${pathname}?${q}`); }), 'forged').to.deep.equal([]);
      expect(res!.headers.get('location')).to.contain('validation_failed=1');
      expect(await karma('validate-forged@example.com')).to.equal(0);

      const old = await issuedAgo(2 * 86400 + 600, () => linkFor('validate-expired@example.com'));
      expect(await writesOf(async () => { res = await new RpcClient(tk.url).get(old); }), 'expired').to.deep.equal([]);
      expect(res!.headers.get('location')).to.contain('validation_failed=1');
      expect(await karma('validate-expired@example.com')).to.equal(0);

      await new RpcClient(tk.url).get(link);
      const gained = await karma('validate-forged@example.com');
      expect(gained, 'the genuine link gives the starting karma').to.be.greaterThan(0);
      // used again, the link is valid still (it only says the address was reached) but gives nothing more
      expect(await writesOf(() => new RpcClient(tk.url).get(link)), 'replayed').to.deep.equal([]);
      expect(await karma('validate-forged@example.com')).to.equal(gained);
    });
  });

  describe('signed payment links, status links and notifications (payment)', () => {
    before(function () { if (!installed('payment')) this.skip(); });

    it('refuses a pay link with a forged token or a changed amount, a forged status link and a forged notification, writing nothing', async () => {
      const sudo = tk.sudo();
      const [currency] = await sudo.model('res.currency').search([['name', '=', 'EUR']], { limit: 1 });
      const [acquirer] = await sudo.model('payment.acquirer').search([['provider', '=', 'test']], { limit: 1 });
      const genuine = await tk.get(PaymentLinks).payUrl('SEC-PAY-1', 42.5, currency);
      const c = new RpcClient(tk.url);
      const page = await c.get(genuine);
      expect(page.status, 'the genuine link shows the pay form').to.equal(200);
      const csrf = /name="csrf_token" value="([^"]+)"/.exec(await page.text())![1];
      const link = new URLSearchParams(genuine.split('?')[1]);
      const submit = (q: URLSearchParams) => c.fetch('/website_payment/pay/submit', {
        method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...Object.fromEntries(q), acquirer_id: String(acquirer), csrf_token: csrf, cc_number: TEST_CARDS.approved, cc_holder_name: 'Pat Payer', cc_expiry: '12 / 40', cc_cvc: '123' }).toString(),
      });
      for (const [what, change] of [
        ['token', (q: URLSearchParams) => q.set('access_token', forge(q.get('access_token')!))],
        ['amount', (q: URLSearchParams) => q.set('amount', '1.00')],
        ['reference', (q: URLSearchParams) => q.set('reference', 'SEC-PAY-2')],
        ['no token', (q: URLSearchParams) => q.delete('access_token')],
      ] as const) {
        const q = new URLSearchParams(link);
        change(q);
        expect((await c.get(`/website_payment/pay?${q}`)).status, `pay page, ${what}`).to.be.within(400, 499);
        let res: Response | undefined;
        expect(await writesOf(async () => { res = await submit(q); }), `pay submit, ${what}`).to.deep.equal([]);
        expect(res!.status, `pay submit, ${what}`).to.be.within(400, 499);
      }
      // the genuine link pays; its status link works, a forged one is not found
      const paid = await submit(link);
      expect(paid.status, 'the genuine link pays').to.equal(303);
      const status = paid.headers.get('location')!;
      expect((await c.get(status)).status).to.equal(200);
      const [statusPath, statusQuery] = status.split('?');
      const token = new URLSearchParams(statusQuery).get('token')!;
      expect((await c.get(`${statusPath}?token=${encodeURIComponent(forge(token))}`)).status, 'forged status link').to.equal(404);
      // a notification with a forged signature changes no transaction
      const [tx] = await sudo.model('payment.transaction').search_read([['reference', '=', 'SEC-PAY-1']], ['id', 'state']);
      let res: Response | undefined;
      const note = { reference: 'SEC-PAY-1', state: 'cancel', acquirer_reference: 'BANK-X', amount: '42.5', currency: 'EUR', signature: forge('A'.repeat(43)) };
      expect(await writesOf(async () => {
        res = await fetch(`${tk.url}/payment/test/notify`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(note).toString() });
      }), 'forged notification').to.deep.equal([]);
      expect(res!.status).to.equal(400);
      expect((await sudo.model('payment.transaction').read([Number(tx.id)], ['state']))[0].state).to.equal(tx.state);
    });
  });

  describe('chat sessions (livechat)', () => {
    before(function () { if (!installed('livechat')) this.skip(); });

    it('refuses a forged conversation id, another browser\'s conversation, a forged session cookie and a closed conversation', async () => {
      const operator = new RpcClient(tk.url);
      await operator.authenticate('admin', ADMIN_PASSWORD);
      // one poll that says the operator is active: the channel is then available
      await operator.call('/longpolling/poll', { channels: [], last: 0, options: { bus_inactivity: 0, peek: true } });
      const [channel] = await tk.sudo().model('im_livechat.channel').search([], { limit: 1 });
      const visitor = new RpcClient(tk.url);
      const session = await visitor.call<{ uuid: string } | false>('/im_livechat/get_session', { channel_id: channel, anonymous_name: 'Sam' });
      expect(session, 'a chat session (an operator is online)').to.not.equal(false);
      const uuid = (session as { uuid: string }).uuid;
      expect((await visitor.rpc('/mail/chat_post', { uuid, message_content: 'hello' })).error, 'the visitor posts to its own conversation').to.equal(undefined);
      const stranger = new RpcClient(tk.url);
      await stranger.get('/');
      const forgedCookie = new RpcClient(tk.url);
      forgedCookie.cookie = forge(visitor.cookie);
      for (const [what, client, id] of [['forged id', visitor, forge(uuid)], ['another browser', stranger, uuid], ['forged cookie', forgedCookie, uuid]] as const) {
        let answer: { error?: unknown } = {};
        expect(await writesOf(async () => { answer = await client.rpc('/mail/chat_post', { uuid: id, message_content: `${what}: hi` }); }), what).to.deep.equal([]);
        expect(answer.error, what).to.not.equal(undefined);
        expect((await client.rpc('/mail/chat_history', { uuid: id, last_id: false })).error, `${what}: history`).to.not.equal(undefined);
      }
      await visitor.call('/im_livechat/visitor_leave_session', { uuid });
      let answer: { error?: unknown } = {};
      expect(await writesOf(async () => { answer = await visitor.rpc('/mail/chat_post', { uuid, message_content: 'after closing' }); }), 'closed').to.deep.equal([]);
      expect(answer.error, 'a closed conversation').to.not.equal(undefined);
    });
  });

  describe('survey answer tokens (survey)', () => {
    before(function () { if (!installed('survey')) this.skip(); });

    it('refuses a forged answer token and a used one, writing nothing', async () => {
      const sudo = tk.sudo();
      const [survey] = await sudo.model('survey.survey').search([], { limit: 1 });
      const c = new RpcClient(tk.url);
      const start = await c.get(`/survey/start/${survey}`);
      const token = /\/survey\/start\/\d+\/([^/?]+)/.exec(start.headers.get('location') ?? '')?.[1];
      expect(token, `a token from ${start.headers.get('location')}`).to.be.a('string');
      const fill = await c.get(`/survey/fill/${survey}/${token}`);
      expect(fill.status).to.equal(200);
      const html = await fill.text();
      const csrf = /name="csrf_token" value="([^"]+)"/.exec(html)![1];
      const pageId = /name="page_id" value="(\d+)"/.exec(html)![1];
      const post = (t: string) => c.fetch(`/survey/submit/${survey}`, {
        method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrf_token: csrf, token: t, page_id: pageId, button_submit: 'next' }).toString(),
      });
      expect((await c.get(`/survey/fill/${survey}/${forge(token!)}`)).status, 'forged token page').to.be.within(400, 499);
      let res: Response | undefined;
      expect(await writesOf(async () => { res = await post(forge(token!)); }), 'forged').to.deep.equal([]);
      expect(res!.status, 'forged').to.be.within(400, 499);
      // once answered, the token opens nothing more for writing
      await sudo.db('survey_user_input').where({ token }).update({ state: 'done' });
      const before = await sudo.db('survey_user_input_line').count({ n: '*' });
      expect(await writesOf(async () => { res = await post(token!); }), 'replayed').to.deep.equal([]);
      expect(res!.status, 'replayed').to.be.within(400, 499);
      expect(await sudo.db('survey_user_input_line').count({ n: '*' })).to.deep.equal(before);
    });
  });

  describe('CSRF tokens of form posts (platform)', () => {
    it('refuses a post with no token, another session\'s token or an altered one, and writes nothing', async () => {
      await newUser('csrf-target@example.com', 'csrf-pass-123');
      const mine = new RpcClient(tk.url);
      const other = new RpcClient(tk.url);
      await other.authenticate('admin', ADMIN_PASSWORD);
      const good = await mine.csrfFrom('/web/reset_password');
      const foreign = await other.csrfFrom('/my/account').catch(() => other.csrfFrom('/web/reset_password'));
      for (const [what, token] of [['missing', undefined], ['foreign', foreign], ['altered', forge(good)], ['empty', '']] as const) {
        let res: Response | undefined;
        const fields: Record<string, string> = { login: 'csrf-target@example.com' };
        if (token !== undefined) fields.csrf_token = token;
        expect(await writesOf(async () => { res = await mine.postForm('/web/reset_password', fields); }), what).to.deep.equal([]);
        expect(res!.status, what).to.be.within(400, 499);
      }
      // the session's own token is accepted (the mail is written)
      const res = await mine.postForm('/web/reset_password', { login: 'csrf-target@example.com', csrf_token: good });
      expect(res.status).to.be.below(400);
      await mailFor('csrf-target@example.com');
    });
  });
});
