import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { postJson, rpcBody } from './support';

type RpcAnswer = { jsonrpc: string; id: unknown; result?: unknown; error?: { code: number; message: string; data: { name: string; message: string } } };

describe('JSON-RPC envelope', () => {
  let tk: TestKernel;
  let admin: RpcClient;
  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true, demo: true });
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
  });
  after(async () => tk?.stop());

  const callKw = (model: string, method: string, args: unknown[] = [], kwargs: Record<string, unknown> = {}) => ({ model, method, args, kwargs });

  it('answers {jsonrpc, id, result} and echoes the id', async () => {
    const res = await postJson(tk.url, '/web/dataset/call_kw', rpcBody(callKw('website.page', 'search_count', [[]]), 'abc-42'));
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^application\/json/);
    const body = await res.json() as RpcAnswer;
    expect(body).to.have.all.keys('jsonrpc', 'id', 'result');
    expect(body.jsonrpc).to.equal('2.0');
    expect(body.id).to.equal('abc-42');
    expect(body.result).to.be.a('number');
  });

  it('answers id null when the request had none', async () => {
    const res = await postJson(tk.url, '/web/dataset/call_kw', JSON.stringify({ jsonrpc: '2.0', method: 'call', params: callKw('website.page', 'search_count', [[]]) }));
    const body = await res.json() as RpcAnswer;
    expect(body.id).to.equal(null);
    expect(body).to.have.property('result');
  });

  it('accepts the /web/dataset/call_kw/<model>/<method> form and refuses a mismatch', async () => {
    expect(await admin.call('/web/dataset/call_kw/res.partner/search_count', callKw('res.partner', 'search_count', [[]]))).to.be.a('number');
    const bad = await admin.rpc('/web/dataset/call_kw/res.partner/search_count', callKw('res.users', 'search_count', [[]]));
    expect(bad.error!.data.name).to.equal('ValidationError');
  });

  describe('errors', () => {
    async function errorOf(path: string, params: Record<string, unknown>, client = admin) {
      const answer = await client.rpc(path, params) as RpcAnswer;
      expect(answer, JSON.stringify(answer)).to.have.property('error');
      expect(answer).not.to.have.property('result');
      expect(answer.jsonrpc).to.equal('2.0');
      expect(answer.error).to.include.keys('code', 'message', 'data');
      expect(answer.error!.data).to.include.keys('name', 'message');
      expect(JSON.stringify(answer)).not.to.match(/\n\s+at /); // no stack trace
      return answer.error!;
    }

    it('AccessError when the user has no right on the model', async () => {
      const err = await errorOf('/web/dataset/call_kw', callKw('res.partner', 'search_read', [[], ['name']]), new RpcClient(tk.url));
      expect(err.code).to.equal(200);
      expect(err.message).to.equal('Server Error');
      expect(err.data.name).to.equal('AccessError');
    });

    it('ValidationError for an unknown field', async () => {
      const err = await errorOf('/web/dataset/call_kw', callKw('res.partner', 'search_read', [[['no_such_field', '=', 1]]]));
      expect(err.data.name).to.equal('ValidationError');
    });

    it('ValidationError for a method that is not public', async () => {
      for (const method of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'sudo', '_private']) {
        const err = await errorOf('/web/dataset/call_kw', callKw('res.partner', method, []));
        expect(err.data.name, method).to.equal('ValidationError');
        expect(err.data.message).to.contain(`Method '${method}' does not exist`);
      }
    });

    it('MissingError for a record that does not exist', async () => {
      const err = await errorOf('/web/dataset/call_kw', callKw('res.partner', 'read', [[987654], ['name']]));
      expect(err.data.name).to.equal('MissingError');
    });

    it('malformed JSON gives a JSON-RPC error, never an HTML 500', async () => {
      for (const body of ['{"jsonrpc": "2.0", "params": {', 'not json at all', '']) {
        const res = await postJson(tk.url, '/web/dataset/call_kw', body);
        expect(res.status, body).to.not.equal(500);
        expect(res.headers.get('content-type')).to.match(/^application\/json/);
        const answer = await res.json() as RpcAnswer;
        expect(answer.jsonrpc).to.equal('2.0');
        expect(answer.id).to.equal(null);
        expect(answer.error!.data.name).to.equal('ValidationError');
      }
    });

    it('a body that is not a JSON-RPC object is refused', async () => {
      for (const body of ['[1, 2]', '"text"', JSON.stringify({ jsonrpc: '2.0', params: [1], id: 3 })]) {
        const res = await postJson(tk.url, '/web/dataset/call_kw', body);
        const answer = await res.json() as RpcAnswer;
        expect(answer.error!.data.name, body).to.equal('ValidationError');
      }
    });

    it('Content-Type text/plain -> 415 with a JSON-RPC error', async () => {
      const res = await fetch(`${tk.url}/web/dataset/call_kw`, {
        method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: rpcBody(callKw('website.page', 'search_count', [[]])),
      });
      expect(res.status).to.equal(415);
      expect(res.headers.get('content-type')).to.match(/^application\/json/);
      const answer = await res.json() as RpcAnswer;
      expect(answer.jsonrpc).to.equal('2.0');
      expect(answer.error!.data.name).to.equal('ValidationError');
      expect(answer.error!.data.message).to.contain('Content-Type');
    });

    it('/web/session/authenticate: unknown params and wrong types -> ValidationError', async () => {
      const client = new RpcClient(tk.url);
      const unknown = await errorOf('/web/session/authenticate', { db: 'test', login: 'admin', password: ADMIN_PASSWORD, evil: 1 }, client);
      expect(unknown.data.name).to.equal('ValidationError');
      expect(unknown.data.message).to.contain('evil');
      const wrongType = await errorOf('/web/session/authenticate', { db: 'test', login: 42, password: ADMIN_PASSWORD }, client);
      expect(wrongType.data.name).to.equal('ValidationError');
      const missing = await errorOf('/web/session/authenticate', { db: 'test', login: 'admin' }, client);
      expect(missing.data.name).to.equal('ValidationError');
      expect(client.cookie).to.equal(''); // none of them logged in
    });

    it('call_kw: unknown params and wrong types -> ValidationError', async () => {
      const cases: Array<Record<string, unknown>> = [
        { ...callKw('res.partner', 'search_count', [[]]), extra: true },
        { model: 5, method: 'search_count', args: [[]] },
        { model: 'res.partner', method: 'search_count', args: 'nope' },
        { model: 'res.partner', method: 'search_count', args: [[]], kwargs: [1] },
        { method: 'search_count', args: [[]] },
        callKw('res.partner', 'search_read', [[], ['name']], { limit: 'ten' }),
        callKw('res.partner', 'search_read', [[]], { bogus: 1 }),
        callKw('res.partner', 'search_count', [[], 1, 2, 3]),
      ];
      for (const params of cases) {
        const err = await errorOf('/web/dataset/call_kw', params);
        expect(err.data.name, JSON.stringify(params)).to.equal('ValidationError');
      }
    });

    it('nothing is written when a call fails', async () => {
      const count = () => admin.callKw<number>('res.partner', 'search_count', [[]]);
      const before = await count();
      const bad = await admin.rpc('/web/dataset/call_kw', callKw('res.partner', 'create', [{ name: 'Half written', bogus_field: 1 }]));
      expect(bad.error!.data.name).to.equal('ValidationError');
      const list = await admin.rpc('/web/dataset/call_kw', callKw('res.partner', 'create', [[{ name: 'First of two' }, { name: 'Second', bogus_field: 1 }]]));
      expect(list.error).to.not.equal(undefined);
      const missingName = await admin.rpc('/web/dataset/call_kw', callKw('res.partner', 'create', [{ email: 'x@example.com' }]));
      expect(missingName.error!.data.name).to.equal('ValidationError');
      expect(await count()).to.equal(before);
      expect(await admin.callKw<number>('res.partner', 'search_count', [[['name', 'in', ['Half written', 'First of two', 'Second']]]])).to.equal(0);
    });

    it('an unknown or expired session cookie on get_session_info -> code 100', async () => {
      for (const cookie of ['session_id=' + 'x'.repeat(43), 'session_id=short', 'session_id=' + 'A'.repeat(43)]) {
        const res = await postJson(tk.url, '/web/session/get_session_info', rpcBody({}), { Cookie: cookie });
        const answer = await res.json() as RpcAnswer;
        expect(answer.error!.code, cookie).to.equal(100);
        expect(answer.error!.message).to.equal('Session Expired');
        expect(answer.error!.data.name).to.equal('SessionExpiredException');
      }
      const anonymous = await postJson(tk.url, '/web/session/get_session_info', rpcBody({}));
      expect(((await anonymous.json()) as RpcAnswer).error!.code).to.equal(100);
    });

    it('a session whose expiry is past -> code 100', async () => {
      const client = new RpcClient(tk.url);
      await client.authenticate('admin', ADMIN_PASSWORD);
      expect(await client.call('/web/session/get_session_info')).to.have.property('uid');
      await tk.kernel.db('http_session').update({ expires_at: '2000-01-01 00:00:00' });
      const answer = await client.rpc('/web/session/get_session_info');
      expect(answer.error!.code).to.equal(100);
      await admin.authenticate('admin', ADMIN_PASSWORD); // the shared admin session expired too
    });
  });
});
