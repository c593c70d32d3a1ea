import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../support/harness';
import { RpcClient } from '../support/rpc-client';
import { checkAccessibility, describeViolations, launchBrowser, signIn, watchErrors } from '../support/browser';

/** Tours of the live chat in a real browser: a visitor and an operator chatting, folding, rating; tabs sharing one connection. */
describe('tour: live chat', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;

  before(async () => {
    tk = await bootTestKernel({ modules: ['livechat'], http: true, demo: true });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  async function open(login?: boolean): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    if (login) {
      await signIn(page, tk.url, { login: 'admin', password: ADMIN_PASSWORD });
    }
    return { context, page, errors };
  }

  const operatorOnline = async () => {
    // The operator page keeps a bus connection, which makes the operator online.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const res = await new RpcClient(tk.url).call<{ available_for_me: boolean }>('/im_livechat/init', { channel_id: 1 });
      if (res.available_for_me) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('operator never came online');
  };

  it('visitor and operator chat, fold, and close with a rating', async () => {
    const operator = await open(true);
    await operator.page.goto(`${tk.url}/`);
    await operator.page.waitForSelector('[data-island="livechat.operator_chats"][data-hydrated="true"]', { state: 'attached' });
    await operatorOnline();

    const visitor = await open();
    await visitor.page.goto(`${tk.url}/im_livechat/support/1`);
    await visitor.page.click('.o_livechat_button');
    await visitor.page.waitForSelector('.o_chat_window');
    expect(await visitor.page.textContent('.o_chat_title')).to.equal('Administrator');
    expect(await visitor.page.textContent('.o_thread_message[data-message-id="_welcome"]')).to.contain('How may I help you?');
    expect(await visitor.page.getAttribute('.o_composer_text_field', 'placeholder')).to.equal('Ask something ...');
    expect((await visitor.page.locator('.o_chat_window').boundingBox())?.height).to.equal(400);
    const a11y = await checkAccessibility(visitor.page);
    expect(a11y, describeViolations(a11y)).to.deep.equal([]);

    // Blank input is not posted; Enter sends.
    await visitor.page.fill('.o_composer_text_field', '   ');
    await visitor.page.press('.o_composer_text_field', 'Enter');
    await visitor.page.fill('.o_composer_text_field', 'Hello, I need help');
    await visitor.page.press('.o_composer_text_field', 'Enter');
    await visitor.page.waitForSelector('.o_thread_message:has-text("Hello, I need help")');
    expect(await visitor.page.locator('.o_thread_message').count()).to.equal(2);

    // The operator gets the conversation as a window and answers.
    await operator.page.waitForSelector('.o_chat_window .o_thread_message:has-text("Hello, I need help")', { timeout: 10_000 });
    expect(await operator.page.getAttribute('.o_chat_window .o_composer_text_field', 'placeholder')).to.equal('Say something');
    expect(await operator.page.textContent('.o_chat_window .o_chat_title')).to.equal('Visitor');
    await operator.page.fill('.o_chat_window .o_composer_text_field', 'Sure, what is it about?');
    await operator.page.press('.o_chat_window .o_composer_text_field', 'Enter');
    await visitor.page.waitForSelector('.o_thread_message:has-text("Sure, what is it about?")');

    // Folded: 28 px high, and a message arriving meanwhile counts as unread until it is opened again.
    await visitor.page.click('.o_chat_fold');
    expect((await visitor.page.locator('.o_chat_window').boundingBox())?.height).to.equal(28);
    await operator.page.fill('.o_chat_window .o_composer_text_field', 'Are you still there?');
    await operator.page.press('.o_chat_window .o_composer_text_field', 'Enter');
    await visitor.page.waitForSelector('.o_unread_counter:has-text("1")');
    // The fold state is kept in the session cookie: a reload shows the window folded, with its history.
    await visitor.page.reload();
    await visitor.page.waitForSelector('.o_chat_window.o_folded');
    await visitor.page.click('.o_chat_fold');
    await visitor.page.waitForSelector('.o_thread_message:has-text("Are you still there?")');
    await visitor.page.waitForSelector('.o_unread_counter', { state: 'detached' });

    // Closing after writing asks for feedback; rating 1 asks for a reason.
    await visitor.page.click('.o_chat_close');
    await visitor.page.waitForSelector('.o_livechat_feedback');
    await visitor.page.click('.o_livechat_rating[data-rate="1"]');
    await visitor.page.fill('.o_livechat_reason textarea', 'Answers were slow');
    await visitor.page.click('.o_livechat_send_reason');
    await visitor.page.waitForSelector('.o_chat_window', { state: 'detached' });
    await visitor.page.waitForSelector('.o_livechat_button');
    const ratings = await tk.sudo().model('rating.rating').search_read([['res_model', '=', 'mail.channel']], ['rating', 'feedback']);
    expect(ratings).to.deep.equal([{ id: ratings[0].id, rating: 1, feedback: 'Answers were slow' }]);
    await operator.page.waitForSelector('.o_chat_status:has-text("The visitor left")');

    expect(visitor.errors).to.deep.equal([]);
    expect(operator.errors).to.deep.equal([]);
    await visitor.context.close();
    await operator.context.close();
  });

  it('closing without having written closes at once; "No feedback" closes too', async () => {
    const operator = await open(true);
    await operator.page.goto(`${tk.url}/`);
    await operatorOnline();
    const visitor = await open();
    await visitor.page.goto(`${tk.url}/im_livechat/support/1`);
    await visitor.page.click('.o_livechat_button');
    await visitor.page.waitForSelector('.o_chat_window');
    await visitor.page.click('.o_chat_close');
    await visitor.page.waitForSelector('.o_livechat_button');
    expect(await visitor.page.locator('.o_livechat_feedback').count()).to.equal(0);

    await visitor.page.click('.o_livechat_button');
    await visitor.page.waitForSelector('.o_chat_window');
    await visitor.page.fill('.o_composer_text_field', 'one question');
    await visitor.page.press('.o_composer_text_field', 'Enter');
    await visitor.page.waitForSelector('.o_thread_message:has-text("one question")');
    await visitor.page.click('.o_chat_close');
    await visitor.page.click('.o_livechat_no_feedback');
    await visitor.page.waitForSelector('.o_livechat_button');
    expect(visitor.errors).to.deep.equal([]);
    await visitor.context.close();
    await operator.context.close();
  });

  it('pops up by itself after the rule timer, once (the auto-popup cookie then says no), not on small screens', async () => {
    const rules = tk.sudo().model('im_livechat.channel.rule');
    const popup = await rules.create({ channel_id: 1, action: 'auto_popup', auto_popup_timer: 1, regex_url: '/im_livechat/support', sequence: 1 });
    const operator = await open(true);
    try {
      await operator.page.goto(`${tk.url}/`);
      await operatorOnline();
      const small = await browser.newContext({ viewport: { width: 500, height: 700 } });
      const phone = await small.newPage();
      await phone.goto(`${tk.url}/im_livechat/support/1`);
      await phone.waitForSelector('.o_livechat_button');
      await new Promise((r) => setTimeout(r, 1800));
      expect(await phone.locator('.o_chat_window').count()).to.equal(0);
      await small.close();

      const visitor = await open();
      await visitor.page.goto(`${tk.url}/im_livechat/support/1`);
      const started = Date.now();
      await visitor.page.waitForSelector('.o_chat_window', { timeout: 5000 });
      expect(Date.now() - started).to.be.at.least(800);
      await visitor.page.click('.o_chat_close'); // nothing written: closes at once
      await visitor.page.reload();
      await visitor.page.waitForSelector('.o_livechat_button');
      await new Promise((r) => setTimeout(r, 1800));
      expect(await visitor.page.locator('.o_chat_window').count()).to.equal(0);
      expect(visitor.errors).to.deep.equal([]);
      await visitor.context.close();
    } finally {
      await rules.unlink([popup]);
      await operator.context.close();
    }
  });

  it('two tabs of one browser share one connection and both see the messages', async () => {
    const operator = await open(true);
    await operator.page.goto(`${tk.url}/`);
    await operatorOnline();
    const visitor = await open();
    let firstSockets = 0;
    visitor.page.on('websocket', () => firstSockets++);
    await visitor.page.goto(`${tk.url}/im_livechat/support/1`);
    await visitor.page.click('.o_livechat_button');
    await visitor.page.waitForSelector('.o_chat_window');
    await visitor.page.fill('.o_composer_text_field', 'first tab here');
    await visitor.page.press('.o_composer_text_field', 'Enter');
    await visitor.page.waitForSelector('.o_thread_message:has-text("first tab here")');

    const second = await visitor.context.newPage();
    let secondSockets = 0;
    second.on('websocket', () => secondSockets++);
    const secondErrors = watchErrors(second);
    await second.goto(`${tk.url}/im_livechat/support/1`);
    await second.waitForSelector('.o_chat_window'); // resumed from the session cookie
    await second.waitForSelector('.o_thread_message:has-text("first tab here")');
    await new Promise((r) => setTimeout(r, 2500)); // a few master heartbeats
    const firstBefore = firstSockets;

    // Earlier tours may have left conversations open: answer in this visitor's one.
    const composer = '.o_chat_window:has-text("first tab here") .o_composer_text_field';
    await operator.page.waitForSelector(composer);
    await operator.page.fill(composer, 'Hello both tabs');
    await operator.page.press(composer, 'Enter');
    await visitor.page.waitForSelector('.o_thread_message:has-text("Hello both tabs")');
    await second.waitForSelector('.o_thread_message:has-text("Hello both tabs")');
    // The first tab holds the connection; the second opened none and polled nothing.
    expect(firstBefore).to.be.at.least(1);
    expect(firstSockets).to.equal(firstBefore);
    expect(secondSockets).to.equal(0);
    const bySecond = await second.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/longpolling/')).length);
    expect(bySecond).to.equal(0);
    expect(secondErrors).to.deep.equal([]);
    await visitor.context.close();
    await operator.context.close();
  });

  it('the embeddable loader puts the chat on another website, talking to this one', async () => {
    // Another site: a different host name (localhost vs 127.0.0.1), so this site's cookies are third-party there.
    const host = http.createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/html');
      res.end(`<!DOCTYPE html><html lang="en"><head><title>Elsewhere</title></head><body><h1>Another website</h1><script src="${tk.url}/im_livechat/loader/1"></script></body></html>`);
    });
    await new Promise<void>((r) => host.listen(0, '127.0.0.1', () => r()));
    const hostUrl = `http://localhost:${(host.address() as AddressInfo).port}/`;
    const operator = await open(true);
    try {
      await operator.page.goto(`${tk.url}/`);
      await operatorOnline();
      const visitor = await open();
      await visitor.page.goto(hostUrl);
      const frame = visitor.page.frameLocator('iframe[title="Live chat"]');
      await frame.locator('.o_livechat_button').click();
      await frame.locator('.o_chat_window').waitFor();
      await frame.locator('.o_composer_text_field').fill('Hello from another website');
      await frame.locator('.o_composer_text_field').press('Enter');
      const composer = '.o_chat_window:has-text("Hello from another website") .o_composer_text_field';
      await operator.page.waitForSelector(composer, { timeout: 15_000 });
      await operator.page.fill(composer, 'Welcome, embedded visitor');
      await operator.page.press(composer, 'Enter');
      await frame.locator('.o_thread_message:has-text("Welcome, embedded visitor")').waitFor();
      const box = await visitor.page.locator('iframe[title="Live chat"]').boundingBox();
      expect(box?.height).to.be.at.least(400);
      expect(visitor.errors).to.deep.equal([]);
      await visitor.context.close();
    } finally {
      await operator.context.close();
      host.close();
    }
  });
});
