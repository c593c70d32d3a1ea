import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { rawRequest } from './support';

describe('a method the route does not take answers 405, not "Page not found"', () => {
  let tk: TestKernel;
  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true });
  });
  after(async () => tk?.stop());

  it('a page route: a 405 page saying the method is not allowed, with Allow', async () => {
    const res = await rawRequest(tk.url, '/web/login', { method: 'DELETE' });
    expect(res.status).to.equal(405);
    expect(res.headers.allow).to.contain('GET');
    expect(res.headers.allow).to.contain('POST');
    expect(res.headers['content-type']).to.contain('text/html');
    expect(res.body).to.contain('Method not allowed').and.not.contain('Page not found');
  });

  it('is translated under /fr', async () => {
    const res = await rawRequest(tk.url, '/fr/web/login', { method: 'DELETE' });
    expect(res.status).to.equal(405);
    expect(res.body).to.contain('Méthode non autorisée');
  });

  it('a JSON route answers a JSON-RPC error', async () => {
    const res = await rawRequest(tk.url, '/web/session/get_session_info', { method: 'GET' });
    expect(res.status).to.equal(405);
    expect(res.headers.allow).to.equal('POST');
    const body = JSON.parse(res.body);
    expect(body.jsonrpc).to.equal('2.0');
    expect(body.error.code).to.equal(405);
    expect(body.error.data.message).to.contain('not allowed');
  });

  it('OPTIONS lists the methods; unknown paths stay 404', async () => {
    const options = await rawRequest(tk.url, '/web/login', { method: 'OPTIONS' });
    expect(options.status).to.equal(200);
    expect(options.headers.allow).to.contain('POST');
    expect((await rawRequest(tk.url, '/no/such/page', { method: 'DELETE' })).status).to.equal(404);
  });
});
