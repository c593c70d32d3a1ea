import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { UserAccounts } from '@platform/base';
import { busOptions, WsProbe } from '@modules/bus/test/support';
import { BusService } from '@modules/bus';
import type { Notification } from '@modules/bus';
import type { ChannelInfo, FormattedMessage } from '../server/services/chat-format';
import { LivechatSessions } from '../server/services/livechat-sessions';
import { RuleMatcher } from '../server/services/rule-matcher';
import { addOperator, onlineOperator, setOffline } from './livechat-support';

describe('livechat', () => {
  let tk: TestKernel;
  let admin: RpcClient;
  let adminPartner: number;

  before(async () => {
    tk = await bootTestKernel({ modules: ['livechat'], http: true, demo: true });
    busOptions(tk).pollTimeoutMs = 2000;
    admin = await onlineOperator(tk);
    adminPartner = (await tk.kernel.db('res_users').where({ login: 'admin' }).first('partner_id')).partner_id;
  });
  after(async () => tk?.stop());

  const errorName = async (client: RpcClient, path: string, params: Record<string, unknown>) => (await client.rpc(path, params)).error?.data.name;
  const startChat = async (name = 'Bob') => {
    const visitor = new RpcClient(tk.url);
    const info = await visitor.call<ChannelInfo | false>('/im_livechat/get_session', { channel_id: 1, anonymous_name: name });
    if (!info) throw new Error('no operator');
    return { visitor, info };
  };

  describe('demo data', () => {
    it('has channel 1 with the administrator as operator, a display_button rule and the spec defaults', async () => {
      const [channel] = await tk.sudo().model('im_livechat.channel').read([1], ['name', 'button_text', 'default_message', 'input_placeholder', 'user_ids', 'rule_ids']);
      expect(channel).to.include({ button_text: 'Chat with one of our collaborators', default_message: 'How may I help you?', input_placeholder: 'Ask something ...' });
      const admins = await tk.kernel.db('res_users').where({ login: 'admin' }).first('id');
      expect(channel.user_ids).to.deep.equal([admins.id]);
      const [rule] = await tk.sudo().model('im_livechat.channel.rule').read(channel.rule_ids as number[], ['action']);
      expect(rule.action).to.equal('display_button');
    });
  });

  describe('channels through call_kw', () => {
    it("visitors and portal users read a channel's texts but not its session ids; operators do", async () => {
      await startChat('Listed');
      await tk.kernel.container.get(UserAccounts).create({ name: 'Portal reader', login: 'channel.portal@example.com', password: 'portal-password' });
      const portal = new RpcClient(tk.url);
      await portal.authenticate('channel.portal@example.com', 'portal-password');
      for (const client of [new RpcClient(tk.url), portal]) {
        const [all] = await client.callKw<Array<Record<string, unknown>>>('im_livechat.channel', 'search_read', [[['id', '=', 1]]]);
        expect(all).to.include({ button_text: 'Chat with one of our collaborators' }).and.not.to.have.property('channel_ids');
        const [read] = await client.callKw<Array<Record<string, unknown>>>('im_livechat.channel', 'read', [[1]]);
        expect(read).not.to.have.property('channel_ids');
        const named = await client.rpc('/web/dataset/call_kw', { model: 'im_livechat.channel', method: 'read', args: [[1], ['name', 'channel_ids']], kwargs: {} });
        expect(named.error?.data.name).to.equal('AccessError');
      }
      const [mine] = await admin.callKw<Array<{ channel_ids: number[] }>>('im_livechat.channel', 'read', [[1], ['channel_ids']]);
      expect(mine.channel_ids.length).to.be.above(0);
    });
  });

  describe('/im_livechat/init', () => {
    it('is available with the matching rule when an operator is online', async () => {
      const visitor = new RpcClient(tk.url);
      expect(await visitor.call('/im_livechat/init', { channel_id: 1 })).to.deep.equal({ available_for_me: true, rule: { action: 'display_button', auto_popup_timer: 0, regex_url: '' } });
    });

    it('is not available when no operator is online', async () => {
      await setOffline(tk);
      try {
        const res = await new RpcClient(tk.url).call<{ available_for_me: boolean }>('/im_livechat/init', { channel_id: 1 });
        expect(res.available_for_me).to.equal(false);
        expect(await new RpcClient(tk.url).call('/im_livechat/get_session', { channel_id: 1, anonymous_name: 'x' })).to.equal(false);
      } finally {
        admin = await onlineOperator(tk);
      }
    });

    it('follows the rule matched on the page URL (Referer): hide_button and auto_popup', async () => {
      const rules = tk.sudo().model('im_livechat.channel.rule');
      const hide = await rules.create({ channel_id: 1, action: 'hide_button', regex_url: '/secret', sequence: 1 });
      const popup = await rules.create({ channel_id: 1, action: 'auto_popup', regex_url: '^https?://[^/]+/shop', auto_popup_timer: 7, sequence: 2 });
      try {
        const from = (url: string) => new RpcClient(tk.url).fetch('/im_livechat/init', {
          method: 'POST', headers: { 'Content-Type': 'application/json', Referer: url },
          body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { channel_id: 1 }, id: 1 }),
        }).then((r) => r.json() as Promise<{ result: { available_for_me: boolean; rule: Record<string, unknown> } }>);
        expect((await from(`${tk.url}/page/secret-offer`)).result).to.deep.equal({ available_for_me: false, rule: { action: 'hide_button', auto_popup_timer: 0, regex_url: '/secret' } });
        expect((await from(`${tk.url}/shop/cart`)).result.rule).to.deep.equal({ action: 'auto_popup', auto_popup_timer: 7, regex_url: '^https?://[^/]+/shop' });
        expect((await from(`${tk.url}/about`)).result.rule.action).to.equal('display_button');
      } finally {
        await rules.unlink([hide, popup]);
      }
    });

    it('refuses unknown channels and bad ids', async () => {
      const visitor = new RpcClient(tk.url);
      expect(await errorName(visitor, '/im_livechat/init', { channel_id: 999 })).to.equal('MissingError');
      expect(await errorName(visitor, '/im_livechat/init', { channel_id: 'x' })).to.equal('ValidationError');
      expect(await errorName(visitor, '/im_livechat/init', {})).to.equal('ValidationError');
    });
  });

  describe('rule matching', () => {
    it('tries the rules of the visitor country first, then those without country, by sequence; bad regexes never match', async () => {
      const env = tk.sudo();
      const chan = await env.model('im_livechat.channel').create({ name: 'Rules' });
      const [be] = await env.model('res.country').search([['code', '=', 'BE']]);
      const [fr] = await env.model('res.country').search([['code', '=', 'FR']]);
      const rules = env.model('im_livechat.channel.rule');
      await rules.create({ channel_id: chan, action: 'display_button', regex_url: '', sequence: 50 });
      await rules.create({ channel_id: chan, action: 'hide_button', regex_url: '/contact', sequence: 40 });
      await rules.create({ channel_id: chan, action: 'auto_popup', regex_url: '', auto_popup_timer: 3, sequence: 60, country_ids: [[6, 0, [be]]] });
      await rules.create({ channel_id: chan, action: 'hide_button', regex_url: '([', sequence: 1 });
      const matcher = tk.kernel.container.get(RuleMatcher);
      expect((await matcher.match(env, chan, 'http://x/contact', be))?.action).to.equal('auto_popup');
      expect((await matcher.match(env, chan, 'http://x/contact', fr))?.action).to.equal('hide_button');
      expect((await matcher.match(env, chan, 'http://x/contact', null))?.action).to.equal('hide_button');
      expect((await matcher.match(env, chan, 'http://x/home', null))?.action).to.equal('display_button');
      const empty = await env.model('im_livechat.channel').create({ name: 'No rules' });
      expect(await matcher.match(env, empty, 'http://x/', null)).to.equal(null);
    });
  });

  describe('/im_livechat/get_session', () => {
    it('opens a session with an online operator and tells the operator', async () => {
      const last = await tk.kernel.container.get(BusService).lastId();
      const { info } = await startChat('Alice');
      expect(info).to.include({ anonymous_name: 'Alice', state: 'open', channel_type: 'livechat' });
      expect(info.uuid).to.match(/^[0-9a-f-]{36}$/);
      expect(info.operator_pid).to.deep.equal([adminPartner, 'Administrator']);
      const got = await admin.call<Notification[]>('/longpolling/poll', { channels: [], last });
      expect(got.some((n) => n.channel === `res.partner:${adminPartner}` && (n.message as { type: string }).type === 'livechat.session')).to.equal(true);
    });

    it('gives the session to the least busy online operator', async () => {
      const other = await addOperator(tk, 'operator2@example.com');
      await onlineOperator(tk, 'operator2@example.com', other.password);
      await admin.call('/longpolling/poll', { channels: [], last: 0, options: { bus_inactivity: 0, peek: true } });
      await tk.kernel.db('mail_channel').where({ channel_type: 'livechat' }).update({ state: 'closed' });
      const picks: number[] = [];
      for (let i = 0; i < 4; i++) picks.push(((await startChat(`v${i}`)).info.operator_pid as [number, string])[0]);
      // Each new session goes to whoever has fewer: the two operators alternate.
      expect(picks.filter((p) => p === other.partnerId)).to.have.length(2);
      expect(picks.filter((p) => p === adminPartner)).to.have.length(2);
      await tk.kernel.db('im_livechat_channel_im_user').where({ user_id: other.uid }).delete();
    });

    it('refuses a name that is too long', async () => {
      expect(await errorName(new RpcClient(tk.url), '/im_livechat/get_session', { channel_id: 1, anonymous_name: 'x'.repeat(65) })).to.equal('ValidationError');
    });
  });

  describe('/mail/chat_post and /mail/chat_history', () => {
    it('visitor and operator write in the session and both read the history, newest first', async () => {
      const { visitor, info } = await startChat();
      const mine = await visitor.call<number>('/mail/chat_post', { uuid: info.uuid, message_content: 'Hello <b>there</b>\nsecond line' });
      const theirs = await admin.call<number>('/mail/chat_post', { uuid: info.uuid, message_content: 'How can I help?' });
      const history = await visitor.call<FormattedMessage[]>('/mail/chat_history', { uuid: info.uuid, limit: 100 });
      expect(history.map((m) => m.id)).to.deep.equal([theirs, mine]);
      expect(history[1]).to.include({ body: 'Hello &lt;b&gt;there&lt;/b&gt;<br />second line', author_id: false, model: 'mail.channel', res_id: info.id, message_type: 'comment', is_note: false });
      expect(history[0].author_id).to.deep.equal([adminPartner, 'Administrator']);
      expect(await admin.call('/mail/chat_history', { uuid: info.uuid })).to.deep.equal(history);
    });

    it('stores a line like a website comment: trimmed, escaped, CRLF and LF as line breaks', async () => {
      const { visitor, info } = await startChat();
      await visitor.call<number>('/mail/chat_post', { uuid: info.uuid, message_content: '  Tom & "Jerry" <i>it\'s</i>\r\nnext\nlast  ' });
      const [line] = await visitor.call<FormattedMessage[]>('/mail/chat_history', { uuid: info.uuid, limit: 1 });
      expect(line.body).to.equal('Tom &amp; "Jerry" &lt;i&gt;it\'s&lt;/i&gt;<br />next<br />last');
    });

    it('refuses empty, blank, huge and non-text messages and writes nothing', async () => {
      const { visitor, info } = await startChat();
      for (const content of ['', '   \n\t ', 'x'.repeat(4001), 42, null]) {
        expect(await errorName(visitor, '/mail/chat_post', { uuid: info.uuid, message_content: content }), JSON.stringify(content)).to.equal('ValidationError');
      }
      expect(await visitor.call('/mail/chat_history', { uuid: info.uuid })).to.deep.equal([]);
    });

    it('keeps a session to its browser session and its members: others get an AccessError even with the uuid', async () => {
      const { visitor, info } = await startChat();
      await visitor.call('/mail/chat_post', { uuid: info.uuid, message_content: 'private' });
      const stranger = new RpcClient(tk.url);
      const portalPassword = 'portal-password';
      await tk.kernel.container.get(UserAccounts).create({ name: 'Portal', login: `portal${Date.now()}@example.com`, password: portalPassword });
      const portal = new RpcClient(tk.url);
      const login = (await tk.kernel.db('res_users').where('login', 'like', 'portal%').orderBy('id', 'desc').first('login')).login;
      await portal.authenticate(login, portalPassword);
      for (const client of [stranger, portal]) {
        expect(await errorName(client, '/mail/chat_post', { uuid: info.uuid, message_content: 'intrusion' })).to.equal('AccessError');
        expect(await errorName(client, '/mail/chat_history', { uuid: info.uuid })).to.equal('AccessError');
        expect(await errorName(client, '/im_livechat/feedback', { uuid: info.uuid, rate: 1, reason: 'x' })).to.equal('AccessError');
        expect(await errorName(client, '/im_livechat/visitor_leave_session', { uuid: info.uuid })).to.equal('AccessError');
      }
      expect((await visitor.call<FormattedMessage[]>('/mail/chat_history', { uuid: info.uuid })).map((m) => m.body)).to.deep.equal(['private']);
    });

    it('answers unknown uuids like foreign ones', async () => {
      const visitor = new RpcClient(tk.url);
      expect(await errorName(visitor, '/mail/chat_post', { uuid: '00000000-0000-4000-8000-000000000000', message_content: 'x' })).to.equal('AccessError');
      expect(await errorName(visitor, '/mail/chat_history', { uuid: 'nope' })).to.equal('AccessError');
      expect(await errorName(visitor, '/mail/chat_history', { uuid: 'x'.repeat(65) })).to.equal('ValidationError');
    });

    it('returns at most 100 messages, and pages with last_id', async () => {
      const { visitor, info } = await startChat();
      const sessions = tk.kernel.container.get(LivechatSessions);
      const caller = { env: tk.sudo(), session: { get: () => [info.id] } as never, user: {} as never, isPublic: true };
      for (let i = 0; i < 105; i++) await sessions.post(caller, info.uuid, `m${i}`);
      const page = await visitor.call<FormattedMessage[]>('/mail/chat_history', { uuid: info.uuid, limit: 100 });
      expect(page).to.have.length(100);
      expect(page[0].body).to.equal('m104');
      const rest = await visitor.call<FormattedMessage[]>('/mail/chat_history', { uuid: info.uuid, last_id: page[99].id, limit: 100 });
      expect(rest.map((m) => m.body)).to.deep.equal(['m4', 'm3', 'm2', 'm1', 'm0']);
      expect(await errorName(visitor, '/mail/chat_history', { uuid: info.uuid, limit: 101 })).to.equal('ValidationError');
    });
  });

  describe('delivery through the bus', () => {
    it('the visitor hears the operator on its session uuid; a stranger naming the uuid hears nothing', async () => {
      const { visitor, info } = await startChat();
      const bus = tk.kernel.container.get(BusService);
      const last = await bus.lastId();
      const listening = visitor.call<Notification[]>('/longpolling/poll', { channels: [info.uuid], last });
      const stranger = new RpcClient(tk.url).call<Notification[]>('/longpolling/poll', { channels: [info.uuid], last });
      await new Promise((r) => setTimeout(r, 100));
      const id = await admin.call<number>('/mail/chat_post', { uuid: info.uuid, message_content: 'Hi visitor' });
      const got = await listening;
      expect(got).to.have.length(1);
      expect(got[0].channel).to.equal(`mail.channel:${info.id}`);
      expect(got[0].message).to.deep.include({ type: 'mail.message' });
      expect((got[0].message as { message: FormattedMessage }).message).to.include({ id, body: 'Hi visitor' });
      expect(await stranger).to.deep.equal([]);
    });

    it('the operator hears the visitor over its WebSocket', async () => {
      const { visitor, info } = await startChat();
      const ws = await WsProbe.open(tk.url, { cookie: admin.cookie });
      try {
        ws.subscribe([], await tk.kernel.container.get(BusService).lastId());
        await ws.silent(100);
        const id = await visitor.call<number>('/mail/chat_post', { uuid: info.uuid, message_content: 'Anyone there?' });
        const [n] = await ws.notifications(1);
        expect(n.channel).to.equal(`mail.channel:${info.id}`);
        expect((n.message as { message: FormattedMessage }).message.id).to.equal(id);
      } finally {
        ws.close();
      }
    });
  });

  describe('/im_livechat/feedback and leaving', () => {
    it('keeps one rating per session, updated by later calls, rating the operator', async () => {
      const { visitor, info } = await startChat();
      const first = await visitor.call<number>('/im_livechat/feedback', { uuid: info.uuid, rate: 10 });
      const again = await visitor.call<number>('/im_livechat/feedback', { uuid: info.uuid, rate: 1, reason: 'Too slow' });
      expect(again).to.equal(first);
      const rows = await tk.sudo().model('rating.rating').search_read([['res_model', '=', 'mail.channel'], ['res_id', '=', info.id]], ['rating', 'feedback', 'rated_partner_id', 'consumed']);
      expect(rows).to.have.length(1);
      expect(rows[0]).to.deep.include({ rating: 1, feedback: 'Too slow', consumed: true });
      expect((rows[0].rated_partner_id as [number, string])[0]).to.equal(adminPartner);
    });

    it('refuses other ratings, long reasons, and the operator rating itself', async () => {
      const { visitor, info } = await startChat();
      for (const rate of [0, 3, 11, '10']) expect(await errorName(visitor, '/im_livechat/feedback', { uuid: info.uuid, rate })).to.equal('ValidationError');
      expect(await errorName(visitor, '/im_livechat/feedback', { uuid: info.uuid, rate: 1, reason: 'x'.repeat(2001) })).to.equal('ValidationError');
      expect(await errorName(admin, '/im_livechat/feedback', { uuid: info.uuid, rate: 10 })).to.equal('AccessError');
      expect(await tk.sudo().model('rating.rating').search_count([['res_id', '=', info.id]])).to.equal(0);
    });

    it("a portal user sees the status of its conversation's operator, and of no other internal user", async () => {
      const accounts = tk.kernel.container.get(UserAccounts);
      await accounts.create({ name: 'Chatting customer', login: 'chatting.portal@example.com', password: 'portal-password' });
      const customer = new RpcClient(tk.url);
      await customer.authenticate('chatting.portal@example.com', 'portal-password');
      const colleague = await accounts.create({ name: 'Colleague', login: 'colleague.status@example.com', password: 'colleague-password', groups: ['base.group_user'] });
      await onlineOperator(tk, 'colleague.status@example.com', 'colleague-password');
      const colleaguePartner = (await tk.kernel.db('res_users').where({ id: colleague }).first('partner_id')).partner_id;
      const statuses = () => customer.call<Array<{ id: number }>>('/longpolling/im_status', { partner_ids: [adminPartner, colleaguePartner] });
      expect(await statuses()).to.deep.equal([]);
      admin = await onlineOperator(tk);
      const info = await customer.call<ChannelInfo>('/im_livechat/get_session', { channel_id: 1, anonymous_name: 'x' });
      expect(info.operator_pid).to.deep.equal([adminPartner, 'Administrator']);
      expect(await statuses()).to.deep.equal([{ id: adminPartner, im_status: 'online' }]);
    });

    it("tells the visitor whether its operator is present, and only the visitor", async () => {
      const { visitor, info } = await startChat();
      expect(await visitor.call('/im_livechat/session_status', { uuid: info.uuid })).to.deep.equal({ state: 'open', operator_status: 'online' });
      await setOffline(tk);
      expect(await visitor.call('/im_livechat/session_status', { uuid: info.uuid })).to.deep.equal({ state: 'open', operator_status: 'offline' });
      expect(await errorName(new RpcClient(tk.url), '/im_livechat/session_status', { uuid: info.uuid })).to.equal('AccessError');
      admin = await onlineOperator(tk);
    });

    it('closes the session when the visitor leaves; nothing more can be posted', async () => {
      const { visitor, info } = await startChat();
      expect(await visitor.call('/im_livechat/visitor_leave_session', { uuid: info.uuid })).to.equal(true);
      expect(await errorName(visitor, '/mail/chat_post', { uuid: info.uuid, message_content: 'late' })).to.equal('ValidationError');
      const open = await admin.call<ChannelInfo[]>('/im_livechat/operator/sessions');
      expect(open.map((s) => s.id)).to.not.include(info.id);
    });
  });

  describe('embedding on another site', () => {
    it('serves the loader script and a frameable chat page', async () => {
      const loader = await fetch(`${tk.url}/im_livechat/loader/1`);
      expect(loader.status).to.equal(200);
      expect(loader.headers.get('content-type')).to.contain('application/javascript');
      expect(await loader.text()).to.contain('/im_livechat/embed/1');
      const embed = await fetch(`${tk.url}/im_livechat/embed/1`);
      expect(embed.status).to.equal(200);
      expect(embed.headers.get('x-frame-options')).to.equal(null);
      expect(embed.headers.get('content-security-policy')).to.contain('frame-ancestors *');
      expect(await embed.text()).to.contain('data-island="livechat.visitor_chat"');
      expect((await fetch(`${tk.url}/im_livechat/loader/999`)).status).to.equal(404);
      // Every other page still refuses to be framed.
      expect((await fetch(`${tk.url}/im_livechat/support/1`)).headers.get('x-frame-options')).to.equal('SAMEORIGIN');
    });

    it('gives a cookie-less embedded visitor its session id, which then works as a header', async () => {
      const noCookie = new RpcClient(tk.url);
      const info = await noCookie.call<ChannelInfo & { session_id?: string }>('/im_livechat/get_session', { channel_id: 1, embedded: true });
      expect(info.session_id).to.be.a('string');
      const headers = { 'Content-Type': 'application/json', 'X-Openerp-Session-Id': info.session_id! };
      const post = await fetch(`${tk.url}/mail/chat_post`, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, params: { uuid: info.uuid, message_content: 'from an iframe' } }) });
      expect(((await post.json()) as { result: number }).result).to.be.a('number');
      // A visitor that already has a session, or a user, never gets an id back.
      const { visitor } = await startChat();
      expect((await visitor.call<Record<string, unknown>>('/im_livechat/get_session', { channel_id: 1, embedded: true })).session_id).to.equal(undefined);
      expect((await admin.call<Record<string, unknown>>('/im_livechat/get_session', { channel_id: 1, embedded: true })).session_id).to.equal(undefined);
    });
  });

  describe('operator side', () => {
    it('lists the open conversations of the operator with the visitor name and country', async () => {
      const { info } = await startChat('Carol');
      const open = await admin.call<ChannelInfo[]>('/im_livechat/operator/sessions');
      expect(open.find((s) => s.id === info.id)).to.include({ anonymous_name: 'Carol', country: false, uuid: info.uuid });
      expect((await new RpcClient(tk.url).rpc('/im_livechat/operator/sessions')).error?.code).to.equal(100);
    });

    it('removes conversations nobody wrote in after an hour', async () => {
      const { info } = await startChat();
      await tk.kernel.db('mail_channel').where({ id: info.id }).update({ create_date: '2000-01-01 00:00:00' });
      expect(await tk.kernel.container.get(LivechatSessions).collectEmpty()).to.be.at.least(1);
      expect(await tk.kernel.db('mail_channel').where({ id: info.id }).first()).to.equal(undefined);
    });
  });
});
