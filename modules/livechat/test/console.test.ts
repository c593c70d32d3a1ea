import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { BusService } from '@modules/bus';
import { busOptions, defaultBusOptions } from '@modules/bus/test/support';
import type { Notification } from '@modules/bus';
import { SPEC_TIMINGS } from '@platform/web/client/bus';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import type { ChannelInfo } from '../server/services/chat-format';
import type { ConsoleConversation } from '../server/services/livechat-console';
import { addOperator, onlineOperator, setOffline } from './livechat-support';

/**
 * The calls of the operator console (Live Chat > Conversations in the back office): who may use them,
 * the inbox with the visitor's page and unread counters, and the two ways a conversation ends.
 */
describe('livechat: the operator console calls', function () {
  this.timeout(30_000);
  let tk: TestKernel;
  let admin: RpcClient;

  before(async () => {
    tk = await bootTestKernel({ modules: ['livechat'], http: true, demo: true });
    busOptions(tk).pollTimeoutMs = 1000;
    const accounts = tk.kernel.container.get(UserAccounts);
    await accounts.create({ name: 'Portal Pat', login: 'pat@example.com', password: 'portal-pass-123' });
    await accounts.create({ name: 'Internal Ida', login: 'ida@example.com', password: 'internal-pass-123', groups: ['base.group_user'] });
    admin = await onlineOperator(tk);
  });
  after(async () => tk?.stop());

  const signedIn = async (login: string, password: string) => {
    const c = new RpcClient(tk.url);
    await c.authenticate(login, password);
    return c;
  };
  const startChat = async (name: string, page?: string) => {
    const visitor = new RpcClient(tk.url);
    const info = await visitor.call<ChannelInfo | false>('/im_livechat/get_session', { channel_id: 1, anonymous_name: name, page });
    if (!info) throw new Error('no operator online');
    return { visitor, info };
  };
  const inbox = (client: RpcClient, scope: 'open' | 'closed') => client.call<ConsoleConversation[]>('/im_livechat/console/inbox', { scope });
  const find = async (client: RpcClient, scope: 'open' | 'closed', id: number) => (await inbox(client, scope)).find((c) => c.id === id);

  it('refuses visitors, portal users and internal users who are no operators, on every call', async () => {
    const { info } = await startChat('Refused');
    const calls: Array<[string, Record<string, unknown>]> = [
      ['/im_livechat/console/inbox', { scope: 'open' }],
      ['/im_livechat/console/unread', {}],
      ['/im_livechat/console/seen', { channel_id: info.id, message_id: 1 }],
      ['/im_livechat/console/close', { channel_id: info.id }],
    ];
    const portal = await signedIn('pat@example.com', 'portal-pass-123');
    const internal = await signedIn('ida@example.com', 'internal-pass-123');
    for (const [path, params] of calls) {
      expect((await new RpcClient(tk.url).rpc(path, params)).error?.code, `visitor ${path}`).to.equal(100);
      for (const client of [portal, internal]) {
        const answer = await client.rpc(path, params);
        expect(answer.error?.data.name, path).to.equal('AccessError');
        expect(answer.error?.data.message).to.equal('The live chat console is for live chat operators only.');
      }
    }
    expect((await tk.kernel.db('mail_channel').where({ id: info.id }).first('state')).state).to.equal('open');
  });

  it('lists the visitor, its page, the last line and the unread lines; seen lines stop counting', async () => {
    const { visitor, info } = await startChat('Ann', '/shop?category=3');
    let row = await find(admin, 'open', info.id);
    expect(row).to.include({ visitor: 'Ann', visitor_page: '/shop?category=3', state: 'open', unread: 0, last_message: false, closed_by: false });

    await visitor.call('/mail/chat_post', { uuid: info.uuid, message_content: 'Hello' });
    const second = await visitor.call<number>('/mail/chat_post', { uuid: info.uuid, message_content: 'Is <anyone> there?\nPlease' });
    await admin.call('/mail/chat_post', { uuid: info.uuid, message_content: 'Yes, how can I help?' });
    row = await find(admin, 'open', info.id);
    expect(row).to.include({ unread: 2, last_message: 'Yes, how can I help?' });
    const unreadBefore = await admin.call<number>('/im_livechat/console/unread');
    expect(unreadBefore).to.be.at.least(2);

    // The visitor moves to another page: the console shows it.
    expect(await visitor.call('/im_livechat/visitor_page', { uuid: info.uuid, page: '/contactus' })).to.equal(true);
    expect((await find(admin, 'open', info.id))?.visitor_page).to.equal('/contactus');

    expect(await admin.call('/im_livechat/console/seen', { channel_id: info.id, message_id: second })).to.equal(true);
    expect((await find(admin, 'open', info.id))?.unread).to.equal(0);
    expect(await admin.call<number>('/im_livechat/console/unread')).to.equal(unreadBefore - 2);
    // Going back is no change; a message of another conversation is refused.
    expect(await admin.call('/im_livechat/console/seen', { channel_id: info.id, message_id: second - 1 })).to.equal(false);
    const other = await startChat('Other');
    const foreign = await other.visitor.call<number>('/mail/chat_post', { uuid: other.info.uuid, message_content: 'elsewhere' });
    expect((await admin.rpc('/im_livechat/console/seen', { channel_id: info.id, message_id: foreign + 1000 })).error?.data.name).to.equal('ValidationError');
    expect((await admin.rpc('/im_livechat/console/seen', { channel_id: info.id, message_id: foreign })).error?.data.name).to.equal('ValidationError');

    const last = await visitor.call<number>('/mail/chat_post', { uuid: info.uuid, message_content: 'One more thing' });
    expect((await find(admin, 'open', info.id))?.unread).to.equal(1);
    expect(last).to.be.above(second);
  });

  it('takes only a path of this site as the visitor page, and only from the conversation\'s visitor', async () => {
    const { visitor, info } = await startChat('Paths');
    for (const page of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)', '/a\\b', `/${'x'.repeat(600)}`, '/a\nb']) {
      const answer = await visitor.rpc('/im_livechat/visitor_page', { uuid: info.uuid, page });
      expect(answer.error?.data.name, page).to.equal('ValidationError');
    }
    const stranger = await new RpcClient(tk.url).rpc('/im_livechat/visitor_page', { uuid: info.uuid, page: '/stolen' });
    expect(stranger.error?.data.name).to.equal('AccessError');
    expect((await find(admin, 'open', info.id))?.visitor_page).to.equal(false);
  });

  it('the operator ends a conversation: the visitor is told, can no longer write, and it stays closed', async () => {
    const { visitor, info } = await startChat('Closed by op');
    await visitor.call('/mail/chat_post', { uuid: info.uuid, message_content: 'Bye?' });
    const bus = tk.kernel.container.get(BusService);
    const last = await bus.lastId();
    const hearing = visitor.call<Notification[]>('/longpolling/poll', { channels: [info.uuid], last });
    await new Promise((r) => setTimeout(r, 100));
    expect(await admin.call('/im_livechat/console/close', { channel_id: info.id })).to.equal(true);
    const heard = await hearing;
    expect(heard.map((n) => n.message)).to.deep.include.members([{ type: 'livechat.closed', closed_by: 'operator', channel: { ...info, state: 'closed' } }]);

    const refused = await visitor.rpc('/mail/chat_post', { uuid: info.uuid, message_content: 'Still there?' });
    expect(refused.error?.data.message).to.equal('This conversation is closed.');
    expect((await visitor.call<{ state: string }>('/im_livechat/session_status', { uuid: info.uuid })).state).to.equal('closed');
    // A second close and the visitor leaving afterwards change nothing: who ended it is kept.
    expect(await admin.call('/im_livechat/console/close', { channel_id: info.id })).to.equal(false);
    expect(await visitor.call('/im_livechat/visitor_leave_session', { uuid: info.uuid })).to.equal(false);
    // "After a reload": the lists are read again from the database.
    expect(await find(admin, 'open', info.id)).to.equal(undefined);
    expect(await find(admin, 'closed', info.id)).to.include({ state: 'closed', closed_by: 'operator', last_message: 'Bye?' });
    expect((await admin.call<Array<{ id: number }>>('/im_livechat/operator/sessions')).map((s) => s.id)).not.to.include(info.id);
  });

  it('the visitor closing its window ends the conversation as "visitor left"', async () => {
    const { visitor, info } = await startChat('Leaver');
    expect(await visitor.call('/im_livechat/visitor_leave_session', { uuid: info.uuid })).to.equal(true);
    expect(await find(admin, 'closed', info.id)).to.include({ closed_by: 'visitor', state: 'closed' });
  });

  it("an operator cannot see or close another operator's conversation", async () => {
    const { info } = await startChat('Admin only');
    const olga = await addOperator(tk, 'olga@example.com');
    const other = await signedIn('olga@example.com', olga.password);
    expect(await other.call('/im_livechat/console/inbox', { scope: 'open' })).to.deep.equal([]);
    expect((await other.rpc('/im_livechat/console/close', { channel_id: info.id })).error?.data.name).to.equal('AccessError');
    expect((await other.rpc('/im_livechat/console/seen', { channel_id: info.id, message_id: 1 })).error?.data.name).to.equal('AccessError');
    expect((await other.rpc('/im_livechat/console/inbox', { scope: 'everything' })).error?.data.name).to.equal('ValidationError');
    expect((await tk.kernel.db('mail_channel').where({ id: info.id }).first('state')).state).to.equal('open');
  });

  describe('presence: visitors stop being offered the chat within a minute after the last operator leaves', () => {
    const home = async () => (await new RpcClient(tk.url).fetch('/')).text();
    const waitForCache = () => new Promise((r) => setTimeout(r, 2100));
    const lastPollAgo = async (seconds: number) => {
      const at = new Date(Date.now() - seconds * 1000).toISOString().replace('T', ' ').slice(0, 19);
      await tk.kernel.db('bus_presence').update({ last_poll: at });
    };

    it('an operator whose tab reported 50 s ago is still offered; 56 s ago it is not', async () => {
      await onlineOperator(tk);
      await lastPollAgo(50);
      await waitForCache();
      expect(await home()).to.contain('data-island="livechat.visitor_chat"');
      expect((await new RpcClient(tk.url).call<{ available_for_me: boolean }>('/im_livechat/init', { channel_id: 1 })).available_for_me).to.equal(true);
      await lastPollAgo(56);
      await waitForCache();
      expect(await home()).not.to.contain('livechat.visitor_chat');
      expect(await new RpcClient(tk.url).call('/im_livechat/get_session', { channel_id: 1, anonymous_name: 'Late' })).to.equal(false);
    });

    it('the timings add up to less than a minute: a 30 s presence report, offline 55 s after it, pages cached 2 s', async () => {
      // An open tab reports at least every 30 s (the client's presence check and the WebSocket heartbeat),
      // so an operator with a tab open never reaches the 55 s; once the last tab is gone, the next page a
      // visitor gets (cached at most 2 s) has no button at most 55 + 2 s later.
      const disconnection = defaultBusOptions({}).disconnectionSeconds;
      expect(busOptions(tk).disconnectionSeconds).to.equal(disconnection);
      expect(SPEC_TIMINGS.presenceCheck).to.equal(30_000);
      expect(SPEC_TIMINGS.presenceCheck / 1000).to.be.below(disconnection);
      expect(disconnection + 2).to.be.below(60);
      await setOffline(tk);
    });
  });
});

/** Channel settings are edited in the back office's generic form, which saves through call_kw. */
describe('livechat: channel settings through the generic form calls', function () {
  this.timeout(30_000);
  let tk: TestKernel;

  before(async () => {
    tk = await bootTestKernel({ modules: ['livechat'], http: true, demo: true });
    const accounts = tk.kernel.container.get(UserAccounts);
    await accounts.create({ name: 'Manager Max', login: 'max@example.com', password: 'manager-pass-123', groups: ['livechat.group_livechat_manager'] });
    await accounts.create({ name: 'Operator Otto', login: 'otto@example.com', password: 'operator-pass-123', groups: ['livechat.group_livechat_user'] });
  });
  after(async () => tk?.stop());

  it('a manager edits texts, adds and changes rules and sets the operators; an operator edits texts only', async () => {
    const max = new RpcClient(tk.url);
    await max.authenticate('max@example.com', 'manager-pass-123');
    const fields = await max.callKw<Record<string, { type: string; relation?: string }>>('im_livechat.channel', 'fields_get', []);
    expect(fields.rule_ids).to.include({ type: 'one2many', relation: 'im_livechat.channel.rule' });
    expect(fields.user_ids).to.include({ type: 'many2many', relation: 'res.users' });
    const users = await max.callKw<Array<[number, string]>>('res.users', 'name_search', ['Otto']);
    expect(users.map((u) => u[1])).to.include('Operator Otto');
    const [existing] = (await max.callKw<Array<{ rule_ids: number[] }>>('im_livechat.channel', 'read', [[1], ['rule_ids']]))[0].rule_ids;

    await max.callKw('im_livechat.channel', 'write', [[1], {
      button_text: 'Talk to us',
      rule_ids: [[0, 0, { regex_url: '/shop', action: 'auto_popup', auto_popup_timer: 5, sequence: 1 }], [1, existing, { sequence: 20 }]],
      user_ids: [[6, 0, users.map((u) => u[0])]],
    }]);
    const [channel] = await max.callKw<Array<{ button_text: string; rule_ids: number[]; user_ids: number[] }>>('im_livechat.channel', 'read', [[1], ['button_text', 'rule_ids', 'user_ids']]);
    expect(channel.button_text).to.equal('Talk to us');
    expect(channel.user_ids).to.deep.equal(users.map((u) => u[0]));
    const rules = await max.callKw<Array<{ regex_url: string; action: string; sequence: number }>>('im_livechat.channel.rule', 'read', [channel.rule_ids, ['regex_url', 'action', 'sequence']]);
    expect(rules.map((r) => [r.regex_url || '', r.action, r.sequence])).to.deep.include.members([['/shop', 'auto_popup', 1]]);
    expect(rules.find((r) => r.action !== 'auto_popup')?.sequence).to.equal(20);

    const otto = new RpcClient(tk.url);
    await otto.authenticate('otto@example.com', 'operator-pass-123');
    await otto.callKw('im_livechat.channel', 'write', [[1], { default_message: 'Hi there' }]);
    const refused = await otto.rpc('/web/dataset/call_kw', { model: 'im_livechat.channel', method: 'write', args: [[1], { rule_ids: [[0, 0, { action: 'hide_button' }]] }], kwargs: {} });
    expect(refused.error?.data.name).to.equal('AccessError');
    expect((await tk.kernel.db('im_livechat_channel_rule').where({ action: 'hide_button' })).length).to.equal(0);
  });
});
