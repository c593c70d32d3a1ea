import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { UserAccounts } from '@platform/base';
import { busOptions } from '@modules/bus/test/support';
import { checkAccessibility, describeViolations, launchBrowser, signInBackoffice, watchErrors } from '../../../test/support/browser';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import type { RatingsReport } from '../common/chat-ratings';
import type { ConsoleConversation } from '../server/services/livechat-console';
import type { ChannelInfo } from '../server/services/chat-format';
import { onlineOperator } from './livechat-support';

/**
 * Chat ratings where operators and managers work: each conversation of the console shows its rating
 * and comment; the Live Chat app's Ratings report sums them up; a visitor can still rate once the
 * operator ended the conversation.
 */
describe('livechat: ratings in the console and the report', function () {
  this.timeout(90_000);
  let tk: TestKernel;
  let admin: RpcClient;
  let browser: Browser;

  before(async () => {
    tk = await bootTestKernel({ modules: ['livechat'], http: true, demo: true });
    busOptions(tk).pollTimeoutMs = 1000;
    admin = await onlineOperator(tk);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  const startChat = async (name: string) => {
    const visitor = new RpcClient(tk.url);
    const info = await visitor.call<ChannelInfo | false>('/im_livechat/get_session', { channel_id: 1, anonymous_name: name });
    if (!info) throw new Error('no operator online');
    await visitor.call('/mail/chat_post', { uuid: info.uuid, message_content: `Hello from ${name}` });
    return { visitor, info };
  };

  it('a rating given after the operator ended the conversation is kept and shown on it in the console', async () => {
    const { visitor, info } = await startChat('Rated after end');
    expect(await admin.call('/im_livechat/console/close', { channel_id: info.id })).to.equal(true);
    await visitor.call('/im_livechat/feedback', { uuid: info.uuid, rate: 1, reason: 'Ended too soon' });
    const past = await admin.call<ConsoleConversation[]>('/im_livechat/console/inbox', { scope: 'closed' });
    expect(past.find((c) => c.id === info.id)?.rating).to.deep.equal({ rate: 1, feedback: 'Ended too soon' });
    const { info: unrated } = await startChat('Not rated');
    const open = await admin.call<ConsoleConversation[]>('/im_livechat/console/inbox', { scope: 'open' });
    expect(open.find((c) => c.id === unrated.id)?.rating).to.equal(false);
  });

  it('the report counts the period by smiley and by day, with satisfaction, average and the latest comments', async () => {
    await tk.sudo().model('rating.rating').search([]).then((ids) => tk.sudo().model('rating.rating').unlink(ids));
    for (const [name, rate, reason] of [['A', 10, 'Quick and kind'], ['B', 10, ''], ['C', 5, ''], ['D', 1, 'No answer']] as const) {
      const { visitor, info } = await startChat(name);
      await visitor.call('/im_livechat/feedback', { uuid: info.uuid, rate, reason: reason || undefined });
    }
    // One rating of 40 days ago: outside the 30 days, inside the 90.
    const { visitor, info } = await startChat('Old');
    const oldId = await visitor.call<number>('/im_livechat/feedback', { uuid: info.uuid, rate: 5 });
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString().replace('T', ' ').slice(0, 19);
    await tk.sudo().db('rating_rating').where({ id: oldId }).update({ create_date: old });

    const report = await admin.call<RatingsReport>('/im_livechat/ratings/report', { days: 30 });
    expect(report).to.include({ days: 30, total: 4, satisfaction: 50, average: 6.5 });
    expect(report.counts).to.deep.equal({ happy: 2, neutral: 1, unhappy: 1 });
    expect(report.perDay).to.have.length(30);
    expect(report.perDay.at(-1)).to.deep.include({ day: new Date().toISOString().slice(0, 10), happy: 2, neutral: 1, unhappy: 1 });
    expect(report.perDay.slice(0, -1).every((d) => d.happy + d.neutral + d.unhappy === 0)).to.equal(true);
    expect(report.comments.map((c) => [c.visitor, c.rate, c.feedback])).to.deep.equal([['D', 1, 'No answer'], ['A', 10, 'Quick and kind']]);
    expect((await admin.call<RatingsReport>('/im_livechat/ratings/report', { days: 90 })).total).to.equal(5);
  });

  it('refuses the report to operators who are not managers, to portal users and visitors, and odd periods', async () => {
    const accounts = tk.get(UserAccounts);
    await accounts.create({ name: 'Plain operator', login: 'plainop', password: 'plain-op-password', groups: ['base.group_user', 'livechat.group_livechat_user'] });
    const operator = new RpcClient(tk.url);
    await operator.authenticate('plainop', 'plain-op-password');
    expect((await operator.rpc('/im_livechat/ratings/report', { days: 30 })).error?.data.name).to.equal('AccessError');
    expect((await new RpcClient(tk.url).rpc('/im_livechat/ratings/report', { days: 30 })).error).to.not.equal(undefined);
    for (const days of [0, 31, -7, '30', 1e9]) {
      expect((await admin.rpc('/im_livechat/ratings/report', { days })).error?.data.name, String(days)).to.equal('ValidationError');
    }
  });

  it('tour: the visitor rates once the operator ended; the manager reads the report (375 and 1280 px, axe)', async () => {
    const { visitor, info } = await startChat('Browser visitor');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const url = new URL(tk.url);
    await context.addCookies([
      { name: 'session_id', value: visitor.cookie.split('=')[1], domain: url.hostname, path: '/' },
      { name: 'im_livechat_session', value: encodeURIComponent(JSON.stringify(info)), domain: url.hostname, path: '/' },
    ]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${tk.url}/`);
    await page.locator('.o_livechat_windows').getByText('Hello from Browser visitor').waitFor();
    await admin.call('/im_livechat/console/close', { channel_id: info.id });
    await page.getByText('The conversation has ended').waitFor();
    await page.locator('.o_livechat_rating[data-rate="10"]').click();
    await page.locator('.o_livechat_windows').waitFor({ state: 'detached' });
    const [rating] = await tk.sudo().model('rating.rating').search_read([['res_model', '=', 'mail.channel'], ['res_id', '=', info.id]], ['rating']);
    expect(rating?.rating).to.equal(10);
    expect(errors).to.deep.equal([]);
    await context.close();

    for (const width of [1280, 375]) {
      const managerContext = await browser.newContext({ viewport: { width, height: 900 } });
      const manager = await managerContext.newPage();
      const managerErrors = watchErrors(manager);
      await signInBackoffice(manager, tk.url, { login: 'admin', password: ADMIN_PASSWORD });
      await manager.goto(`${tk.url}/web#screen=livechat.ratings`);
      await manager.locator('[data-figure="total"]').waitFor();
      expect(await manager.locator('.o_ratings_counts tr[data-rating="happy"] td').first().textContent()).to.match(/^\d+$/);
      await manager.locator('.o_ratings_chart .apexcharts-canvas').waitFor();
      await manager.screenshot({ path: `.tmp/livechat-ratings-${width}.png`, fullPage: true }).catch(() => undefined);
      expect(describeViolations(await checkAccessibility(manager)), `${width} px`).to.equal('');
      expect(managerErrors).to.deep.equal([]);
      await managerContext.close();
    }
  });
});
