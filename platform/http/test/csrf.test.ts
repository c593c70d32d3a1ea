import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { checkCsrfToken, csrfToken } from '../csrf';
import { Session } from '../session';

describe('CSRF', () => {
  describe('tokens', () => {
    const secret = 'test-secret';
    it('are bound to the browser (session id or visitor cookie) and the secret, and expire', () => {
      const a = Session.fresh().sid;
      const b = Session.fresh().sid;
      const token = csrfToken(secret, a);
      expect(checkCsrfToken(secret, a, token)).to.equal(true);
      expect(checkCsrfToken(secret, b, token)).to.equal(false);
      expect(checkCsrfToken(secret, `visitor:${a}`, token)).to.equal(false);
      expect(checkCsrfToken('other-secret', a, token)).to.equal(false);
      expect(checkCsrfToken(secret, a, csrfToken(secret, a, Date.now() - 49 * 3600 * 1000))).to.equal(false);
      for (const bad of [undefined, 42, '', 'garbage', token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')), `${token}0`]) {
        expect(checkCsrfToken(secret, a, bad), String(bad)).to.equal(false);
      }
    });
  });

  describe('on POST /web/login', () => {
    let tk: TestKernel;
    before(async () => {
      tk = await bootTestKernel({ modules: ['website'], http: true });
    });
    after(async () => tk?.stop());

    const isLoggedIn = async (client: RpcClient) => !(await client.rpc('/web/session/get_session_info')).error;
    const credentials = { login: 'admin', password: ADMIN_PASSWORD, redirect: '/' };

    it('a multipart post (a file upload) is not parsed: nothing is written to the temporary folder', async () => {
      const marker = `upload-${Date.now()}-${Math.random()}`;
      const before = new Set(fs.readdirSync(os.tmpdir()));
      const form = new FormData();
      form.append('login', 'admin');
      form.append('file', new Blob([marker.repeat(1000)]), 'big.bin');
      const res = await fetch(`${tk.url}/web/login`, { method: 'POST', body: form });
      expect(res.status).to.equal(400); // no CSRF token read from an unparsed body
      const added = fs.readdirSync(os.tmpdir()).filter((f) => !before.has(f));
      const holdingUpload = added.filter((f) => {
        try {
          return fs.statSync(path.join(os.tmpdir(), f)).isFile() && fs.readFileSync(path.join(os.tmpdir(), f), 'utf8').startsWith(marker);
        } catch {
          return false;
        }
      });
      expect(holdingUpload).to.deep.equal([]);
    });

    it('without a token: 400 and not logged in', async () => {
      const client = new RpcClient(tk.url);
      await client.csrfFrom('/web/login');
      const res = await client.postForm('/web/login', credentials);
      expect(res.status).to.equal(400);
      expect(await res.text()).to.contain('invalid CSRF token');
      expect(await isLoggedIn(client)).to.equal(false);
    });

    it('with a wrong token: 400 and not logged in', async () => {
      const client = new RpcClient(tk.url);
      const token = await client.csrfFrom('/web/login');
      const wrong = token.replace(/^[0-9a-f]/, (c) => (c === '0' ? '1' : '0'));
      const res = await client.postForm('/web/login', { ...credentials, csrf_token: wrong });
      expect(res.status).to.equal(400);
      expect(await isLoggedIn(client)).to.equal(false);
    });

    it('with no session at all: 400', async () => {
      const client = new RpcClient(tk.url);
      const res = await client.postForm('/web/login', { ...credentials, csrf_token: 'a'.repeat(64) + 'o9999999999' });
      expect(res.status).to.equal(400);
      expect(await isLoggedIn(client)).to.equal(false);
    });

    it('with the token from GET /web/login: 302 and logged in', async () => {
      const client = new RpcClient(tk.url);
      const token = await client.csrfFrom('/web/login');
      const res = await client.postForm('/web/login', { ...credentials, csrf_token: token, redirect: '/page/x' });
      expect(res.status).to.equal(302);
      expect(res.headers.get('location')).to.equal('/page/x');
      expect(await isLoggedIn(client)).to.equal(true);
    });

    it("another session's token is rejected", async () => {
      const other = new RpcClient(tk.url);
      const othersToken = await other.csrfFrom('/web/login');
      const client = new RpcClient(tk.url);
      await client.csrfFrom('/web/login');
      const res = await client.postForm('/web/login', { ...credentials, csrf_token: othersToken });
      expect(res.status).to.equal(400);
      expect(await isLoggedIn(client)).to.equal(false);
      expect(await isLoggedIn(other)).to.equal(false);
    });

    it('a token from before login does not carry over to the new session id', async () => {
      const client = new RpcClient(tk.url);
      const token = await client.csrfFrom('/web/login');
      expect((await client.postForm('/web/login', { ...credentials, csrf_token: token })).status).to.equal(302);
      // Logged in now with a rotated id: the pre-login token is bound to the old id.
      const res = await client.postForm('/web/signup', { csrf_token: token, name: 'X', login: 'x@example.com', password: 'long-enough-1', confirm_password: 'long-enough-1' });
      expect(res.status).to.equal(400);
      expect(await res.text()).to.contain('invalid CSRF token');
    });

    it('JSON-RPC routes do not need a token', async () => {
      const client = new RpcClient(tk.url);
      await client.authenticate('admin', ADMIN_PASSWORD);
      expect(await isLoggedIn(client)).to.equal(true);
    });
  });
});
