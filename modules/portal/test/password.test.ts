import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';

describe('portal: change of password in /my/account', () => {
  let tk: TestKernel;
  let n = 0;

  before(async () => {
    tk = await bootTestKernel({ modules: ['portal'], http: true });
  });
  after(async () => tk?.stop());

  /** A new portal user signed in on a client; each test has its own account. */
  async function signedIn(password = 'old-password-1'): Promise<{ client: RpcClient; login: string }> {
    const login = `pw${++n}@example.com`;
    await tk.kernel.container.get(UserAccounts).create({ name: login, login, password });
    const client = new RpcClient(tk.url);
    await client.authenticate(login, password);
    return { client, login };
  }

  async function change(client: RpcClient, fields: Record<string, string>, path = '/my/account/password'): Promise<Response> {
    return client.postForm(path, { csrf_token: await client.csrfFrom('/my/account'), ...fields });
  }

  const canLogIn = async (login: string, password: string) => !(await new RpcClient(tk.url).rpc('/web/session/authenticate', { db: 'x', login, password })).error;

  it('shows the form next to the details', async () => {
    const { client } = await signedIn();
    const html = await (await client.get('/my/account')).text();
    expect(html).to.contain('action="/my/account/password"').and.contain('name="current_password"').and.contain('name="new_password"').and.contain('name="confirm_password"');
  });

  it('changes the password with the right current one, keeps this session and signs out the others', async () => {
    const { client, login } = await signedIn();
    const other = new RpcClient(tk.url);
    await other.authenticate(login, 'old-password-1');
    const res = await change(client, { current_password: 'old-password-1', new_password: 'new-password-1', confirm_password: 'new-password-1' });
    expect(res.status).to.equal(302);
    expect(res.headers.get('location')).to.equal('/my/account');
    expect(await (await client.get('/my/account')).text()).to.contain('Your password has been changed.');
    expect((await client.rpc('/web/session/get_session_info')).result).to.be.an('object');
    expect((await other.rpc('/web/session/get_session_info')).error?.code).to.equal(100);
    expect(await canLogIn(login, 'new-password-1')).to.equal(true);
    expect(await canLogIn(login, 'old-password-1')).to.equal(false);
  });

  it('refuses a wrong current password, a short or mismatched new one; nothing changes', async () => {
    const { client, login } = await signedIn();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ current_password: 'not-it-at-all', new_password: 'new-password-1', confirm_password: 'new-password-1' }, 'current_password', 'The current password is not right.'],
      [{ current_password: 'old-password-1', new_password: 'short', confirm_password: 'short' }, 'new_password', 'The password must have at least 8 characters.'],
      [{ current_password: 'old-password-1', new_password: 'new-password-1', confirm_password: 'new-password-2' }, 'confirm_password', 'Passwords do not match; please retype them.'],
      [{ new_password: 'new-password-1', confirm_password: 'new-password-1' }, 'current_password', 'Type your current password.'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await change(client, fields);
      expect(res.status, message).to.equal(400);
      const html = await res.text();
      expect(html).to.match(new RegExp(`<input id="portal-${field}"[^>]*class="form-control is-invalid"`));
      expect(html).to.contain(message);
    }
    expect(await canLogIn(login, 'old-password-1')).to.equal(true);
  });

  it('is throttled like the login: repeated wrong current passwords are refused with 429', async () => {
    const { client, login } = await signedIn();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await change(client, { current_password: `wrong-${i}-password`, new_password: 'new-password-1', confirm_password: 'new-password-1' })).status);
    expect(statuses).to.include(429);
    // Even the right one is refused while throttled.
    expect((await change(client, { current_password: 'old-password-1', new_password: 'new-password-1', confirm_password: 'new-password-1' })).status).to.equal(429);
    expect(await canLogIn(login, 'new-password-1')).to.equal(false);
  });

  it('refuses a post without CSRF token and visitors', async () => {
    const { client, login } = await signedIn();
    const res = await client.postForm('/my/account/password', { current_password: 'old-password-1', new_password: 'new-password-1', confirm_password: 'new-password-1' });
    expect(res.status).to.equal(400);
    const visitor = new RpcClient(tk.url);
    const anon = await visitor.postForm('/my/account/password', { csrf_token: await visitor.csrfFrom('/web/login'), current_password: 'x', new_password: 'new-password-1', confirm_password: 'new-password-1' });
    expect(anon.status).to.equal(302);
    expect(anon.headers.get('location')).to.match(/^\/web\/login/);
    expect(await canLogIn(login, 'old-password-1')).to.equal(true);
  });

  it('reads French under /fr and comes back there', async () => {
    const { client } = await signedIn();
    const html = await (await client.get('/fr/my/account')).text();
    expect(html).to.contain('<title>Mon compte | My Website</title>').and.contain('Changer votre mot de passe').and.contain('action="/fr/my/account/password"');
    const res = await change(client, { current_password: 'old-password-1', new_password: 'new-password-1', confirm_password: 'new-password-1' }, '/fr/my/account/password');
    expect(res.headers.get('location')).to.equal('/fr/my/account');
    expect(await (await client.get('/fr/my/account')).text()).to.contain('Votre mot de passe a été changé.');
  });
});

describe('portal: countries and states in the page language', () => {
  let tk: TestKernel;
  before(async () => {
    tk = await bootTestKernel({ modules: ['portal'], http: true });
  });
  after(async () => tk?.stop());

  async function countryNames(path: string): Promise<string[]> {
    const client = new RpcClient(tk.url);
    await tk.kernel.container.get(UserAccounts).create({ name: 'Sorter', login: `sort${path.length}@example.com`, password: 'password-123' });
    await client.authenticate(`sort${path.length}@example.com`, 'password-123');
    const html = await (await client.get(path)).text();
    const select = /<select id="portal-country_id"[\s\S]*?<\/select>/.exec(html)![0];
    return [...select.matchAll(/<option value="\d+"[^>]*>([^<]+)<\/option>/g)].map((m) => m[1].replace(/&#x27;/g, "'").replace(/&amp;/g, '&'));
  }

  it('sorts French country names with the French collation: Égypte and États-Unis among the E', async () => {
    const names = await countryNames('/fr/my/account');
    const at = (name: string) => names.indexOf(name);
    expect(at('Égypte')).to.be.greaterThan(at('Danemark'));
    expect(at('Égypte')).to.be.lessThan(at('Espagne'));
    expect(at("États-Unis d'Amérique")).to.be.greaterThan(at('Espagne'));
    expect(at("États-Unis d'Amérique")).to.be.lessThan(at('Éthiopie'));
    expect(at('Zimbabwe')).to.equal(names.length - 1);
    const collator = new Intl.Collator('fr-FR', { sensitivity: 'base' });
    expect([...names].sort(collator.compare)).to.deep.equal(names);
  });

  it('sorts English names in English', async () => {
    const names = await countryNames('/my/account');
    expect(names.indexOf('Egypt')).to.be.lessThan(names.indexOf('El Salvador'));
    expect(names).to.include('United States');
    expect(names[names.length - 1]).to.equal('Zimbabwe');
  });
});
