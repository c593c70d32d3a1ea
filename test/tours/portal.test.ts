import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { UserAccounts } from '@platform/base';
import { checkAccessibility, describeViolations, launchBrowser, watchErrors } from '../support/browser';
import { bootTestKernel, type TestKernel } from '../support/harness';

describe('tour: portal details form', function () {
  this.timeout(60000);
  let tk: TestKernel;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let partnerId: number;

  before(async () => {
    tk = await bootTestKernel({ modules: ['portal'], http: true, demo: true });
    const uid = await tk.kernel.container.get(UserAccounts).create({ name: 'Tour Customer', login: 'customer', password: 'password-123', groups: ['base.group_portal'] });
    partnerId = ((await tk.sudo().model('res.users').read([uid], ['partner_id']))[0].partner_id as [number, string])[0];
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1100, height: 800 } })).newPage();
    errors = watchErrors(page);
    await page.goto(`${tk.url}/my/account`);
    // Not signed in: the login page, which comes back to the form afterwards.
    await page.fill('input[name=login]', 'customer');
    await page.fill('input[name=password]', 'password-123');
    await Promise.all([page.waitForURL(/\/my\/account$/), page.click('button[type=submit]')]);
    await page.waitForSelector('[data-island="portal.address_selects"][data-hydrated="true"]');
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  const partner = async () => (await tk.sudo().model('res.partner').read([partnerId], ['name', 'city', 'country_id', 'state_id']))[0];

  it('has no serious or critical accessibility violations', async () => {
    const violations = await checkAccessibility(page);
    expect(violations, describeViolations(violations)).to.deep.equal([]);
  });

  it('saves an address in a country with states: the state select follows the country', async () => {
    expect(await page.locator('#portal-state_id').count()).to.equal(0);
    await page.fill('#portal-name', 'Tour Customer');
    await page.fill('#portal-email', 'customer@example.com');
    await page.fill('#portal-phone', '+1 555 0199');
    await page.fill('#portal-street', '1 Infinite Loop');
    await page.fill('#portal-city', 'Cupertino');
    await page.fill('#portal-zipcode', '95014');
    await page.selectOption('#portal-country_id', { label: 'United States' });
    await page.waitForSelector('#portal-state_id option:text("California")', { state: 'attached' });
    await page.selectOption('#portal-state_id', { label: 'California' });
    await Promise.all([page.waitForURL(/\/my\/account$/), page.click('button[type=submit]')]);
    expect(await page.textContent('.alert-success')).to.contain('Your details have been saved.');
    expect(await page.inputValue('#portal-city')).to.equal('Cupertino');
    expect(await page.locator('#portal-country_id option:checked').textContent()).to.equal('United States');
    expect(await page.locator('#portal-state_id option:checked').textContent()).to.equal('California');
    const saved = await partner();
    expect((saved.state_id as [number, string])[1]).to.equal('California');
  });

  it('saves a country without states: the state select goes away and the state is cleared', async () => {
    await page.waitForSelector('[data-island="portal.address_selects"][data-hydrated="true"]');
    await page.selectOption('#portal-country_id', { label: 'Gibraltar' });
    await page.waitForSelector('#portal-state_id', { state: 'detached' });
    await page.fill('#portal-city', 'Gibraltar');
    await Promise.all([page.waitForURL(/\/my\/account$/), page.click('button[type=submit]')]);
    expect(await page.textContent('.alert-success')).to.contain('Your details have been saved.');
    expect(await page.locator('#portal-country_id option:checked').textContent()).to.equal('Gibraltar');
    expect(await page.locator('#portal-state_id').count()).to.equal(0);
    const saved = await partner();
    expect((saved.country_id as [number, string])[1]).to.equal('Gibraltar');
    expect(saved.state_id).to.equal(false);
  });

  it('saves a French address without a state: offered, not required (French addresses name none)', async () => {
    await page.waitForSelector('[data-island="portal.address_selects"][data-hydrated="true"]');
    await page.selectOption('#portal-country_id', { label: 'France' });
    await page.waitForSelector('#portal-state_id option:text("Île-de-France")', { state: 'attached' });
    expect(await page.textContent('label[for=portal-state_id]')).to.equal('State / Province');
    expect(await page.getAttribute('#portal-state_id', 'aria-required')).to.equal(null);
    await page.fill('#portal-city', 'Paris');
    await page.fill('#portal-zipcode', '75001');
    await Promise.all([page.waitForURL(/\/my\/account$/), page.click('button[type=submit]')]);
    expect(await page.textContent('.alert-success')).to.contain('Your details have been saved.');
    const saved = await partner();
    expect((saved.country_id as [number, string])[1]).to.equal('France');
    expect(saved.state_id).to.equal(false);
    for (const width of [375, 1100]) {
      await page.setViewportSize({ width, height: 800 });
      const violations = await checkAccessibility(page);
      expect(violations, describeViolations(violations)).to.deep.equal([]);
      await page.screenshot({ path: `${process.env.TOUR_SCREENSHOTS ?? '/tmp'}/portal-france-${width}.png`, fullPage: true });
    }
    // The United States ask for it.
    await page.selectOption('#portal-country_id', { label: 'United States' });
    await page.waitForSelector('#portal-state_id option:text("California")', { state: 'attached' });
    expect(await page.textContent('label[for=portal-state_id]')).to.equal('State / Province *');
    expect(await page.getAttribute('#portal-state_id', 'aria-required')).to.equal('true');
    await page.selectOption('#portal-country_id', { label: 'France' });
    await page.waitForSelector('#portal-state_id option:text("Île-de-France")', { state: 'attached' });
  });

  it('shows the server\'s field errors and keeps the typed values', async () => {
    await page.waitForSelector('[data-island="portal.address_selects"][data-hydrated="true"]');
    // The browser accepts `name@host`; the server wants a domain with a dot (the reference's rule).
    await page.fill('#portal-email', 'customer@localhost');
    await page.fill('#portal-phone', '');
    await page.click('button[type=submit]');
    await page.waitForSelector('.alert-danger');
    expect(await page.textContent('.alert-danger')).to.contain('Invalid Email! Please enter a valid email address.').and.contain('Some required fields are empty.');
    expect(await page.getAttribute('#portal-email', 'aria-invalid')).to.equal('true');
    expect(await page.getAttribute('#portal-phone', 'aria-invalid')).to.equal('true');
    expect(await page.inputValue('#portal-email')).to.equal('customer@localhost');
    expect((await partner()).city).to.equal('Paris');
    const violations = await checkAccessibility(page);
    expect(violations, describeViolations(violations)).to.deep.equal([]);
  });

  it('ran without script errors', () => {
    expect(errors).to.deep.equal([]);
  });
});
