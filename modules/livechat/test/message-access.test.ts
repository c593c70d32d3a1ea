import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import type { ChannelInfo } from '../server/services/chat-format';
import { addOperator, onlineOperator, setOffline } from './livechat-support';

/**
 * Who reads and writes chat lines and page comments (both mail.message records) through the ORM:
 * a chat line only its conversation's members and live chat managers; page comments internal users
 * (published ones) and publishers, who moderate them but never touch a chat line.
 */
describe('livechat + website_mail: access to messages through call_kw', () => {
  let tk: TestKernel;
  let operator: RpcClient;
  let chat: ChannelInfo;
  let lineIds: number[];
  let commentId: number;
  let ratingId: number;

  const userClient = async (login: string, groups: string[]) => {
    await tk.kernel.container.get(UserAccounts).create({ name: login, login, password: 'password-123', groups });
    const client = new RpcClient(tk.url);
    await client.authenticate(login, 'password-123');
    return client;
  };
  const errorOf = async (client: RpcClient, model: string, method: string, args: unknown[]) => {
    try {
      await client.callKw(model, method, args);
      return 'none';
    } catch (err) {
      return String((err as { rpc?: { data: { name: string } } }).rpc?.data.name ?? (err as Error).message);
    }
  };

  before(async () => {
    tk = await bootTestKernel({ modules: ['livechat'], http: true, demo: true });
    // The conversation goes to an internal operator who is not a manager: the only one online.
    const op = await addOperator(tk, 'operator.messages@example.com');
    await setOffline(tk);
    operator = await onlineOperator(tk, 'operator.messages@example.com', op.password);
    const visitor = new RpcClient(tk.url);
    chat = (await visitor.call<ChannelInfo | false>('/im_livechat/get_session', { channel_id: 1, anonymous_name: 'Vera' })) as ChannelInfo;
    expect(chat.operator_pid).to.deep.equal([op.partnerId, 'Operator operator.messages@example.com']);
    lineIds = [
      await visitor.call<number>('/mail/chat_post', { uuid: chat.uuid, message_content: 'my card number is 4970...' }),
      await operator.call<number>('/mail/chat_post', { uuid: chat.uuid, message_content: 'thanks, noted' }),
    ];
    await visitor.call('/im_livechat/feedback', { uuid: chat.uuid, rate: 1, reason: 'private complaint' });
    ratingId = (await tk.sudo().model('rating.rating').search([['res_model', '=', 'mail.channel'], ['res_id', '=', chat.id]]))[0];
    const [review] = await tk.sudo().model('mail.message').search([['model', '=', 'website.page'], ['website_published', '=', true]], { limit: 1 });
    commentId = review;
  });
  after(async () => tk?.stop());

  it('an internal user reads published page comments but no chat line, nor a chat rating', async () => {
    const employee = await userClient('employee.messages@example.com', ['base.group_user']);
    expect(await employee.callKw('mail.message', 'search_read', [[['channel_id', '!=', false]], ['body']])).to.deep.equal([]);
    expect(await employee.callKw('mail.message', 'search_count', [[['model', '=', 'mail.channel']]])).to.equal(0);
    expect(await errorOf(employee, 'mail.message', 'read', [lineIds, ['body']])).to.equal('AccessError');
    const comments = await employee.callKw<Array<{ id: number }>>('mail.message', 'search_read', [[['model', '=', 'website.page']], ['body']]);
    expect(comments.map((c) => c.id)).to.include(commentId);
    expect(await employee.callKw('rating.rating', 'search_read', [[['res_model', '=', 'mail.channel']], ['feedback']])).to.deep.equal([]);
    expect(await errorOf(employee, 'rating.rating', 'read', [[ratingId], ['feedback']])).to.equal('AccessError');
  });

  it("the conversation's operator reads its lines through the ORM; a live chat manager reads every line and rating", async () => {
    const own = await operator.callKw<Array<{ id: number }>>('mail.message', 'search_read', [[['channel_id', '=', chat.id]], ['body']]);
    expect(own.map((m) => m.id).sort()).to.deep.equal([...lineIds].sort());
    const manager = await userClient('manager.messages@example.com', ['livechat.group_livechat_manager']);
    const all = await manager.callKw<Array<{ id: number }>>('mail.message', 'search_read', [[['channel_id', '!=', false]], ['body']]);
    expect(all.map((m) => m.id)).to.include.members(lineIds);
    expect(await manager.callKw('rating.rating', 'read', [[ratingId], ['feedback']])).to.deep.equal([{ id: ratingId, feedback: 'private complaint' }]);
    // Managers still read page comments like every internal user.
    expect((await manager.callKw<Array<{ id: number }>>('mail.message', 'read', [[commentId], ['body']]))[0].id).to.equal(commentId);
  });

  describe('website publishers', () => {
    let publisher: RpcClient;
    before(async () => {
      publisher = await userClient('publisher.messages@example.com', ['website.group_website_publisher']);
    });

    it('cannot read, rewrite, delete or publish a chat line', async () => {
      expect(await publisher.callKw('mail.message', 'search_count', [[['channel_id', '!=', false]]])).to.equal(0);
      expect(await errorOf(publisher, 'mail.message', 'write', [[lineIds[0]], { body: '<p>rewritten</p>' }])).to.equal('AccessError');
      expect(await errorOf(publisher, 'mail.message', 'unlink', [[lineIds[0]]])).to.equal('AccessError');
      const publish = await publisher.rpc('/website/publish', { id: lineIds[0], object: 'mail.message' });
      expect(publish.error?.data.name).to.equal('ValidationError');
      const [line] = await tk.sudo().model('mail.message').read([lineIds[0]], ['body', 'website_published']);
      expect(line).to.deep.equal({ id: lineIds[0], body: 'my card number is 4970...', website_published: false });
    });

    it('cannot turn a page comment into a line of a conversation', async () => {
      const own = await publisher.call<{ id: number }>('/website_mail/post/json', { res_model: 'website.page', res_id: await pageOf(commentId), message: 'to move' });
      expect(await errorOf(publisher, 'mail.message', 'write', [[own.id], { channel_id: chat.id }])).to.equal('ValidationError');
      expect(await errorOf(publisher, 'mail.message', 'write', [[own.id], { model: 'mail.channel', res_id: chat.id }])).to.equal('AccessError');
      const [row] = await tk.sudo().model('mail.message').read([own.id], ['model', 'channel_id']);
      expect(row).to.deep.equal({ id: own.id, model: 'website.page', channel_id: false });
    });

    it('still moderate page comments: read unpublished ones, edit and delete them', async () => {
      const own = await publisher.call<{ id: number }>('/website_mail/post/json', { res_model: 'website.page', res_id: await pageOf(commentId), message: 'to moderate' });
      await publisher.callKw('mail.message', 'write', [[own.id], { body: '<p>moderated</p>', website_published: false }]);
      expect(await publisher.callKw('mail.message', 'read', [[own.id], ['body', 'website_published']])).to.deep.equal([{ id: own.id, body: '<p>moderated</p>', website_published: false }]);
      await publisher.callKw('mail.message', 'unlink', [[own.id]]);
      expect(await tk.sudo().model('mail.message').search_count([['id', '=', own.id]])).to.equal(0);
    });
  });

  async function pageOf(messageId: number): Promise<number> {
    return Number((await tk.sudo().model('mail.message').read([messageId], ['res_id']))[0].res_id);
  }
});
