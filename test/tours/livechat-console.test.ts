import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { UserAccounts } from '@platform/base';
import { checkAccessibility, describeViolations, launchBrowser, watchErrors } from '../support/browser';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../support/harness';
import { RpcClient } from '../support/rpc-client';

const CONSOLE = '/web#menu=livechat.console&screen=livechat.console';
const SHOTS = process.env.TOUR_SCREENSHOTS ?? '/tmp';

interface Tab {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/**
 * The operator console in the back office: two visitors chat with one operator at the same time; one
 * visitor leaves and the operator sees it; the operator ends the other conversation, which stays ended
 * after a reload. The operator is online only through its back-office tab (the top-bar item's bus).
 */
describe('tour: live chat operator console', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;

  before(async () => {
    tk = await bootTestKernel({ modules: ['livechat'], http: true, demo: true });
    await tk.kernel.container.get(UserAccounts).create({ name: 'Internal Ida', login: 'ida@example.com', password: 'internal-pass-123', groups: ['base.group_user'] });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  async function tab(width = 1280, height = 900): Promise<Tab> {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    return { context, page, errors: watchErrors(page) };
  }
  async function signIn(t: Tab, login: string, password: string): Promise<void> {
    await t.page.goto(`${tk.url}${CONSOLE}`);
    await t.page.fill('input[name=login]', login);
    await t.page.fill('input[name=password]', password);
    await Promise.all([t.page.waitForURL(/\/web#/), t.page.click('button[type=submit]')]);
    await t.page.waitForSelector('#backoffice-main');
  }
  async function noViolations(page: Page): Promise<void> {
    const violations = await checkAccessibility(page);
    expect(violations, describeViolations(violations)).to.deep.equal([]);
  }
  async function operatorOnline(): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const res = await new RpcClient(tk.url).call<{ available_for_me: boolean }>('/im_livechat/init', { channel_id: 1 });
      if (res.available_for_me) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('the operator never came online from its back-office tab');
  }
  async function visitorSays(path: string, text: string): Promise<Tab> {
    const v = await tab(1200, 800);
    await v.page.goto(`${tk.url}${path}`);
    await v.page.click('.o_livechat_button');
    await v.page.waitForSelector('.o_chat_window .o_composer_text_field');
    await v.page.fill('.o_composer_text_field', text);
    await v.page.press('.o_composer_text_field', 'Enter');
    await v.page.waitForSelector(`.o_thread_message:has-text("${text}")`);
    return v;
  }
  const inboxItem = (text: string) => `.o_livechat_inbox li:has-text("${text}")`;

  it('two visitors at once: answered, one leaves, the other is ended by the operator and stays ended', async () => {
    const operator = await tab();
    await signIn(operator, 'admin', ADMIN_PASSWORD);
    // The Live Chat app opens on its console.
    await operator.page.click('[data-menu="livechat.app"]');
    await operator.page.waitForURL(/screen=livechat\.console/);
    await operator.page.waitForSelector('.o_livechat_inbox_empty');
    await operator.page.waitForSelector('.o_livechat_systray');
    await operatorOnline();
    await noViolations(operator.page);
    // Visitors' pages are cached 2 s: the ones rendered before the operator came online had no button.
    await new Promise((r) => setTimeout(r, 2100));

    const ann = await visitorSays('/about-us', 'Hello from Ann');
    const bob = await visitorSays('/gallery', 'Hello from Bob');

    // Both conversations arrive in the inbox with their page and an unread line each; the title counts them.
    await operator.page.waitForSelector(`${inboxItem('Hello from Ann')} .o_conversation_unread:has-text("1")`);
    await operator.page.waitForSelector(`${inboxItem('Hello from Bob')} .o_conversation_unread:has-text("1")`);
    expect(await operator.page.textContent(inboxItem('Hello from Ann'))).to.contain('/about-us');
    expect(await operator.page.textContent(inboxItem('Hello from Bob'))).to.contain('/gallery');
    await operator.page.waitForFunction(() => document.title === '(2) Live Chat');
    expect(await operator.page.textContent('.o_livechat_unread_total')).to.equal('2 unread messages');
    await noViolations(operator.page);
    await operator.page.setViewportSize({ width: 375, height: 740 });
    await operator.page.screenshot({ path: `${SHOTS}/livechat-console-375-unread.png` });
    await noViolations(operator.page);
    await operator.page.setViewportSize({ width: 1280, height: 900 });

    // Opening Ann's conversation shows its history and reads it; the operator answers.
    await operator.page.click(`${inboxItem('Hello from Ann')} a`);
    await operator.page.waitForSelector('.o_livechat_conversation .o_thread_message:has-text("Hello from Ann")');
    expect(await operator.page.textContent('.o_visitor_page')).to.equal('/about-us');
    await operator.page.waitForFunction(() => document.title === '(1) Live Chat');
    await operator.page.fill('#livechat-composer', 'Hi Ann, how can I help?');
    await operator.page.press('#livechat-composer', 'Enter');
    await ann.page.waitForSelector('.o_thread_message:has-text("Hi Ann, how can I help?")');

    await operator.page.click(`${inboxItem('Hello from Bob')} a`);
    await operator.page.waitForSelector('.o_livechat_conversation .o_thread_message:has-text("Hello from Bob")');
    await operator.page.fill('#livechat-composer', 'Hi Bob!');
    await operator.page.press('#livechat-composer', 'Enter');
    await bob.page.waitForSelector('.o_thread_message:has-text("Hi Bob!")');
    await operator.page.waitForFunction(() => !document.title.startsWith('('));
    // A line arriving in the opened conversation shows at once and is read there.
    await bob.page.fill('.o_composer_text_field', 'I have a question about a photo');
    await bob.page.press('.o_composer_text_field', 'Enter');
    await operator.page.waitForSelector('.o_livechat_conversation .o_thread_message:has-text("I have a question about a photo")');
    await operator.page.screenshot({ path: `${SHOTS}/livechat-console-1280.png`, fullPage: true });
    await noViolations(operator.page);

    // Ann closes her window (she wrote, so she is asked for feedback and skips it): the operator sees she left.
    await operator.page.click(`${inboxItem('Hi Ann, how can I help?')} a`);
    await operator.page.waitForSelector('.o_livechat_conversation .o_thread_message:has-text("Hi Ann, how can I help?")');
    await ann.page.click('.o_chat_close');
    await ann.page.click('.o_livechat_no_feedback');
    await ann.page.waitForSelector('.o_chat_window', { state: 'detached' });
    await operator.page.waitForSelector('.o_livechat_ended:has-text("The visitor left")');
    expect(await operator.page.locator('#livechat-composer').count()).to.equal(0);
    await operator.page.waitForSelector(inboxItem('Hi Ann, how can I help?'), { state: 'detached' });

    // The operator ends Bob's conversation: Bob can no longer write (the rating panel takes the composer's
    // place: he may still rate it); it stays ended after a reload.
    await operator.page.click(`${inboxItem('I have a question')} a`);
    await operator.page.click('.o_livechat_end');
    await operator.page.waitForSelector('.o_livechat_ended:has-text("You closed this conversation")');
    await bob.page.waitForSelector('.o_chat_status:has-text("The conversation has ended")');
    await bob.page.waitForSelector('.o_livechat_feedback');
    expect(await bob.page.locator('.o_composer_text_field:not([disabled])').count()).to.equal(0);
    await operator.page.reload();
    await operator.page.waitForSelector('.o_livechat_ended:has-text("You closed this conversation")');
    await operator.page.waitForSelector('.o_livechat_inbox_empty');
    await operator.page.click('#livechat-tab-closed');
    await operator.page.waitForSelector(`${inboxItem('Hi Ann, how can I help?')}:has-text("The visitor left")`);
    await operator.page.waitForSelector(`${inboxItem('I have a question')}:has-text("Closed by the operator")`);
    // Bob's window, reloaded, still says so.
    await bob.page.reload();
    await bob.page.waitForSelector('.o_chat_status:has-text("The conversation has ended")');

    // On a phone: the list, then the conversation alone with a way back.
    await operator.page.setViewportSize({ width: 375, height: 740 });
    await operator.page.waitForSelector('.o_livechat_conversation');
    expect(await operator.page.isVisible('.o_livechat_inbox')).to.equal(false);
    await operator.page.screenshot({ path: `${SHOTS}/livechat-console-375-conversation.png`, fullPage: true });
    await noViolations(operator.page);
    await operator.page.click('text=Back to the list');
    await operator.page.waitForSelector('.o_livechat_inbox');
    await operator.page.screenshot({ path: `${SHOTS}/livechat-console-375-list.png`, fullPage: true });
    await noViolations(operator.page);

    for (const t of [operator, ann, bob]) expect(t.errors).to.deep.equal([]);
    for (const t of [operator, ann, bob]) await t.context.close();
  });

  it('channel settings open in the form with their rules and operators', async () => {
    const admin = await tab();
    await signIn(admin, 'admin', ADMIN_PASSWORD);
    await admin.page.goto(`${tk.url}/web#menu=livechat.channels&model=im_livechat.channel&view=form&id=1`);
    await admin.page.waitForSelector('text=Rules');
    await admin.page.waitForSelector('text=Operators');
    await admin.page.waitForSelector('text=Administrator');
    await noViolations(admin.page);
    expect(admin.errors).to.deep.equal([]);
    await admin.context.close();
  });

  it('an internal user who is no operator is refused the console and gets no live chat item', async () => {
    const ida = await tab();
    await signIn(ida, 'ida@example.com', 'internal-pass-123');
    await ida.page.goto(`${tk.url}${CONSOLE}`);
    await ida.page.waitForSelector('.alert-danger:has-text("The live chat console is for live chat operators only.")');
    expect(await ida.page.locator('.o_livechat_systray').count()).to.equal(0);
    expect(await ida.page.locator('[data-menu="livechat.console"]').count()).to.equal(0);
    await noViolations(ida.page);
    await ida.context.close();
  });
});
