import type { ScaffoldNames } from '../scaffold-names';

/**
 * test/items.test.ts: the module on a throwaway database (with its dependencies) over real HTTP, as a
 * visitor, as an internal user and, last, in the browser (a module's own tour lives in its test/).
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

  before(async () => {
    // The demo records (a published item and a draft) come with the module's install.
    tk = await bootTestKernel({ modules: ['${n.module}'], http: true, demo: true });
    await tk.sudo().model(${n.constant}_ITEM_MODEL).create({ name: 'Made in the test', is_published: true });
  });
  after(async () => tk?.stop());

  const names = (items: ${n.pascal}ItemSummary[]) => items.map((i) => i.name);

  it('shows visitors the published items on ${n.url}, not the drafts', async () => {
    const res = await fetch(\`\${tk.url}${n.url}\`);
    expect(res.status).to.equal(200);
    const html = await res.text();
    expect(html).to.contain('Made in the test').and.contain('Welcome').and.not.contain('Work in progress');
    expect(html).to.contain('data-island="${n.island}"');
  });

  it('lists the same items over JSON-RPC, and refuses a limit out of bounds', async () => {
    const visitor = new RpcClient(tk.url);
    expect(names(await visitor.call('${n.url}/items', { limit: 10 }))).to.deep.equal(['Made in the test', 'Welcome']);
    const refused = await visitor.rpc('${n.url}/items', { limit: 0 });
    expect(refused.error?.data.name).to.equal('ValidationError');
  });

  it('shows internal users the drafts too', async () => {
    await tk.kernel.container.get(UserAccounts).create({ name: 'Employee', login: 'employee', password: 'password-123', groups: ['base.group_user'] });
    const employee = new RpcClient(tk.url);
    await employee.authenticate('employee', 'password-123');
    expect(names(await employee.call('${n.url}/items'))).to.deep.equal(['Made in the test', 'Welcome', 'Work in progress']);
  });

  it('reloads the list in the browser without reloading the page', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const errors = watchErrors(page);
      await page.goto(\`\${tk.url}${n.url}\`);
      await page.waitForSelector('[data-island="${n.island}"][data-hydrated="true"]');
      await tk.sudo().model(${n.constant}_ITEM_MODEL).create({ name: 'Added meanwhile', is_published: true });
      await page.getByRole('button', { name: 'Reload' }).click();
      await page.getByText('Added meanwhile').waitFor();
      expect(errors).to.deep.equal([]);
    } finally {
      await browser.close();
    }
  });
});
`;
}
