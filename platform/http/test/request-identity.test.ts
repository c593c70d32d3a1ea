import type http from 'node:http';
import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { UserAccounts } from '@platform/base';
import { loginUrl } from '../login-url';
import { RequestIdentityResolver, sessionCookie } from '../request-identity';
import { Session } from '../session';
import { SessionStore } from '../session-store';
import { SiteService } from '../site-service';
import { UserDirectory } from '../user-directory';

describe('request identity (shared by the Koa pipeline and the bus WebSocket)', () => {
  let tk: TestKernel;
  let identities: RequestIdentityResolver;
  let sessions: SessionStore;
  let sites: SiteService;

  before(async () => {
    tk = await bootTestKernel({ modules: [] });
    identities = tk.kernel.container.get(RequestIdentityResolver);
    sessions = tk.kernel.container.get(SessionStore);
    sites = tk.kernel.container.get(SiteService);
  });
  after(async () => tk?.stop());

  const sessionOf = async (login: string): Promise<string> => {
    const row = await tk.kernel.db('res_users').where({ login }).first('id');
    const session = Session.fresh();
    session.uid = Number(row.id);
    await sessions.save(session);
    return session.sid;
  };

  it('a request without a session is the public user of its site, with a fresh session', async () => {
    const site = await sites.get(1);
    const identity = await identities.resolve(site, undefined);
    expect(identity).to.include({ isPublic: true, sessionExpired: false, signedOut: false });
    expect(identity.user.id).to.equal(site.publicUserId);
    expect(identity.session.isNew).to.equal(true);
  });

  it('a session that no longer exists is expired, and the request is public', async () => {
    const identity = await identities.resolve(await sites.get(1), 'x'.repeat(43));
    expect(identity).to.include({ isPublic: true, sessionExpired: true, signedOut: false });
  });

  it("a signed-in session is its user's", async () => {
    const identity = await identities.resolve(await sites.get(1), await sessionOf('admin'));
    expect(identity).to.include({ isPublic: false, sessionExpired: false });
    expect(identity.user.login).to.equal('admin');
  });

  it('the session of an archived user is signed out', async () => {
    const uid = await tk.kernel.container.get(UserAccounts).create({ name: 'Gone', login: 'gone@example.com', password: 'password-123' });
    const sid = await sessionOf('gone@example.com');
    await tk.kernel.db('res_users').where({ id: uid }).update({ active: false });
    tk.kernel.container.get(UserDirectory).invalidate(uid);
    const identity = await identities.resolve(await sites.get(1), sid);
    expect(identity).to.include({ isPublic: true, sessionExpired: false, signedOut: true });
    expect(identity.session).to.include({ uid: null, dirty: true });
  });

  it('reads the session cookie among others, as Koa reads cookies', () => {
    const request = (cookie?: string) => ({ headers: { cookie } }) as http.IncomingMessage;
    expect(sessionCookie(request('a=1; session_id=abc_-9; b=2'))).to.equal('abc_-9');
    expect(sessionCookie(request('session_id="quoted"'))).to.equal('quoted');
    expect(sessionCookie(request('my_session_id=nope'))).to.equal(undefined);
    expect(sessionCookie(request())).to.equal(undefined);
  });

  it('sends visitors to the sign-in page with where they were going', () => {
    expect(loginUrl('/page/x?a=1#comments')).to.equal('/web/login?redirect=%2Fpage%2Fx%3Fa%3D1%23comments');
  });
});
