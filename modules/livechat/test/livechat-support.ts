import { ADMIN_PASSWORD, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { UserAccounts } from '@platform/base';

/** Logs a client in and makes it "online" for the bus (one poll with no inactivity). */
export async function onlineOperator(tk: TestKernel, login = 'admin', password = ADMIN_PASSWORD): Promise<RpcClient> {
  const client = new RpcClient(tk.url);
  await client.authenticate(login, password);
  await client.call('/longpolling/poll', { channels: [], last: 0, options: { bus_inactivity: 0, peek: true } });
  return client;
}

/** Creates an internal user and adds it as operator of the livechat channel. */
export async function addOperator(tk: TestKernel, login: string, channelId = 1): Promise<{ uid: number; partnerId: number; password: string }> {
  const password = 'operator-password';
  const uid = await tk.kernel.container.get(UserAccounts).create({ name: `Operator ${login}`, login, password, groups: ['base.group_user'] });
  await tk.kernel.db('im_livechat_channel_im_user').insert({ channel_id: channelId, user_id: uid });
  const row = await tk.kernel.db('res_users').where({ id: uid }).first('partner_id');
  return { uid, partnerId: row.partner_id, password };
}

export async function setOffline(tk: TestKernel): Promise<void> {
  await tk.kernel.db('bus_presence').update({ last_poll: '2000-01-01 00:00:00' });
}
