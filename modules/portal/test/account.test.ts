import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { countryIds, portalClient } from './support';

type Partner = Record<string, unknown>;

/** Whether the page marks the input or select of a field as invalid. */
function flagged(html: string, field: string): boolean {
  const tag = new RegExp(`<(input|select)[^>]*\\bname="${field}"[^>]*>`).exec(html)?.[0] ?? '';
  return tag.includes('aria-invalid="true"');
}

describe('portal: /my/account', () => {
  let tk: TestKernel;
  let client: RpcClient;
  let partnerId: number;
  let us: { country: number; state?: number };
  let france: { country: number; state?: number };
  let gibraltar: { country: number };

  const valid = (extra: Record<string, string> = {}): Record<string, string> => ({
    name: 'Jane Doe', email: 'jane@example.com', phone: '+1 555 0100', street: '1 Main St', city: 'Springfield',
    zipcode: '90001', country_id: String(us.country), state_id: String(us.state), vat: '', company_name: 'Acme', ...extra,
  });
  const post = async (fields: Record<string, string>) => client.postForm('/my/account', { csrf_token: await client.csrfFrom('/my/account'), ...fields });
  const partner = async (): Promise<Partner> => (await tk.sudo().model('res.partner').read([partnerId], ['name', 'email', 'phone', 'street', 'city', 'zip', 'country_id', 'state_id', 'vat', 'company_name']))[0];

  before(async () => {
    tk = await bootTestKernel({ modules: ['portal'], http: true });
    ({ client, partnerId } = await portalClient(tk, 'jane'));
    us = await countryIds(tk, 'US', 'CA');
    france = await countryIds(tk, 'FR', 'IDF');
    gibraltar = await countryIds(tk, 'GI');
    expect(us.state, 'California loaded').to.be.a('number');
    expect(france.state, 'Ile-de-France loaded').to.be.a('number');
  });
  after(async () => tk?.stop());

  it('sends visitors to the login page', async () => {
    const res = await new RpcClient(tk.url).get('/my/account');
    expect(res.status).to.equal(302);
    expect(res.headers.get('location')).to.equal('/web/login?redirect=%2Fmy%2Faccount');
  });

  it('shows the form with every country and the saved values, framed by nobody', async () => {
    const res = await client.get('/my/account');
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-frame-options')).to.equal('DENY');
    const html = await res.text();
    for (const f of ['name', 'email', 'phone', 'street', 'city', 'zipcode', 'country_id', 'vat', 'company_name']) expect(html).to.contain(`name="${f}"`);
    expect((html.match(/<option value="\d+"/g) ?? []).length).to.be.greaterThan(240);
    expect(html).to.contain('>United States<').and.contain('>Gibraltar<');
    expect(html).to.contain('data-island="portal.address_selects"');
    // The user's name in the header leads here, where portal is enabled.
    expect(html).to.match(/<a href="\/my\/account" class="dropdown-item user-account">/);
  });

  it('saves valid details with a state of the country and shows a saved notice once', async () => {
    const res = await post(valid());
    expect(res.status).to.equal(302);
    expect(res.headers.get('location')).to.equal('/my/account');
    const p = await partner();
    expect(p).to.include({ name: 'Jane Doe', email: 'jane@example.com', phone: '+1 555 0100', street: '1 Main St', city: 'Springfield', zip: '90001', company_name: 'Acme', vat: false });
    expect((p.country_id as [number, string])[0]).to.equal(us.country);
    expect((p.state_id as [number, string])[0]).to.equal(us.state);
    const page = await (await client.get('/my/account')).text();
    expect(page).to.contain('Your details have been saved.');
    expect(page).to.contain('value="Jane Doe"');
    expect(page).to.match(new RegExp(`<option value="${us.state}" selected="">California</option>`));
    expect(await (await client.get('/my/account')).text()).to.not.contain('Your details have been saved.');
  });

  it('saves a country without states and clears the state', async () => {
    const res = await post(valid({ country_id: String(gibraltar.country), state_id: '', city: 'Gibraltar', zipcode: '' }));
    expect(res.status).to.equal(302);
    const p = await partner();
    expect((p.country_id as [number, string])[0]).to.equal(gibraltar.country);
    expect(p.state_id).to.equal(false);
    expect(p.zip).to.equal(false);
  });

  it('requires name, phone, email, street, city and country; writes nothing', async () => {
    const before = await partner();
    const res = await post({ name: '', email: '', phone: ' ', street: '', city: '', country_id: '' });
    expect(res.status).to.equal(200);
    const html = await res.text();
    expect(html).to.contain('Some required fields are empty.');
    for (const f of ['name', 'email', 'phone', 'street', 'city', 'country_id']) expect(flagged(html, f), f).to.equal(true);
    expect(flagged(html, 'company_name')).to.equal(false);
    expect(await partner()).to.deep.equal(before);
  });

  it('refuses an invalid e-mail with the spec message and echoes the posted values', async () => {
    const before = await partner();
    const res = await post(valid({ email: 'jane@nowhere', name: 'Echo Me' }));
    expect(res.status).to.equal(200);
    const html = await res.text();
    expect(html).to.contain('Invalid Email! Please enter a valid email address.');
    expect(html).to.not.contain('Some required fields are empty.');
    expect(html).to.contain('value="Echo Me"');
    expect(flagged(html, 'email')).to.equal(true);
    expect(flagged(html, 'name')).to.equal(false);
    expect(await partner()).to.deep.equal(before);
  });

  it('refuses a state of another country', async () => {
    const before = await partner();
    const res = await post(valid({ state_id: String(france.state) }));
    expect(res.status).to.equal(200);
    const html = await res.text();
    expect(html).to.contain('The chosen state does not belong to the chosen country.');
    expect(flagged(html, 'state_id')).to.equal(true);
    expect(await partner()).to.deep.equal(before);
  });

  it('requires a state when the country has states', async () => {
    const before = await partner();
    const res = await post(valid({ state_id: '' }));
    expect(res.status).to.equal(200);
    const html = await res.text();
    expect(html).to.contain('Some required fields are empty.');
    expect(flagged(html, 'state_id')).to.equal(true);
    // The states of the posted country are listed so the form can be fixed without JavaScript.
    expect(html).to.contain('>California<');
    expect(await partner()).to.deep.equal(before);
  });

  it('does not require a state where addresses name none (France has regions in the ISO data)', async () => {
    const res = await post(valid({ country_id: String(france.country), state_id: '', city: 'Paris', zipcode: '75001' }));
    expect(res.status).to.equal(302);
    const p = await partner();
    expect((p.country_id as [number, string])[0]).to.equal(france.country);
    expect(p.state_id).to.equal(false);
    // A state may still be given.
    expect((await post(valid({ country_id: String(france.country), state_id: String(france.state), city: 'Paris', zipcode: '75001' }))).status).to.equal(302);
    expect(((await partner()).state_id as [number, string])[0]).to.equal(france.state);
  });

  it('flags the countries whose addresses need a state (res.country.state_required)', async () => {
    const codes = (await tk.sudo().model('res.country').search_read([['state_required', '=', true]], ['code'])).map((c) => c.code);
    expect(codes).to.include.members(['US', 'CA', 'AU', 'IN', 'BR', 'MX']);
    expect(codes).to.not.include.members(['FR', 'DE', 'GB']);
  });

  it('refuses unknown or malformed countries and states', async () => {
    const before = await partner();
    for (const [country, state] of [['999999', ''], ['abc', ''], ['-1', ''], [String(us.country), '999999'], [String(us.country), 'x'], ['', String(us.state)]]) {
      const res = await post(valid({ country_id: country, state_id: state }));
      expect(res.status, `${country}/${state}`).to.equal(200);
      expect(await res.text()).to.contain('class="alert alert-danger"');
    }
    expect(await partner()).to.deep.equal(before);
  });

  it('refuses unknown fields with the spec message', async () => {
    const before = await partner();
    const res = await post(valid({ is_admin: '1', groups_id: '2' }));
    expect(res.status).to.equal(200);
    expect(await res.text()).to.contain('Unknown field &#x27;is_admin,groups_id&#x27;');
    expect(await partner()).to.deep.equal(before);
  });

  it('refuses values longer than the columns, and repeated keys', async () => {
    const before = await partner();
    const long = await post(valid({ city: 'x'.repeat(129) }));
    expect(long.status).to.equal(200);
    expect(await long.text()).to.contain('Some values are too long.');
    const token = await client.csrfFrom('/my/account');
    const body = new URLSearchParams({ csrf_token: token, ...valid() });
    body.append('name', 'Second');
    const repeated = await client.fetch('/my/account', { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: body.toString() });
    expect(repeated.status).to.equal(200);
    expect(await repeated.text()).to.contain('class="alert alert-danger"');
    expect(await partner()).to.deep.equal(before);
  });

  it('refuses a post without a valid CSRF token', async () => {
    const before = await partner();
    const res = await client.postForm('/my/account', { csrf_token: 'forged', ...valid({ name: 'Forged' }) });
    expect(res.status).to.equal(400);
    expect(await res.text()).to.contain('invalid CSRF token');
    const none = await client.postForm('/my/account', valid({ name: 'Forged' }));
    expect(none.status).to.equal(400);
    expect(await partner()).to.deep.equal(before);
  });

  it('redirects to a local `redirect` after saving, never to another site', async () => {
    const local = await post(valid({ redirect: '/shop/checkout?step=2' }));
    expect(local.status).to.equal(302);
    expect(local.headers.get('location')).to.equal('/shop/checkout?step=2');
    for (const evil of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      const res = await post(valid({ redirect: evil }));
      expect(res.headers.get('location'), evil).to.equal('/my/account');
    }
  });

  it('keeps a `redirect` from the query string in the form', async () => {
    const html = await (await client.get('/my/account?redirect=%2Fshop%2Fcheckout')).text();
    expect(html).to.contain('name="redirect" value="/shop/checkout"');
  });

  it('/my/account/states lists a country\'s states; bad input is a ValidationError', async () => {
    const visitor = new RpcClient(tk.url);
    const states = await visitor.call<Array<{ id: number; name: string; code: string }>>('/my/account/states', { country_id: us.country });
    expect(states.map((s) => s.code)).to.include('CA').and.include('NY');
    expect(await visitor.call('/my/account/states', { country_id: gibraltar.country })).to.deep.equal([]);
    for (const params of [{}, { country_id: 'US' }, { country_id: -3 }, { country_id: 1, extra: 1 }]) {
      const answer = await visitor.rpc('/my/account/states', params);
      expect(answer.error?.data.name, JSON.stringify(params)).to.equal('ValidationError');
    }
  });

  it('internal users edit their own details too', async () => {
    const uid = await tk.kernel.container.get(UserAccounts).create({ name: 'Emp', login: 'emp', password: 'password-123', groups: ['base.group_user'] });
    const emp = new RpcClient(tk.url);
    await emp.authenticate('emp', 'password-123');
    const res = await emp.postForm('/my/account', { csrf_token: await emp.csrfFrom('/my/account'), ...valid({ name: 'Employee Renamed' }) });
    expect(res.status).to.equal(302);
    const [user] = await tk.sudo().model('res.users').read([uid], ['partner_id']);
    const [contact] = await tk.sudo().model('res.partner').read([(user.partner_id as [number, string])[0]], ['name']);
    expect(contact.name).to.equal('Employee Renamed');
  });
});
