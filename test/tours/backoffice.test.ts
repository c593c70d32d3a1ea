import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SmtpSink } from '@modules/mass_mailing/test/support';
import { checkAccessibility, describeViolations, launchBrowser, signInBackoffice, watchErrors } from '../support/browser';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../support/harness';

/**
 * The back office at /web, as an administrator uses it: apps per site (a second site answers on
 * `localhost`, the first on `127.0.0.1`: two Host headers on one loopback server), a record made
 * through a generic form and found again by search and group by, a user created.
 */
describe('tour: back office', function () {
  this.timeout(120000);
  let tk: TestKernel;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let sink: SmtpSink;
  const port = () => new URL(tk.url).port;

  const admin = { login: 'admin', password: ADMIN_PASSWORD };
  async function noViolations(p: Page): Promise<void> {
    const violations = await checkAccessibility(p);
    expect(violations, describeViolations(violations)).to.deep.equal([]);
  }
  async function toggle(module: string, on: boolean, expectPlan?: string[]): Promise<void> {
    await page.click(`#module-${module}`);
    if (expectPlan) {
      await page.waitForSelector('.plan-modules');
      expect((await page.textContent('.plan-modules'))!.split(', ').sort()).to.deep.equal(expectPlan);
      await noViolations(page);
      await page.click('[role=alertdialog] .btn-warning');
    }
    await page.waitForSelector(`.alert-success:has-text("${on ? 'Enabled:' : 'Disabled:'}")`);
    await page.waitForFunction(([id, checked]) => (document.getElementById(id as string) as HTMLInputElement).checked === checked, [`module-${module}`, on] as const);
  }

  before(async () => {
    sink = await new SmtpSink().start();
    tk = await bootTestKernel({ modules: ['link_tracker', 'livechat', 'mail'], http: true, demo: true, config: { smtpUrl: sink.url } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    errors = watchErrors(page);
    await signInBackoffice(page, tk.url, admin);
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
    await sink?.stop();
  });

  it('opens the first app, with no serious or critical accessibility violation', async () => {
    expect(page.url()).to.match(/#menu=base\.contacts&model=res\.partner&view=list$/);
    await page.waitForSelector('.backoffice-list tbody tr');
    await noViolations(page);
  });

  it("an app's link opened in a new tab opens that app, also from an old `#menu=` bookmark", async () => {
    const href = await page.getAttribute('[data-menu="base.settings"]', 'href');
    expect(href).to.equal('#menu=base.apps&screen=apps');
    for (const hash of [href!, '#menu=base.settings']) {
      const tab = await context.newPage();
      await tab.goto(`${tk.url}/web${hash}`);
      await tab.waitForSelector('.apps-table tbody tr[data-module="link_tracker"]');
      expect(tab.url()).to.match(/#menu=base\.apps&screen=apps$/);
      await tab.close();
    }
  });

  it('enables a module for a second site only, naming what follows before it acts', async () => {
    await page.click('[data-menu="base.settings"]');
    await page.waitForSelector('.apps-table tbody tr[data-module="link_tracker"]');
    await noViolations(page);
    await page.fill('#site-name', 'Second site');
    await page.fill('#site-domain', 'localhost');
    await page.click('form[aria-labelledby=new-site-title] button[type=submit]');
    await page.waitForSelector('.alert-success');
    expect(await page.locator('#apps-site option:checked').textContent()).to.equal('Second site (localhost)');
    // A new site starts with every installed module: take the link tracker and what it needs away...
    await toggle('website', false, ['Comments and Followers', 'Link Tracker', 'Live Chat']);
    expect(await page.isChecked('#module-link_tracker')).to.equal(false);
    // ...and enable the link tracker again: the website module comes back with it.
    await toggle('link_tracker', true, ['Website']);
    expect(await page.isChecked('#module-website')).to.equal(true);
    // On the first site, the link tracker goes (nothing depends on it there).
    await page.selectOption('#apps-site', { label: 'My Website' });
    await toggle('link_tracker', false);
    expect(await page.isChecked('#module-link_tracker')).to.equal(false);

    await page.goto(`${tk.url}/web`);
    await page.waitForSelector('[data-menu="base.contacts"]');
    expect(await page.locator('[data-menu="link_tracker.app"]').count(), 'not on the first site').to.equal(0);
    const second = await context.newPage();
    await signInBackoffice(second, `http://localhost:${port()}`, admin);
    expect(await second.locator('[data-menu="link_tracker.app"]').count(), 'on the second site').to.equal(1);
    await second.click('[data-menu="link_tracker.app"]');
    await second.waitForURL(/model=link\.tracker/);
    await second.close();
  });

  it('creates a record through a generic form with a many2one and a many2many', async () => {
    await page.click('[data-menu="livechat.app"]');
    await page.click('[data-menu="livechat.rules"]');
    await page.waitForURL(/model=im_livechat\.channel\.rule&view=list/);
    await page.click('text=New');
    await page.waitForSelector('#field-regex_url');
    await noViolations(page);
    await page.fill('#field-regex_url', '/tour-shop/.*');
    await page.selectOption('#field-action', 'auto_popup');
    await page.fill('#field-channel_id', 'Your');
    await page.click('[role=option]:has-text("YourWebsite.com")');
    await page.fill('#field-country_ids', 'Belg');
    await page.click('[role=option]:has-text("Belgium")');
    await page.fill('#field-country_ids', 'Fra');
    await page.click('[role=option]:text-is("France")');
    expect(await page.locator('[data-field=country_ids] .tag').allTextContents()).to.deep.equal(['Belgium', 'France']);
    await page.click('button[type=submit]:has-text("Save")');
    await page.waitForURL(/view=form&id=\d+/);
    await page.waitForSelector('.alert-success');
    const id = Number(/id=(\d+)/.exec(page.url())![1]);
    const [rule] = await tk.sudo().model('im_livechat.channel.rule').read([id], ['regex_url', 'action', 'channel_id', 'country_ids']);
    expect(rule.regex_url).to.equal('/tour-shop/.*');
    expect(rule.action).to.equal('auto_popup');
    expect((rule.channel_id as [number, string])[1]).to.equal('YourWebsite.com');
    expect((rule.country_ids as number[]).length).to.equal(2);
    // The URL holds the screen: a reload comes back to the record, the back button to the list.
    await page.reload();
    await page.waitForSelector('#field-regex_url');
    expect(await page.inputValue('#field-regex_url')).to.equal('/tour-shop/.*');
    expect(await page.textContent('.breadcrumb')).to.contain('/tour-shop/.*');
    await page.goBack();
    await page.waitForURL(/view=list/);
    await page.waitForSelector('.backoffice-list');
  });

  it('finds it through search, a condition on the many2one, and group by with counts', async () => {
    await page.fill('#list-search', 'tour-shop');
    await page.click('form[role=search] button');
    await page.waitForFunction(() => document.querySelectorAll('.backoffice-list tbody tr').length === 1);
    expect(await page.textContent('.backoffice-list tbody tr')).to.contain('/tour-shop/.*').and.contain('Auto popup');
    await page.fill('#list-search', '');
    await page.click('form[role=search] button');
    await page.selectOption('#filter-field', { label: 'Channel' });
    await page.fill('#filter-value', 'YourWebsite');
    await page.click('text=Add condition');
    await page.waitForSelector('.filter-chip');
    await page.selectOption('#list-groupby', 'action');
    await page.waitForSelector('.group-link');
    const groups = await page.locator('table tbody tr').allTextContents();
    expect(groups.some((g) => g.startsWith('Auto popup') && g.endsWith('1')), groups.join(' | ')).to.equal(true);
    await noViolations(page);
    await page.click('.group-link:has-text("Auto popup")');
    await page.waitForFunction(() => document.querySelectorAll('.backoffice-list tbody tr').length === 1);
    expect(await page.textContent('.backoffice-list tbody tr')).to.contain('/tour-shop/.*');
    // Saved for later, per user.
    await page.fill('#filter-save-name', 'Auto popups');
    await page.click('text=Save search');
    await page.waitForSelector('#list-saved option:has-text("Auto popups")', { state: 'attached' });
  });

  it('creates a user with groups', async () => {
    await page.click('[data-menu="base.settings"]');
    await page.click('[data-menu="base.users"]');
    await page.waitForURL(/model=res\.users&view=list/);
    await page.click('text=New');
    await page.waitForSelector('#user-name');
    await page.waitForSelector('#new-user-title ~ .card .tag, .tag');
    await noViolations(page);
    await page.fill('#user-name', 'Olga Operator');
    await page.fill('#user-login', 'olga@example.com');
    await page.fill('#user-groups', 'Live Chat op');
    await page.click('[role=option]:has-text("Live Chat operator")');
    await page.click('text=Create user');
    await page.waitForURL(/model=res\.users&view=form&id=\d+/);
    await page.waitForSelector('#field-login');
    expect(await page.inputValue('#field-login')).to.equal('olga@example.com');
    const sudo = tk.sudo();
    const [user] = await sudo.model('res.users').search_read([['login', '=', 'olga@example.com']], ['groups_id', 'share']);
    const names = (await sudo.model('res.groups').read(user.groups_id as number[], ['name'])).map((g) => g.name).sort();
    expect(names).to.deep.equal(['Internal User', 'Live Chat operator']);
    expect(user.share).to.equal(false);
    await noViolations(page);
  });

  it('sends the new user the password reset e-mail, which reaches a real SMTP server', async () => {
    await page.click('text=Send password reset e-mail');
    await page.waitForSelector('[role=status]:has-text("olga@example.com")');
    let mail = sink.received.find((m) => m.to === 'olga@example.com');
    for (let i = 0; i < 100 && !mail; i++) {
      await new Promise((r) => setTimeout(r, 100));
      mail = sink.received.find((m) => m.to === 'olga@example.com');
    }
    expect(mail, 'no reset mail reached the SMTP server').to.not.equal(undefined);
    const link = /https?:\/\/[^\s"<]+\/web\/reset_password\?token=[A-Za-z0-9._-]+/.exec(`${mail!.parsed?.text ?? ''} ${String(mail!.parsed?.html ?? '')}`);
    expect(link, 'a reset link in the mail').to.not.equal(null);
    const visitor = await browser.newPage();
    await visitor.goto(link![0].replace(/^https?:\/\/[^/]+/, tk.url));
    expect(await visitor.locator('input[name=password]').count(), 'the link opens the new password form').to.be.greaterThan(0);
    await visitor.close();
  });

  it('lays the screens out at 375 px without horizontal scrolling', async () => {
    const small = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
    await signInBackoffice(small, tk.url, admin);
    for (const hash of ['#menu=base.contacts&model=res.partner&view=list', '#menu=base.apps&screen=apps', '#menu=livechat.rules&model=im_livechat.channel.rule&view=form', '#menu=base.users&model=res.users&view=list&groupby=share']) {
      await small.goto(`${tk.url}/web${hash}`);
      await small.waitForSelector('#backoffice-main h1');
      const overflow = await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, hash).to.equal(0);
    }
    await small.close();
  });

  it('ran without script errors', () => {
    expect(errors).to.deep.equal([]);
  });
});
