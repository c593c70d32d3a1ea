import { expect } from 'chai';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { checkAccessibility, describeViolations, launchBrowser, signIn, watchErrors } from '../../../test/support/browser';

const SHOTS = process.env.TOUR_SCREENSHOTS ?? '/tmp';

/** A JSON-RPC refusal as the server sends it. */
const refusal = (name: string, message: string) => ({
  status: 200, contentType: 'application/json',
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: 200, message, data: { name, message } } }),
});
/** What a reverse proxy answers while the application server restarts. */
const badGateway = { status: 502, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' };

/** Errors other than the failed requests the test provokes itself (Chromium logs those as console errors). */
const unexpected = (errors: string[]) => errors.filter((e) => !e.includes('Failed to load resource'));

/**
 * The chat islands in a real browser when calls fail: which failures forget the visitor's session,
 * which are retried, and that the operator is told rather than shown an empty page.
 */
describe('livechat islands: failing calls', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;
  let operator: { context: BrowserContext; page: Page; errors: string[] };

  before(async () => {
    tk = await bootTestKernel({ modules: ['livechat'], http: true, demo: true });
    browser = await launchBrowser();
    operator = await loggedIn();
    await operator.page.goto(`${tk.url}/`);
    await operator.page.waitForSelector('[data-island="livechat.operator_chats"][data-hydrated="true"]', { state: 'attached' });
    await operatorOnline();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  async function loggedIn(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, tk.url, { login: 'admin', password: ADMIN_PASSWORD });
    return { context, page, errors };
  }

  async function operatorOnline(): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const res = await new RpcClient(tk.url).call<{ available_for_me: boolean }>('/im_livechat/init', { channel_id: 1 });
      if (res.available_for_me) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('operator never came online');
  }

  /** A visitor with an open conversation in which they wrote `first`. */
  async function chattingVisitor(first: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${tk.url}/im_livechat/support/1`);
    await page.click('.o_livechat_button');
    await page.waitForSelector('.o_chat_window');
    await page.fill('.o_composer_text_field', first);
    await page.press('.o_composer_text_field', 'Enter');
    await page.waitForSelector(`.o_thread_message:has-text("${first}")`);
    return { context, page, errors };
  }

  // First, while no conversation exists yet (the bus could otherwise bring one to the page).
  it('shows an operator without conversations nothing at all (no stray text under the footer)', async () => {
    const op = await loggedIn();
    for (const width of [375, 1280]) {
      await op.page.setViewportSize({ width, height: 800 });
      await Promise.all([op.page.waitForResponse('**/im_livechat/operator/sessions'), op.page.goto(`${tk.url}/`)]);
      await op.page.waitForSelector('[data-island="livechat.operator_chats"][data-hydrated="true"]', { state: 'attached' });
      expect(await op.page.locator('body').innerText()).to.not.contain('No conversation yet');
      expect(await op.page.locator('[data-island="livechat.operator_chats"]').innerText()).to.equal('');
      const violations = await checkAccessibility(op.page);
      expect(violations, describeViolations(violations)).to.deep.equal([]);
      await op.page.screenshot({ path: `${SHOTS}/livechat-operator-page-${width}.png`, fullPage: true });
    }
    expect(unexpected(op.errors)).to.deep.equal([]);
    await op.context.close();
  });

  it('tells the operator when the conversations cannot be listed, instead of "No conversation yet"', async () => {
    const op = await loggedIn();
    await op.page.route('**/im_livechat/operator/sessions', (r) => r.fulfill(badGateway));
    await op.page.goto(`${tk.url}/`);
    await op.page.waitForSelector('dialog.error-dialog');
    await op.page.click('dialog.error-dialog button');
    expect(await op.page.textContent('.o_livechat_operator_empty')).to.equal('The conversations could not be loaded. Reload the page to try again.');
    // Docked where the chat windows go, as a styled note, not loose text under the footer.
    expect(await op.page.$eval('.o_livechat_operator_empty', (el) => [getComputedStyle(el.closest('.o_livechat_windows')!).position, el.classList.contains('alert')])).to.deep.equal(['fixed', true]);
    expect(unexpected(op.errors)).to.deep.equal([]);
    await op.context.close();
  });

  const chatCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'im_livechat_session');

  it('keeps the session when the history cannot be loaded (proxy error, lost connection) and says so', async () => {
    const visitor = await chattingVisitor('still here after a restart');
    for (const fail of [(r: Route) => r.fulfill(badGateway), (r: Route) => r.abort('connectionrefused')]) {
      await visitor.page.route('**/mail/chat_history', fail);
      await visitor.page.reload();
      await visitor.page.waitForSelector('dialog.error-dialog');
      await visitor.page.click('dialog.error-dialog button');
      // The window stays open and the cookie keeps the session.
      await visitor.page.waitForSelector('.o_chat_window');
      expect(await chatCookie(visitor.context)).to.not.equal(undefined);
      await visitor.page.unroute('**/mail/chat_history');
    }
    // Once the server answers again, the same conversation comes back.
    await visitor.page.reload();
    await visitor.page.waitForSelector('.o_thread_message:has-text("still here after a restart")');
    expect(unexpected(visitor.errors)).to.deep.equal([]);
    await visitor.context.close();
  });

  it('forgets the session when the server says it is not this browser\'s any more', async () => {
    const visitor = await chattingVisitor('a conversation to lose');
    // Without its site session the browser no longer owns the conversation: the server answers AccessError.
    await visitor.context.clearCookies({ name: 'session_id' });
    await visitor.page.reload();
    await visitor.page.waitForSelector('.o_livechat_button');
    expect(await visitor.page.locator('.o_chat_window').count()).to.equal(0);
    expect(await visitor.page.locator('dialog.error-dialog').count()).to.equal(0);
    expect(await chatCookie(visitor.context)).to.equal(undefined);
    expect(unexpected(visitor.errors)).to.deep.equal([]);
    await visitor.context.close();
  });

  it('retries a post once after a lost connection, never after a refusal', async () => {
    const visitor = await chattingVisitor('first line');
    let posts = 0;
    await visitor.page.route('**/mail/chat_post', (r) => (++posts === 1 ? r.abort('connectionreset') : r.continue()));
    await visitor.page.fill('.o_composer_text_field', 'after a hiccup');
    await visitor.page.press('.o_composer_text_field', 'Enter');
    await visitor.page.waitForSelector('.o_thread_message:has-text("after a hiccup")');
    expect(posts).to.equal(2);
    await visitor.page.unroute('**/mail/chat_post');

    posts = 0;
    await visitor.page.route('**/mail/chat_post', (r) => {
      posts++;
      return r.fulfill(refusal('ValidationError', 'This conversation is closed.'));
    });
    await visitor.page.fill('.o_composer_text_field', 'refused line');
    await visitor.page.press('.o_composer_text_field', 'Enter');
    await visitor.page.waitForSelector('dialog.error-dialog:has-text("This conversation is closed.")');
    expect(posts).to.equal(1);
    // The text stays in the composer to be sent again.
    expect(await visitor.page.inputValue('.o_composer_text_field')).to.equal('refused line');
    expect(unexpected(visitor.errors)).to.deep.equal([]);
    await visitor.context.close();
  });

  it('tells the operator when a history cannot be loaded, and retries posts only after a lost connection', async () => {
    const visitor = await chattingVisitor('operator cannot read me');
    const op = await loggedIn();
    await op.page.route('**/mail/chat_history', (r) => r.fulfill(refusal('AccessError', 'History refused for the test.')));
    await op.page.goto(`${tk.url}/`);
    await op.page.waitForSelector('dialog.error-dialog:has-text("History refused for the test.")');
    // Every open conversation failed (earlier tests left several): one dialog, not one each.
    expect(await op.page.locator('dialog.error-dialog').count()).to.equal(1);
    await op.page.click('dialog.error-dialog button');
    await op.page.waitForSelector('.o_chat_window');

    await op.page.unroute('**/mail/chat_history');
    await op.page.reload();
    const composer = '.o_chat_window:has-text("operator cannot read me") .o_composer_text_field';
    await op.page.waitForSelector(composer);
    let posts = 0;
    await op.page.route('**/mail/chat_post', (r) => {
      posts++;
      return r.fulfill(refusal('UserError', 'Too many requests. Please wait a moment and try again.'));
    });
    await op.page.fill(composer, 'too fast');
    await op.page.press(composer, 'Enter');
    await op.page.waitForSelector('dialog.error-dialog:has-text("Too many requests")');
    expect(posts).to.equal(1);
    await op.page.click('dialog.error-dialog button');
    await op.page.unroute('**/mail/chat_post');

    posts = 0;
    await op.page.route('**/mail/chat_post', (r) => (++posts === 1 ? r.abort('connectionreset') : r.continue()));
    await op.page.fill(composer, 'after a hiccup');
    await op.page.press(composer, 'Enter');
    await visitor.page.waitForSelector('.o_thread_message:has-text("after a hiccup")');
    expect(posts).to.equal(2);
    expect(unexpected(op.errors)).to.deep.equal([]);
    await op.context.close();
    await visitor.context.close();
  });
});
