import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';

describe('login and sign-up', () => {
  let tk: TestKernel;
  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true });
  });
  after(async () => tk?.stop());

  const sessionInfo = (client: RpcClient) => client.rpc<{ uid: number; username: string; is_internal_user: boolean; is_admin: boolean }>('/web/session/get_session_info');

  async function formLogin(client: RpcClient, login: string, password: string, redirect = '/') {
    const csrf_token = await client.csrfFrom('/web/login');
    return client.postForm('/web/login', { csrf_token, login, password, redirect });
  }

  describe('login form', () => {
    it('GET /web/login shows the form', async () => {
      const res = await new RpcClient(tk.url).get('/web/login');
      expect(res.status).to.equal(200);
      const html = await res.text();
      expect(html).to.contain('name="csrf_token"');
      expect(html).to.contain('name="password"');
    });

    it('a wrong password shows "Wrong login/password" and does not log in', async () => {
      const client = new RpcClient(tk.url);
      const res = await formLogin(client, 'admin', 'not-the-password');
      expect(res.status).to.equal(401);
      const html = await res.text();
      expect(html).to.contain('Wrong login/password');
      expect(html).to.contain('value="admin"'); // the login is kept in the form
      expect((await sessionInfo(client)).error!.code).to.equal(100);
    });

    it('an unknown login shows the same message', async () => {
      const res = await formLogin(new RpcClient(tk.url), 'nobody@example.com', 'whatever-password');
      expect(res.status).to.equal(401);
      expect(await res.text()).to.contain('Wrong login/password');
    });

    it('the right password logs in and redirects', async () => {
      const client = new RpcClient(tk.url);
      const res = await formLogin(client, 'admin', ADMIN_PASSWORD, '/page/welcome?x=1');
      expect(res.status).to.equal(302);
      expect(res.headers.get('location')).to.equal('/page/welcome?x=1');
      expect((await sessionInfo(client)).result!.username).to.equal('admin');
    });

    it('logins are matched case-insensitively', async () => {
      const client = new RpcClient(tk.url);
      expect((await formLogin(client, 'ADMIN', ADMIN_PASSWORD)).status).to.equal(302);
    });

    it('JSON-RPC authenticate with a wrong password answers AccessDenied', async () => {
      const answer = await new RpcClient(tk.url).rpc('/web/session/authenticate', { db: 'test', login: 'admin', password: 'nope' });
      expect(answer.error!.data.name).to.equal('AccessDenied');
      expect(answer.error!.data.message).to.equal('Wrong login/password');
    });
  });

  describe('/web?redirect=', () => {
    it('sends a visitor to the login page, keeping the target', async () => {
      const res = await new RpcClient(tk.url).get('/web?redirect=/x');
      expect(res.status).to.equal(302);
      expect(res.headers.get('location')).to.equal('/web/login?redirect=%2Fx');
    });

    it('redirects a logged-in user to the target', async () => {
      const client = new RpcClient(tk.url);
      await client.authenticate('admin', ADMIN_PASSWORD);
      const res = await client.get('/web?redirect=/x');
      expect(res.status).to.equal(302);
      expect(res.headers.get('location')).to.equal('/x');
      const login = await client.get('/web/login?redirect=/y');
      expect(login.status).to.equal(302);
      expect(login.headers.get('location')).to.equal('/y');
    });
  });

  describe('sign-up', () => {
    async function signup(client: RpcClient, fields: Record<string, string>) {
      const csrf_token = await client.csrfFrom('/web/signup');
      return client.postForm('/web/signup', { csrf_token, redirect: '/', ...fields });
    }

    it('creates a portal user and logs them in', async () => {
      const client = new RpcClient(tk.url);
      const res = await signup(client, { name: 'Grace Hopper', login: 'grace@example.com', password: 'cobol-1959', confirm_password: 'cobol-1959' });
      expect(res.status).to.equal(302);
      expect(res.headers.get('location')).to.equal('/');
      const info = (await sessionInfo(client)).result!;
      expect(info.username).to.equal('grace@example.com');
      expect(info.is_internal_user).to.equal(false);
      expect(info.is_admin).to.equal(false);
      const [user] = await tk.sudo().model('res.users').search_read([['login', '=', 'grace@example.com']], ['name', 'share', 'email']);
      expect(user).to.include({ name: 'Grace Hopper', share: true, email: 'grace@example.com' });
      // A portal user sees only their own contact.
      const partners = await client.callKw<Array<{ name: string }>>('res.partner', 'search_read', [[], ['name']]);
      expect(partners.map((p) => p.name)).to.deep.equal(['Grace Hopper']);
      // And the new password works on its own.
      const again = new RpcClient(tk.url);
      expect(await again.authenticate('grace@example.com', 'cobol-1959')).to.have.property('uid', info.uid);
    });

    it('refuses a login that is already taken (any case)', async () => {
      const client = new RpcClient(tk.url);
      const res = await signup(client, { name: 'Impostor', login: 'GRACE@example.com', password: 'another-pass', confirm_password: 'another-pass' });
      expect(res.status).to.equal(400);
      expect(await res.text()).to.contain('Another user is already registered using this login.');
      expect((await sessionInfo(client)).error!.code).to.equal(100);
      expect(await tk.sudo().model('res.users').search_count([['name', '=', 'Impostor']])).to.equal(0);
    });

    it('refuses a short password', async () => {
      const client = new RpcClient(tk.url);
      const res = await signup(client, { name: 'Shorty', login: 'shorty@example.com', password: 'short', confirm_password: 'short' });
      expect(res.status).to.equal(400);
      expect(await res.text()).to.contain('at least 8 characters');
      expect(await tk.sudo().model('res.users').search_count([['login', '=', 'shorty@example.com']])).to.equal(0);
    });

    it('refuses passwords that do not match', async () => {
      const client = new RpcClient(tk.url);
      const res = await signup(client, { name: 'Typo', login: 'typo@example.com', password: 'long-enough-1', confirm_password: 'long-enough-2' });
      expect(res.status).to.equal(400);
      expect(await res.text()).to.contain('Passwords do not match');
      expect(await tk.sudo().model('res.users').search_count([['login', '=', 'typo@example.com']])).to.equal(0);
    });
  });
});
