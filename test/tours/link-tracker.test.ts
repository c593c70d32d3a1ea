import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { UserAccounts } from '@platform/base';
import { ClickRecorder } from '@modules/link_tracker/test/support';
import { bootTestKernel, type TestKernel } from '../support/harness';
import { checkAccessibility, describeViolations, launchBrowser, signIn, watchErrors } from '../support/browser';

/** Tour of the link tracker: make a link with a new campaign, copy it, open it, see the click and its country. */
describe('tour: link tracker', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;
  const savedProxy = process.env.TRUST_PROXY;

  before(async () => {
    // The visitor's country comes from X-Forwarded-For, which the site trusts behind a proxy.
    process.env.TRUST_PROXY = '1';
    tk = await bootTestKernel({ modules: ['link_tracker'], http: true });
    await tk.kernel.container.get(UserAccounts).create({
      name: 'Mia Marketing', login: 'mia@example.com', password: 'mia-pass-1234', groups: ['link_tracker.group_link_tracker_user'],
    });
    await tk.sudo().model('utm.medium').create({ name: 'Newsletter' });
    browser = await launchBrowser();
  });
  after(async () => {
    if (savedProxy === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = savedProxy;
    await browser?.close();
    await tk?.stop();
  });

  async function loggedIn(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: tk.url });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, tk.url, { login: 'mia@example.com', password: 'mia-pass-1234' });
    return { context, page, errors };
  }

  it('creates a link with a new campaign, copies it, a visitor opens it, the statistics show the click and its country', async () => {
    const { context, page, errors } = await loggedIn();
    await page.goto(`${tk.url}/r`);
    await page.waitForSelector('[data-island="link_tracker.link_form"][data-hydrated="true"]');
    await page.waitForSelector('text=You don\'t have any recent links.');
    expect(describeViolations(await checkAccessibility(page))).to.equal('');

    // Empty URL: the spec's message, nothing sent.
    await page.click('button:has-text("Get tracked link")');
    expect(await page.textContent('.link-error')).to.equal('The URL is empty.');

    const target = `${tk.url}/?from=tour#welcome`;
    await page.fill('#link-url', target);
    await page.fill('input[name="utm.campaign"]', 'Tour campaign');
    await page.fill('input[name="utm.medium"]', 'NEWSLETTER'); // the existing "Newsletter", whatever the case
    await page.click('button:has-text("Get tracked link")');
    await page.waitForSelector('.link-short-url');
    const shortUrl = (await page.textContent('.link-short-url'))!;
    expect(shortUrl).to.match(new RegExp(`^${tk.url}/r/[A-Za-z0-9]{3}$`));
    expect(await page.textContent('.link-actions button')).to.equal('Copy');
    expect(await tk.sudo().model('utm.campaign').search_count([['name', '=', 'Tour campaign']])).to.equal(1);
    expect(await tk.sudo().model('utm.medium').search_count([])).to.equal(1);

    await page.click('.link-actions button');
    await page.waitForSelector('.link-copied');
    expect(await page.textContent('.link-copied')).to.equal('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).to.equal(shortUrl);
    await page.waitForSelector('.link-copied', { state: 'detached', timeout: 7000 }); // gone after 5 s

    // A browser refusing both the Clipboard API and the fallback: the failure is said, not swallowed.
    // (A string: functions compiled for the test runner carry helpers the page does not have.)
    await page.evaluate(`Object.defineProperty(navigator, 'clipboard', { value: { writeText: function () { return Promise.reject(new Error('denied')); } }, configurable: true });
      document.execCommand = function () { return false; };`);
    await page.click('.link-actions button');
    expect(await (await page.waitForSelector('.link-error')).textContent()).to.contain('could not be copied');

    // Editing the URL turns the button back into "Get tracked link".
    await page.fill('#link-url', `${target}x`);
    expect(await page.textContent('.link-actions button')).to.equal('Get tracked link');
    await page.fill('#link-url', target);

    // The recent list shows the new link.
    await page.waitForSelector(`.recent-links-list a[href="${target}"]`);

    // A visitor from the United Kingdom opens the short link.
    const visitor = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '81.2.69.160' } });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(shortUrl);
    const landed = new URL(visitorPage.url());
    expect(landed.pathname).to.equal('/');
    expect(landed.search).to.equal('?from=tour&utm_campaign=Tour%20campaign&utm_medium=Newsletter');
    expect(landed.hash).to.equal('#welcome');
    await visitor.close();
    await tk.kernel.container.get(ClickRecorder).flush();

    const code = shortUrl.split('/').pop()!;
    await page.goto(`${tk.url}/r/${code}+`);
    await page.waitForSelector('[data-island="link_tracker.link_stats"][data-hydrated="true"]');
    expect(await page.textContent('.link-count')).to.equal('1');
    await page.waitForSelector('.country-counts li');
    expect(await page.textContent('.country-counts')).to.contain('United Kingdom');
    await page.waitForSelector('.link-chart svg'); // apexcharts drew the charts
    expect(await page.$$eval('.link-chart .apexcharts-canvas', (els) => els.length)).to.equal(2);
    await page.click('button[role=tab]:has-text("Last Week")');
    await page.waitForSelector('button[role=tab][aria-selected=true]:has-text("Last Week")');
    await page.waitForSelector('.period-total');
    expect(await page.textContent('.period-total')).to.contain('1');
    expect(describeViolations(await checkAccessibility(page))).to.equal('');
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('edits a code in place: empty and taken codes are refused, unchanged makes no call', async () => {
    const { context, page, errors } = await loggedIn();
    await tk.sudo().model('link.tracker.code').create({
      code: 'taken', link_id: await tk.sudo().model('link.tracker').create({ url: 'https://example.com/other' }),
    });
    await page.goto(`${tk.url}/r`);
    await page.waitForSelector('[data-island="link_tracker.link_form"][data-hydrated="true"]');
    await page.waitForSelector('.recent-links-list li');
    const calls: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/website_links/add_code')) calls.push(r.postData() ?? ''); });

    await page.click('.recent-links-list li .link-code button');
    await page.fill('.link-code-edit input', '');
    await page.click('.link-code-edit button[type=submit]');
    expect(await page.textContent('.link-code-edit .link-error')).to.equal('The code cannot be left empty');
    await page.click('.link-code-edit button:has-text("Cancel")');
    const original = (await page.textContent('.recent-links-list li .link-code code'))!;

    await page.click('.recent-links-list li .link-code button');
    await page.click('.link-code-edit button[type=submit]'); // unchanged
    await page.waitForSelector('.link-code-edit', { state: 'detached' });
    expect(calls).to.deep.equal([]);

    await page.click('.recent-links-list li .link-code button');
    await page.fill('.link-code-edit input', 'taken');
    await page.click('.link-code-edit button[type=submit]');
    await page.waitForSelector('.link-code-edit .link-error');
    expect(await page.textContent('.link-code-edit .link-error')).to.equal('This code is already taken');

    await page.fill('.link-code-edit input', 'summer');
    await page.click('.link-code-edit button[type=submit]');
    await page.waitForSelector('.recent-links-list li .link-code code:has-text("summer")');
    expect(calls.length).to.equal(2);
    expect(original).to.not.equal('summer');
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});
