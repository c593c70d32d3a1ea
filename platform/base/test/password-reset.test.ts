import http from 'node:http';
import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { PasswordReset, RESET_MAILS_PER_ACCOUNT } from '../server/services/password-reset';
import { RESET_REQUESTS_PER_HOUR } from '../server/routes/password-reset-routes';
import { UserAccounts } from '../server/services/user-accounts';

/** A client calling from its own address (the server trusts one proxy in these tests). */
class ClientAt extends RpcClient {
  constructor(baseUrl: string, private readonly address: string) {
    super(baseUrl);
  }

  override fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('X-Forwarded-For', this.address);
    return super.fetch(path, { ...init, headers });
  }
}

interface OutboxRow { id: number; email_to: string; subject: string; body_html: string }

describe('password reset by e-mail', () => {
  let tk: TestKernel;
  let n = 0;
  // Each test asks from its own address, so the per-address route limit is only met where a test wants it.
  const client = () => new ClientAt(tk.url, `10.1.0.${++n}`);

  before(async () => {
    tk = await bootTestKernel({ modules: ['mail', 'website'], http: true, config: { trustProxyHops: 1 } });
    await tk.sudo().model('website').write([1], { base_url: 'https://www.example.com' });
  });
  after(async () => tk?.stop());

  async function newUser(login: string, password = 'old-password-1'): Promise<number> {
    return tk.kernel.container.get(UserAccounts).create({ name: login, login, password });
  }

  async function outbox(to: string): Promise<OutboxRow[]> {
    return tk.sudo().db('mail_outbox').where({ email_to: to }).orderBy('id').select('id', 'email_to', 'subject', 'body_html');
  }

  /** The mail is sent after the answer: wait for it. */
  async function mailFor(to: string, count = 1): Promise<OutboxRow[]> {
    for (let i = 0; i < 100; i++) {
      const rows = await outbox(to);
      if (rows.length >= count) return rows;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no reset mail for ${to}`);
  }

  async function ask(c: RpcClient, login: string, path = '/web/reset_password'): Promise<Response> {
    const csrf_token = await c.csrfFrom(path);
    return c.postForm(path, { csrf_token, login });
  }

  function tokenOf(mail: OutboxRow): string {
    const m = /href="https:\/\/www\.example\.com(?:\/fr)?\/web\/reset_password\?token=([^"]+)"/.exec(mail.body_html);
    expect(m, mail.body_html).to.not.equal(null);
    return m![1];
  }

  async function choose(c: RpcClient, token: string, password: string, confirm = password): Promise<Response> {
    const csrf_token = await c.csrfFrom('/web/reset_password'); // the same token for every form of this client
    return c.postForm('/web/reset_password', { csrf_token, token, password, confirm_password: confirm });
  }

  async function canLogIn(login: string, password: string): Promise<boolean> {
    return !(await client().rpc('/web/session/authenticate', { db: 'x', login, password })).error;
  }

  it('the login page links to the reset form', async () => {
    const html = await (await client().get('/web/login')).text();
    expect(html).to.contain('href="/web/reset_password"').and.contain('Forgot password?');
  });

  it('answers the same words for an unknown address and a known one, and mails only the known one', async () => {
    await newUser('known@example.com');
    const unknown = await (await ask(client(), 'nobody@example.com')).text();
    const known = await (await ask(client(), 'KNOWN@example.com')).text();
    const text = (html: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(html)![1].replace(/value="[^"]*"/g, '');
    expect(text(unknown)).to.equal(text(known));
    expect(text(known)).to.contain('If an account matches what you typed');
    const [mail] = await mailFor('known@example.com');
    expect(mail.subject).to.equal('Reset your password on My Website');
    expect(await outbox('nobody@example.com')).to.have.length(0);
  });

  it('the link, on the site base URL, sets a new password once; the old one and the link stop working', async () => {
    await newUser('once@example.com');
    await ask(client(), 'once@example.com');
    const token = tokenOf((await mailFor('once@example.com'))[0]);
    const form = await client().get(`/web/reset_password?token=${token}`);
    expect(form.status).to.equal(200);
    expect(await form.text()).to.contain('Choose a new password').and.contain('once@example.com');
    const done = await choose(client(), token, 'new-password-1');
    expect(done.status).to.equal(302);
    expect(done.headers.get('location')).to.equal('/web/login?password_reset=1');
    expect(await (await client().get('/web/login?password_reset=1')).text()).to.contain('Your password has been changed');
    expect(await canLogIn('once@example.com', 'new-password-1')).to.equal(true);
    expect(await canLogIn('once@example.com', 'old-password-1')).to.equal(false);
    // Used: the same link again changes nothing.
    const again = await choose(client(), token, 'third-password-1');
    expect(again.status).to.equal(400);
    expect(await again.text()).to.contain('This reset link is not valid any more');
    expect(await canLogIn('once@example.com', 'new-password-1')).to.equal(true);
  });

  it('signs the account out of its other sessions when the password is reset', async () => {
    await newUser('sessions@example.com');
    const signedIn = client();
    await signedIn.authenticate('sessions@example.com', 'old-password-1');
    await ask(client(), 'sessions@example.com');
    await choose(client(), tokenOf((await mailFor('sessions@example.com'))[0]), 'new-password-1');
    expect((await signedIn.rpc('/web/session/get_session_info')).error?.code).to.equal(100);
  });

  it('a link stops working once the password changed by other means', async () => {
    await newUser('changed@example.com');
    await ask(client(), 'changed@example.com');
    const token = tokenOf((await mailFor('changed@example.com'))[0]);
    await tk.kernel.container.get(UserAccounts).setPassword('changed@example.com', 'other-password-1');
    expect((await client().get(`/web/reset_password?token=${token}`)).status).to.equal(400);
    expect((await choose(client(), token, 'new-password-1')).status).to.equal(400);
    expect(await canLogIn('changed@example.com', 'other-password-1')).to.equal(true);
  });

  it('refuses an expired link and a tampered one', async () => {
    const uid = await newUser('tamper@example.com');
    await ask(client(), 'tamper@example.com');
    const token = tokenOf((await mailFor('tamper@example.com'))[0]);
    const [id, expires, mac] = token.split('.');
    const forged = [
      `${id}.${Number(expires) + 3600}.${mac}`, // a later expiry
      `${uid - 1}.${expires}.${mac}`, // another account
      `${id}.${expires}.${mac.slice(0, -2)}AA`,
      `${id}.${Math.floor(Date.now() / 1000) - 1}.${mac}`,
      'garbage',
    ];
    for (const bad of forged) {
      const res = await client().get(`/web/reset_password?token=${encodeURIComponent(bad)}`);
      expect(res.status, bad).to.equal(400);
      expect(await res.text()).to.contain('This reset link is not valid any more');
      expect((await choose(client(), bad, 'new-password-1')).status, bad).to.equal(400);
    }
    expect(await canLogIn('tamper@example.com', 'old-password-1')).to.equal(true);
  });

  it('an expired link (signed for a past expiry) is refused', async () => {
    const reset = tk.kernel.container.get(PasswordReset);
    await newUser('expired@example.com');
    const clock = Date.now;
    await ask(client(), 'expired@example.com');
    const token = tokenOf((await mailFor('expired@example.com'))[0]);
    try {
      Date.now = () => clock() + 3601 * 1000;
      expect(await reset.check(token)).to.equal(null);
    } finally {
      Date.now = clock;
    }
    expect(await reset.check(token)).to.not.equal(null);
  });

  it('checks the new password: at least 8 characters, typed twice alike; nothing changes on error', async () => {
    await newUser('checks@example.com');
    await ask(client(), 'checks@example.com');
    const token = tokenOf((await mailFor('checks@example.com'))[0]);
    const short = await choose(client(), token, 'short');
    expect(short.status).to.equal(400);
    expect(await short.text()).to.contain('is-invalid').and.contain('The password must have at least 8 characters.');
    const mismatch = await choose(client(), token, 'new-password-1', 'new-password-2');
    expect(await mismatch.text()).to.contain('Passwords do not match');
    expect(await canLogIn('checks@example.com', 'old-password-1')).to.equal(true);
    expect((await choose(client(), token, 'new-password-1')).status).to.equal(302);
  });

  it(`mails one account at most ${RESET_MAILS_PER_ACCOUNT} times an hour, answering the same`, async () => {
    await newUser('limited@example.com');
    for (let i = 0; i < RESET_MAILS_PER_ACCOUNT + 2; i++) {
      const res = await ask(client(), 'limited@example.com');
      expect(res.status).to.equal(200);
      expect(await res.text()).to.contain('If an account matches what you typed');
    }
    await mailFor('limited@example.com', RESET_MAILS_PER_ACCOUNT);
    await new Promise((r) => setTimeout(r, 200));
    expect(await outbox('limited@example.com')).to.have.length(RESET_MAILS_PER_ACCOUNT);
  });

  it('counts an account once whether its login or its e-mail is typed', async () => {
    const uid = await newUser('twoways');
    await tk.sudo().model('res.users').write([uid], { email: 'two.ways@example.com' });
    for (const typed of ['twoways', 'two.ways@example.com', 'TwoWays', 'Two.Ways@example.com', 'twoways']) await ask(client(), typed);
    await mailFor('two.ways@example.com', RESET_MAILS_PER_ACCOUNT);
    await new Promise((r) => setTimeout(r, 200));
    expect(await outbox('two.ways@example.com')).to.have.length(RESET_MAILS_PER_ACCOUNT);
  });

  it(`refuses an address past ${RESET_REQUESTS_PER_HOUR} requests an hour with a 429`, async () => {
    const c = client();
    const statuses: number[] = [];
    for (let i = 0; i <= RESET_REQUESTS_PER_HOUR; i++) statuses.push((await ask(c, `someone${i}@example.com`)).status);
    expect(statuses.slice(0, RESET_REQUESTS_PER_HOUR).every((s) => s === 200)).to.equal(true);
    expect(statuses[RESET_REQUESTS_PER_HOUR]).to.equal(429);
  });

  it('reads French under /fr: form, tab title, the mail and its link', async () => {
    await newUser('french@example.com');
    const c = client();
    const page = await (await c.get('/fr/web/reset_password')).text();
    expect(page).to.contain('<title>Réinitialiser votre mot de passe | My Website</title>').and.contain('Envoyer le lien');
    const answer = await (await ask(c, 'french@example.com', '/fr/web/reset_password')).text();
    expect(answer).to.contain('Si un compte correspond');
    const [mail] = await mailFor('french@example.com');
    expect(mail.subject).to.equal('Réinitialisez votre mot de passe sur My Website');
    expect(mail.body_html).to.contain('https://www.example.com/fr/web/reset_password?token=');
  });

  it('a form post without CSRF token changes nothing', async () => {
    await newUser('csrf@example.com');
    const res = await client().postForm('/web/reset_password', { login: 'csrf@example.com' });
    expect(res.status).to.equal(400);
    await new Promise((r) => setTimeout(r, 100));
    expect(await outbox('csrf@example.com')).to.have.length(0);
  });

  it('without a base URL, a forged Host header never ends up in the mailed link (it would hand the token to that host)', async () => {
    await tk.sudo().model('website').write([1], { base_url: false });
    try {
      await newUser('hostile@example.com');
      const c = client();
      const csrf_token = await c.csrfFrom('/web/reset_password');
      const status = await new Promise<number>((resolve, reject) => {
        const body = new URLSearchParams({ csrf_token, login: 'hostile@example.com' }).toString();
        const req = http.request({
          host: '127.0.0.1', port: new URL(tk.url).port, path: '/web/reset_password', method: 'POST',
          headers: { Host: 'evil.example', Cookie: [c.cookie, c.formCookie].filter(Boolean).join('; '), 'X-Forwarded-For': `10.1.0.${++n}`, 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) },
        }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode ?? 0)); });
        req.on('error', reject);
        req.end(body);
      });
      expect(status).to.equal(200); // the same answer as ever
      await new Promise((r) => setTimeout(r, 300));
      for (const mail of await outbox('hostile@example.com')) expect(mail.body_html).not.to.contain('evil.example');
    } finally {
      await tk.sudo().model('website').write([1], { base_url: 'https://www.example.com' });
    }
  });
});
