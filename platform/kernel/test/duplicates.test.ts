import { expect } from 'chai';
import { bootTestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { fixture, moduleLoadError } from './support';

describe('boot refuses duplicate definitions', () => {
  const roots = [fixture('duplicates')];

  it('a model defined twice: names the module and the first owner', async () => {
    const err = await moduleLoadError(() => bootTestKernel({ modules: ['dup_model'], roots }));
    expect(err.moduleName).to.equal('dup_model');
    expect(err.message).to.equal("module 'dup_model': model 'res.partner' is already defined by module 'base'");
  });

  it('a field defined twice: names the module, the field and the first owner', async () => {
    const err = await moduleLoadError(() => bootTestKernel({ modules: ['dup_field'], roots }));
    expect(err.moduleName).to.equal('dup_field');
    expect(err.message).to.equal("module 'dup_field': field 'res.partner.email' is already defined by module 'base'");
  });

  it('a route (method + path) defined twice: names the module and the first owner', async () => {
    const err = await moduleLoadError(() => bootTestKernel({ modules: ['dup_route'], roots }));
    expect(err.moduleName).to.equal('dup_route');
    expect(err.message).to.equal("module 'dup_route': route GET /health is already defined by module 'base'");
  });

  it('the same path with another method is not a duplicate', async () => {
    const tk = await bootTestKernel({ modules: ['other_route'], roots, http: true });
    try {
      const client = new RpcClient(tk.url);
      expect(await (await client.get('/fixture/hello')).text()).to.contain('hello');
      expect((await (await client.get('/health')).json())).to.deep.equal({ status: 'ok', database: 'ok' });
      const posted = await client.fetch('/health', { method: 'POST' });
      expect(posted.status).to.equal(200);
      expect(await posted.text()).to.contain('posted');
      expect(tk.kernel.routes().filter((r) => r.route.path === '/health').map((r) => r.module).sort()).to.deep.equal(['base', 'other_route']);
    } finally {
      await tk.stop();
    }
  });
});
