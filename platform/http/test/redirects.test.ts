import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { safeRedirect } from '../safe-redirect';

const OPEN_REDIRECTS = [
  '//evil.com',
  '///evil.com',
  ' //evil.com',
  'https://evil.com',
  'http://evil.com/x',
  'https:evil.com',
  'http:evil.com',
  '/\\evil.com',
  '\\\\evil.com',
  '/\\/evil.com',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '/\n/evil.com',
  '/\t/evil.com',
  'evil.com',
  'http://this.site/x',
];

describe('redirects', () => {
  describe('safeRedirect()', () => {
    it('keeps local paths with query and fragment', () => {
      expect(safeRedirect('/')).to.equal('/');
      expect(safeRedirect('/shop?x=1#y')).to.equal('/shop?x=1#y');
      expect(safeRedirect('/a/b/../c')).to.equal('/a/c');
      expect(safeRedirect('/%2F%2Fevil.com')).to.equal('/%2F%2Fevil.com');
    });

    for (const target of OPEN_REDIRECTS) {
      it(`refuses ${JSON.stringify(target)}`, () => {
        expect(safeRedirect(target, '/fallback')).to.equal('/fallback');
      });
    }

    it('falls back on anything that is not a non-empty string', () => {
      for (const v of [undefined, null, 42, {}, [], '', 'x'.repeat(3000)]) expect(safeRedirect(v, '/f')).to.equal('/f');
      expect(safeRedirect(undefined)).to.equal('/');
    });

    it('accepts an absolute URL on the given host only, reduced to its path', () => {
      expect(safeRedirect('http://shop.test/a?b=1', '/', 'shop.test')).to.equal('/a?b=1');
      expect(safeRedirect('https://SHOP.test:8443/a', '/', 'shop.test:8443')).to.equal('/a');
      expect(safeRedirect('https://shop.test.evil.com/a', '/', 'shop.test')).to.equal('/');
      expect(safeRedirect('https://evil.com/a', '/', 'shop.test')).to.equal('/');
      expect(safeRedirect('//shop.test/a', '/', 'shop.test')).to.equal('/');
      expect(safeRedirect('javascript:alert(1)', '/', 'shop.test')).to.equal('/');
      expect(safeRedirect('ftp://shop.test/a', '/', 'shop.test')).to.equal('/');
    });
  });

  describe('over HTTP', () => {
    let tk: TestKernel;
    let admin: RpcClient;
    before(async () => {
      tk = await bootTestKernel({ modules: ['website'], http: true });
      admin = new RpcClient(tk.url);
      await admin.authenticate('admin', ADMIN_PASSWORD);
    });
    after(async () => tk?.stop());

    for (const target of ['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)']) {
      it(`/web?redirect=${target} (logged in) goes to /`, async () => {
        const res = await admin.get(`/web?redirect=${encodeURIComponent(target)}`);
        expect(res.status).to.equal(302);
        expect(res.headers.get('location')).to.equal('/');
      });

      it(`POST /web/login with redirect=${target} goes to /`, async () => {
        const client = new RpcClient(tk.url);
        const csrf_token = await client.csrfFrom('/web/login');
        const res = await client.postForm('/web/login', { csrf_token, login: 'admin', password: ADMIN_PASSWORD, redirect: target });
        expect(res.status).to.equal(302);
        expect(res.headers.get('location')).to.equal('/');
      });
    }

    it('the login form does not carry an unsafe redirect', async () => {
      const html = await (await new RpcClient(tk.url).get(`/web/login?redirect=${encodeURIComponent('//evil.com')}`)).text();
      expect(html).to.contain('name="redirect" value="/"');
      expect(html).to.not.contain('evil.com');
    });

    it('logout refuses an open redirect', async () => {
      const client = new RpcClient(tk.url);
      await client.authenticate('admin', ADMIN_PASSWORD);
      const res = await client.get(`/web/session/logout?redirect=${encodeURIComponent('https://evil.com')}`);
      expect(res.status).to.equal(302);
      expect(res.headers.get('location')).to.equal('/');
    });

    it('/web?redirect= accepts a full URL on this very host', async () => {
      const res = await admin.get(`/web?redirect=${encodeURIComponent(`${tk.url}/page/x?y=1`)}`);
      expect(res.headers.get('location')).to.equal('/page/x?y=1');
    });
  });
});
