import type { ScaffoldNames } from '../scaffold-names';

/**
 * test/items.test.ts: the module on a throwaway database (with its dependencies) over real HTTP, as a
 * visitor, as an internal user, through its form with and without JavaScript, and in the browser (a
 * module's own tour lives in its test/).
 */
export function moduleTestFile(n: ScaffoldNames): string {
  return `import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { launchBrowser, watchErrors } from '../../../test/support/browser';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { ${n.constant}_ITEM_MODEL, type ${n.pascal}ItemSummary } from '../index';

describe('${n.module}: items', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let employee: RpcClient;

  before(async () => {
    // The demo records (a published item and a draft) come with the module's install.
    tk = await bootTestKernel({ modules: ['${n.module}'], http: true, demo: true });
    await tk.sudo().model(${n.constant}_ITEM_MODEL).create({ name: 'Made in the test', is_published: true });
    await tk.get(UserAccounts).create({ name: 'Employee', login: 'employee', password: 'password-123', groups: ['base.group_user'] });
    employee = new RpcClient(tk.url);
    await employee.authenticate('employee', 'password-123');
  });
  after(async () => tk?.stop());

  const names = (items: ${n.pascal}ItemSummary[]) => items.map((i) => i.name);
  const count = () => tk.sudo().model(${n.constant}_ITEM_MODEL).search_count([]);

  it('shows visitors the published items on ${n.url}, not the drafts, and no form', async () => {
    const res = await fetch(\`\${tk.url}${n.url}\`);
    expect(res.status).to.equal(200);
    const html = await res.text();
    expect(html).to.contain('Made in the test').and.contain('Welcome').and.not.contain('Work in progress');
    expect(html).to.contain('data-island="${n.island}"').and.not.contain('data-island="${n.module}.item_form"');
  });

  it('lists the same items over JSON-RPC, and refuses a limit out of bounds, naming the field', async () => {
    const visitor = new RpcClient(tk.url);
    expect(names(await visitor.call('${n.url}/items', { limit: 10 }))).to.deep.equal(['Made in the test', 'Welcome']);
    const refused = await visitor.rpc('${n.url}/items', { limit: 0 });
    expect(refused.error?.data.name).to.equal('ValidationError');
    expect(refused.error?.data).to.have.nested.property('fields.limit');
  });

  it('shows internal users the drafts too', async () => {
    expect(names(await employee.call('${n.url}/items'))).to.deep.equal(['Made in the test', 'Welcome', 'Work in progress']);
  });

  it('adds an item by a plain form post; a missing or too long name is refused with its message, writing nothing', async () => {
    const before = await count();
    const token = await employee.csrfFrom('${n.url}');
    const missing = await employee.postForm('${n.url}/new', { csrf_token: token, name: '  ', description: 'kept' });
    expect(missing.status).to.equal(400);
    const page = await missing.text();
    expect(page).to.match(/class="invalid-feedback"[^>]*>Give the item a name\\./).and.contain('kept');
    const long = await employee.postForm('${n.url}/new', { csrf_token: token, name: 'x'.repeat(257) });
    expect(long.status).to.equal(400);
    expect(await long.text()).to.contain('The name is too long (at most 256 characters).');
    expect(await count()).to.equal(before);

    const added = await employee.postForm('${n.url}/new', { csrf_token: token, name: 'Posted without script' });
    expect(added.status).to.equal(303);
    expect(added.headers.get('location')).to.equal('${n.url}');
    expect(await count()).to.equal(before + 1);
  });

  it('in the browser: the list reloads in place, and the form shows the schema\\'s message before posting', async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext();
      await context.addCookies([{ name: 'session_id', value: employee.cookie.replace('session_id=', ''), url: tk.url }]);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(\`\${tk.url}${n.url}\`);
      await page.waitForSelector('[data-island="${n.module}.item_form"][data-hydrated="true"]');
      await tk.sudo().model(${n.constant}_ITEM_MODEL).create({ name: 'Added meanwhile', is_published: true });
      await page.getByRole('button', { name: 'Reload' }).click();
      await page.getByText('Added meanwhile').waitFor();

      let posted = false;
      page.on('request', (r) => { if (r.method() === 'POST' && r.url().endsWith('${n.url}/new')) posted = true; });
      await page.getByRole('button', { name: 'Add' }).click();
      await page.getByText('Give the item a name.').waitFor();
      expect(posted).to.equal(false);
      await page.getByLabel('Name').fill('Typed in the browser');
      await Promise.all([page.waitForURL(/${n.kebab}$/), page.getByRole('button', { name: 'Add' }).click()]);
      expect(await count()).to.be.greaterThan(0);
      expect(await tk.sudo().model(${n.constant}_ITEM_MODEL).search_count([['name', '=', 'Typed in the browser']])).to.equal(1);
      expect(errors).to.deep.equal([]);
    } finally {
      await browser.close();
    }
  });
});
`;
}
