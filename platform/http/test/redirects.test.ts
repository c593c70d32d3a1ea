import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { safeRedirect } from '../safe-redirect';
import { rawGet } from './support';

/**
 * Paths that start with one slash but whose dot segments resolve to `//evil.example` (or a backslash
 * that browsers read as a slash): each is a protocol-relative URL once normalised.
 */
const DOT_SEGMENT_ESCAPES = [
  '/.//evil.example',
  '/..//evil.example',
  '/%2e//evil.example',
  '/%2e%2e//evil.example',
  '/%2E%2E//evil.example',
  '/a/..//evil.example',
  '/a/%2e%2e//evil.example',
  '/./%2e//evil.example/x?y=1',
];

/** What a Location header must look like: a path on this site, never read as another host. */
function expectLocal(location: string | null | undefined, label: string): void {
  expect(location, label).to.be.a('string');
  expect(location, label).to.match(/^\/(?![/\\])/);
  expect(location, label).to.not.contain('\\');
  expect(new URL(location!, 'http://this.site').host, label).to.equal('this.site');
}

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
  ...DOT_SEGMENT_ESCAPES,
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
      for (const escape of DOT_SEGMENT_ESCAPES) expect(safeRedirect(`http://shop.test${escape}`, '/', 'shop.test'), escape).to.equal('/');
    });

    it('still resolves harmless dot segments', () => {
      expect(safeRedirect('/a/./b/%2e%2e/c?d=1')).to.equal('/a/c?d=1');
      expect(safeRedirect('/a/../b')).to.equal('/b');
    });
  });

  describe('over HTTP', () => {
    let tk: TestKernel;
    let admin: RpcClient;
    before(async () => {
      // Many sign-ins from one address: the login throttle is not under test here.
      tk = await bootTestKernel({ modules: ['portal'], http: true, config: { loginLimits: { perIp: 10_000, perAccount: 10_000, windowSeconds: 900 } } });
      await tk.kernel.container.get(UserAccounts).create({ name: 'Jane', login: 'jane@example.com', password: 'password-123' });
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

    it('logout refuses an open redirect (the confirmation form and its post)', async () => {
      const client = new RpcClient(tk.url);
      await client.authenticate('admin', ADMIN_PASSWORD);
      const res = await client.get(`/web/session/logout?redirect=${encodeURIComponent('https://evil.com')}`);
      const html = await res.text();
      expect(html).to.contain('name="redirect" value="/"').and.not.contain('evil.com');
      const csrf_token = /name="csrf_token" value="([^"]+)"/.exec(html)![1];
      const out = await client.postForm('/web/session/logout', { csrf_token, redirect: 'https://evil.com' });
      expect(out.status).to.equal(302);
      expect(out.headers.get('location')).to.equal('/');
    });

    describe('dot segments resolving to another host', () => {
      const signedIn = async (login = 'admin', password = ADMIN_PASSWORD) => {
        const client = new RpcClient(tk.url);
        await client.authenticate(login, password);
        return client;
      };

      for (const target of DOT_SEGMENT_ESCAPES) {
        it(`POST /web/session/logout with redirect=${target} stays on the site`, async () => {
          const client = await signedIn();
          const csrf_token = await client.csrfFrom('/my/account');
          const res = await client.postForm('/web/session/logout', { csrf_token, redirect: target });
          expect(res.status).to.equal(302);
          expectLocal(res.headers.get('location'), target);
        });

        it(`/web/login?redirect=${target} stays on the site (signed in, form and post)`, async () => {
          expectLocal((await admin.get(`/web/login?redirect=${encodeURIComponent(target)}`)).headers.get('location'), target);
          const html = await (await new RpcClient(tk.url).get(`/web/login?redirect=${encodeURIComponent(target)}`)).text();
          expect(html).to.contain('name="redirect" value="/"');
          const client = new RpcClient(tk.url);
          const csrf_token = await client.csrfFrom('/web/login');
          const res = await client.postForm('/web/login', { csrf_token, login: 'admin', password: ADMIN_PASSWORD, redirect: target });
          expect(res.status).to.equal(302);
          expectLocal(res.headers.get('location'), target);
        });

        it(`/web?redirect=${target} (signed in, also as a full URL of this host) stays on the site`, async () => {
          expectLocal((await admin.get(`/web?redirect=${encodeURIComponent(target)}`)).headers.get('location'), target);
          expectLocal((await admin.get(`/web?redirect=${encodeURIComponent(tk.url + target)}`)).headers.get('location'), target);
        });

        it(`/my/account?redirect=${target} after saving stays on the site`, async () => {
          const client = await signedIn('jane@example.com', 'password-123');
          const csrf_token = await client.csrfFrom('/my/account');
          const [gibraltar] = await tk.sudo().model('res.country').search([['code', '=', 'GI']], { limit: 1 });
          const res = await client.postForm('/my/account', {
            csrf_token, name: 'Jane', email: 'jane@example.com', phone: '+350 200 00000', street: '1 Main St', city: 'Gibraltar', country_id: String(gibraltar), redirect: target,
          });
          expect(res.status).to.equal(302);
          expectLocal(res.headers.get('location'), target);
        });

        it(`/website/lang/<code>?r=${target} stays on the site`, async () => {
          expectLocal((await new RpcClient(tk.url).get(`/website/lang/en_US?r=${encodeURIComponent(target)}`)).headers.get('location'), target);
        });

        it(`/en${target} (the default language's prefix) stays on the site`, async () => {
          const res = await rawGet(tk.url, `/en${target}`);
          expect(res.status).to.equal(301);
          expectLocal(res.headers.location, target);
        });
      }

      it('/website/lang/<code>?r=/en//evil.example: the language prefix removed does not leave //', async () => {
        for (const r of ['/en//evil.example', '/en/.//evil.example', '/en/%2e%2e//evil.example']) {
          expectLocal((await new RpcClient(tk.url).get(`/website/lang/en_US?r=${encodeURIComponent(r)}`)).headers.get('location'), r);
        }
      });

      it('/en/\\evil.example answers a path on this site (browsers read /\\ as //)', async () => {
        for (const path of ['/en/\\evil.example', '/en/\\/evil.example', '/en//\\evil.example', '/en/./\\evil.example']) {
          const res = await rawGet(tk.url, path);
          expect(res.status, path).to.equal(301);
          expectLocal(res.headers.location, path);
        }
      });
    });

    it('/web?redirect= accepts a full URL on this very host', async () => {
      const res = await admin.get(`/web?redirect=${encodeURIComponent(`${tk.url}/page/x?y=1`)}`);
      expect(res.headers.get('location')).to.equal('/page/x?y=1');
    });
  });
});
