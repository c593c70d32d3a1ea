import path from 'node:path';
import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { Session, SiteService, UserDirectory } from '@platform/http';
import type { Notification } from '../server/services/bus-options';
import { busOptions } from './bus-test-support';
import { BusService } from '../server/services/bus-service';
import { ChannelAuthority, type BusRequester } from '../server/services/channel-authority';

describe('bus: channel contributions are gated per site', () => {
  let tk: TestKernel;
  let sites: SiteService;

  before(async () => {
    tk = await bootTestKernel({ modules: ['bus_echo'], roots: [path.join(__dirname, 'fixtures')], http: true });
    busOptions(tk).pollTimeoutMs = 300;
    sites = tk.kernel.container.get(SiteService);
  });
  after(async () => tk?.stop());

  const visitorOf = async (siteId: number): Promise<BusRequester> => {
    const site = await sites.get(siteId);
    const user = (await tk.kernel.container.get(UserDirectory).get(site.publicUserId))!;
    return { site, user, isPublic: true, session: Session.fresh() };
  };

  it('asks a module for channels only on sites where it is enabled', async () => {
    const authority = tk.kernel.container.get(ChannelAuthority);
    expect(await authority.resolve(await visitorOf(1), ['echo.a'])).to.deep.equal(['echo.a']);
    await sites.disable(1, ['bus_echo']);
    try {
      expect(await authority.resolve(await visitorOf(1), ['echo.a'])).to.deep.equal([]);
    } finally {
      await sites.enable(1, ['bus_echo'], tk.kernel.installedNames);
    }
  });

  it('a poll on a site without the module hears nothing on its channels', async () => {
    const bus = tk.kernel.container.get(BusService);
    const visitor = new RpcClient(tk.url);
    const poll = (last: number) => visitor.call<Notification[]>('/longpolling/poll', { channels: ['echo.b'], last });
    const sent = await bus.send('echo.b', { n: 1 });
    expect((await poll(sent.id - 1)).map((n) => n.message)).to.deep.equal([{ n: 1 }]);
    await sites.disable(1, ['bus_echo']);
    try {
      expect(await poll(sent.id - 1)).to.deep.equal([]);
    } finally {
      await sites.enable(1, ['bus_echo'], tk.kernel.installedNames);
    }
  });
});
