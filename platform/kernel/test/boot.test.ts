import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';

describe('kernel boot', () => {
  let tk: TestKernel;
  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true, demo: true, fresh: true });
  });
  after(async () => tk?.stop());

  it('installs base and website in dependency order', () => {
    expect(tk.kernel.modules.map((m) => m.manifest.name)).to.deep.equal(['base', 'website']);
    expect(tk.kernel.installReport.installed).to.deep.equal(['base', 'website']);
  });

  it('serves the home page and /health', async () => {
    const client = new RpcClient(tk.url);
    const home = await client.get('/');
    expect(home.status).to.equal(200);
    expect(await home.text()).to.contain('class="site-hero');
    const health = await (await client.get('/health')).json();
    expect(health).to.deep.equal({ status: 'ok', database: 'ok' });
  });
});
