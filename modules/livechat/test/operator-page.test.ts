import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { addOperator } from './livechat-support';

describe('livechat: the old operator page leads operators to the console, and only them', () => {
  let tk: TestKernel;
  before(async () => {
    tk = await bootTestKernel({ modules: ['livechat'], http: true, demo: true });
    const accounts = tk.kernel.container.get(UserAccounts);
    await accounts.create({ name: 'Portal Pat', login: 'pat@example.com', password: 'portal-pass-123' });
    await accounts.create({ name: 'Internal Ida', login: 'ida@example.com', password: 'internal-pass-123', groups: ['base.group_user'] });
    await accounts.create({ name: 'Group Gus', login: 'gus@example.com', password: 'group-pass-123', groups: ['livechat.group_livechat_user'] });
  });
  after(async () => tk?.stop());

  const signedIn = async (login: string, password: string) => {
    const c = new RpcClient(tk.url);
    await c.authenticate(login, password);
    return c;
  };

  it('refuses portal users and internal users who are no operators with a 403 page', async () => {
    for (const [login, password] of [['pat@example.com', 'portal-pass-123'], ['ida@example.com', 'internal-pass-123']]) {
      const res = await (await signedIn(login, password)).get('/im_livechat/operator');
      expect(res.status, login).to.equal(403);
      const html = await res.text();
      expect(html).to.contain('for live chat operators only').and.not.contain('data-island="livechat.operator_chats"');
      expect(res.headers.get('location')).to.equal(null);
    }
  });

  it('sends operators of a channel, the live chat group and administrators to the console in the back office', async () => {
    const op = await addOperator(tk, 'olga@example.com');
    expect(op.uid).to.be.a('number');
    for (const [login, password] of [['olga@example.com', op.password], ['gus@example.com', 'group-pass-123'], ['admin', ADMIN_PASSWORD]]) {
      const res = await (await signedIn(login, password)).get('/im_livechat/operator');
      expect(res.status, login).to.equal(302);
      expect(res.headers.get('location'), login).to.equal('/web#menu=livechat.console&screen=livechat.console');
    }
  });

  it('sends visitors to the login page', async () => {
    const res = await new RpcClient(tk.url).get('/im_livechat/operator');
    expect(res.status).to.equal(302);
    expect(res.headers.get('location')).to.contain('/web/login');
  });
});
