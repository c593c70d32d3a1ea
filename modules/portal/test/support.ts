import { UserAccounts } from '@platform/base';
import type { TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';

/** A signed-in client for a new portal user, and that user's partner id. */
export async function portalClient(tk: TestKernel, login: string): Promise<{ client: RpcClient; partnerId: number }> {
  const uid = await tk.kernel.container.get(UserAccounts).create({ name: login, login, password: 'password-123', groups: ['base.group_portal'] });
  const [user] = await tk.sudo().model('res.users').read([uid], ['partner_id']);
  const client = new RpcClient(tk.url);
  await client.authenticate(login, 'password-123');
  return { client, partnerId: (user.partner_id as [number, string])[0] };
}

/** Ids of a country by ISO code and, optionally, of one of its states by code. */
export async function countryIds(tk: TestKernel, code: string, stateCode?: string): Promise<{ country: number; state?: number }> {
  const env = tk.sudo();
  const [country] = await env.model('res.country').search([['code', '=', code]], { limit: 1 });
  if (!stateCode) return { country };
  const [state] = await env.model('res.country.state').search([['country_id', '=', country], ['code', '=', stateCode]], { limit: 1 });
  return { country, state };
}
