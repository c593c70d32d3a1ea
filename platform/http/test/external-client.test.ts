import { expect } from 'chai';
import OdooJSONRpc from '@fernandoslim/odoo-jsonrpc';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';

describe('external JSON-RPC client (@fernandoslim/odoo-jsonrpc)', () => {
  let tk: TestKernel;
  let odoo: OdooJSONRpc;
  let port: number;
  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true });
    port = tk.server!.port;
    odoo = new OdooJSONRpc({ baseUrl: 'http://127.0.0.1', port, db: 'test', username: 'admin', password: ADMIN_PASSWORD });
  });
  after(async () => tk?.stop());

  it('authenticates through /web/session/authenticate', async () => {
    const info = await odoo.connect() as unknown as { uid: number; username: string; is_admin: boolean };
    expect(odoo.is_connected).to.equal(true);
    expect(odoo.sessionId).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(info.username).to.equal('admin');
    expect(info.is_admin).to.equal(true);
    expect(info.uid).to.be.a('number');
  });

  it('fails to connect with a wrong password', async () => {
    const bad = new OdooJSONRpc({ baseUrl: 'http://127.0.0.1', port, db: 'test', username: 'admin', password: 'wrong' });
    let failed = false;
    try {
      await bad.connect();
    } catch {
      failed = true;
    }
    expect(failed).to.equal(true);
    expect(bad.is_connected).to.equal(false);
  });

  let createdId: number;
  it('create', async () => {
    createdId = await odoo.create('res.partner', { name: 'External Client Ltd', email: 'ext@example.com', city: 'Ghent' });
    expect(createdId).to.be.a('number');
    await odoo.create('res.partner', { name: 'External Client Two', city: 'Ghent' });
  });

  it('search_read with fields and options', async () => {
    const rows = await odoo.searchRead<{ id: number; name: string; email: string | false }>(
      'res.partner', [['city', '=', 'Ghent']], ['name', 'email'], { order: 'name desc', limit: 10 },
    );
    expect(rows.map((r) => r.name)).to.deep.equal(['External Client Two', 'External Client Ltd']);
    expect(rows[1]).to.deep.equal({ id: createdId, name: 'External Client Ltd', email: 'ext@example.com' });
    expect(rows[0].email).to.equal(false);
    const limited = await odoo.searchRead('res.partner', [['city', '=', 'Ghent']], ['name'], { limit: 1, offset: 1, order: 'name' });
    expect(limited).to.deep.equal([{ id: rows[0].id, name: 'External Client Two' }]);
  });

  it('search_count', async () => {
    expect(await odoo.call_kw('res.partner', 'search_count', [[['city', '=', 'Ghent']]])).to.equal(2);
    expect(await odoo.call_kw('res.partner', 'search_count', [[['city', '=', 'Nowhere']]])).to.equal(0);
  });

  it('read_group', async () => {
    const groups = await odoo.call_kw('res.partner', 'read_group', [[['city', '!=', false]], ['city'], ['city']]) as Array<Record<string, unknown>>;
    const ghent = groups.find((g) => g.city === 'Ghent');
    expect(ghent, JSON.stringify(groups)).to.not.equal(undefined);
    expect(ghent!.city_count).to.equal(2);
  });

  it('write (update)', async () => {
    expect(await odoo.update('res.partner', createdId, { city: 'Bruges', phone: '+32 50 00 00 00' })).to.equal(true);
    const [row] = await odoo.read<{ city: string; phone: string }>('res.partner', createdId, ['city', 'phone']);
    expect(row).to.include({ city: 'Bruges', phone: '+32 50 00 00 00' });
    expect(await odoo.call_kw('res.partner', 'search_count', [[['city', '=', 'Ghent']]])).to.equal(1);
  });

  it('errors surface as exceptions with the server message', async () => {
    let message = '';
    try {
      await odoo.create('res.partner', { name: 'Bad', no_such_field: 1 });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).to.contain('no_such_field');
  });

  it('reconnects with an existing session id', async () => {
    const again = new OdooJSONRpc({ baseUrl: 'http://127.0.0.1', port, db: 'test', sessionId: odoo.sessionId! });
    const info = await again.connect() as unknown as { username: string };
    expect(info.username).to.equal('admin');
    expect(await again.call_kw('res.partner', 'search_count', [[['id', '=', createdId]]])).to.equal(1);
  });
});
