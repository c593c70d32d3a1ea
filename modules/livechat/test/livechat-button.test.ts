import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { onlineOperator, setOffline } from './livechat-support';

/** The visitor's chat button is decided by the server from presence: no operator, no island, no script. */
describe('livechat: the button only when an operator is online', function () {
  this.timeout(30_000);
  let tk: TestKernel;

  before(async () => {
    tk = await bootTestKernel({ modules: ['livechat'], http: true, demo: true });
  });
  after(async () => tk?.stop());

  const home = async (headers: Record<string, string> = {}) => (await new RpcClient(tk.url).fetch('/', { headers })).text();
  /** Pages cached for visitors are kept 2 seconds: a change of presence shows after that. */
  const waitForCache = () => new Promise((r) => setTimeout(r, 2100));

  it('with no operator online a visitor page has no chat island and no <script> at all', async () => {
    await setOffline(tk);
    await waitForCache();
    const html = await home();
    expect(html).to.contain('<main');
    expect(html).not.to.contain('livechat.visitor_chat');
    expect(html).not.to.match(/<script/i);
  });

  it('an operator coming online shows the button on the (cached) page within seconds; leaving removes it', async () => {
    await home(); // fills the cache with the page without button
    await onlineOperator(tk);
    await waitForCache();
    const online = await home();
    expect(online).to.contain('data-island="livechat.visitor_chat"');
    expect(online).to.match(/<script type="module" src="\/web\/assets\/site-[^"]+\.js"/);
    await setOffline(tk);
    await waitForCache();
    expect(await home()).not.to.contain('livechat.visitor_chat');
  });

  it('a visitor in a conversation keeps the chat window when the operator has gone', async () => {
    await onlineOperator(tk);
    const visitor = new RpcClient(tk.url);
    const info = await visitor.call<{ id: number; uuid: string } | false>('/im_livechat/get_session', { channel_id: 1, anonymous_name: 'Bob' });
    expect(info).to.be.an('object');
    await setOffline(tk);
    // The island keeps its session in a cookie of its own, next to the site's session cookie.
    visitor.formCookie = `im_livechat_session=${encodeURIComponent(JSON.stringify(info))}`;
    expect(await (await visitor.fetch('/')).text()).to.contain('data-island="livechat.visitor_chat"');
    expect(await home()).not.to.contain('livechat.visitor_chat');
  });
});
