import http from 'node:http';
import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';

const MB = 1024 * 1024;

type RpcAnswer = { error?: { code: number; data: { name: string; message: string } }; result?: unknown };

describe('request size limits', () => {
  let tk: TestKernel;
  let admin: RpcClient;
  before(async () => {
    tk = await bootTestKernel({ modules: ['mass_mailing'], http: true });
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
  });
  after(async () => tk?.stop());

  const call = (client: RpcClient, path: string, params: Record<string, unknown>) => client.rpc(path, params) as Promise<RpcAnswer>;

  describe('JSON bodies: 1 MB', () => {
    it('a body announced larger is refused before it is sent (413 and a JSON-RPC error)', async function () {
      this.timeout(5000);
      const url = new URL(tk.url);
      // Only the headers go out: a server that waited for the 2 MB would never answer.
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ hostname: url.hostname, port: url.port, path: '/website/translations', method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': String(2 * MB) } }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c));
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body });
          });
        });
        req.on('error', reject);
        req.flushHeaders();
      });
      expect(answer.status).to.equal(413);
      expect((JSON.parse(answer.body) as RpcAnswer).error!.data.message).to.equal('Request body too large');
    });

    it('a body sent without a length is cut off past the limit', async () => {
      const mods = Array.from({ length: 150_000 }, (_, i) => `m${i}`);
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, params: { mods } });
      expect(body.length).to.be.within(MB, 2 * MB);
      // A stream body makes fetch send it chunked, without Content-Length.
      const stream = new Blob([body]).stream();
      const res = await fetch(`${tk.url}/website/translations`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit);
      expect(res.status).to.equal(413);
      // What is left of the body is not read: the connection must not be reused.
      expect(res.headers.get('connection')).to.equal('close');
      expect(((await res.json()) as RpcAnswer).error!.data.message).to.equal('Request body too large');
    });

    it('call_kw takes up to 4 MB from a signed-in user (images), never from a visitor', async () => {
      const params = { model: 'res.partner', method: 'search_count', args: [[['id', '=', 0]]], kwargs: { context: { padding: 'x'.repeat(2 * MB) } } };
      expect((await call(admin, '/web/dataset/call_kw', params)).result).to.equal(0);
      expect((await call(new RpcClient(tk.url), '/web/dataset/call_kw', params)).error!.data.message).to.equal('Request body too large');
    });
  });

  describe('form bodies: 1 MB', () => {
    it('a larger form post is refused (413) and its connection closed', async () => {
      const res = await new RpcClient(tk.url).postForm('/web/login', { login: 'admin', password: 'x'.repeat(1.5 * MB) });
      expect(res.status).to.equal(413);
      expect(res.headers.get('connection')).to.equal('close');
    });
  });

  describe('arrays in parameters are refused past their maximum, before any element is looked at', () => {
    it('/website/translations mods', async () => {
      const answer = await call(new RpcClient(tk.url), '/website/translations', { mods: Array.from({ length: 100_000 }, () => 'website') });
      expect(answer.error!.data.name).to.equal('ValidationError');
      expect(answer.error!.data.message).to.match(/mods/);
    });

    it('/mail/mailing/unsubscribe opt_in_ids and opt_out_ids', async () => {
      for (const key of ['opt_in_ids', 'opt_out_ids']) {
        const answer = await call(new RpcClient(tk.url), '/mail/mailing/unsubscribe', { mailing_id: 1, email: 'a@example.com', token: 'x', [key]: Array.from({ length: 100_000 }, (_, i) => i) });
        expect(answer.error!.data.name, key).to.equal('ValidationError');
        expect(answer.error!.data.message, key).to.contain(key);
      }
    });
  });
});
