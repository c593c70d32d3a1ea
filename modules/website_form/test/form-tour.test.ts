import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { checkAccessibility, describeViolations, launchBrowser, signInBackoffice, watchErrors } from '../../../test/support/browser';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const SHOTS = path.resolve(__dirname, '..', '..', '..', '.tmp', 'website_form');

describe('website_form: the contact form in Chromium', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;

  before(async () => {
    tk = await bootTestKernel({ modules: ['website_form'], http: true, demo: true });
    browser = await launchBrowser();
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  async function open(width: number, url: string): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${tk.url}${url}`);
    return { page, errors };
  }

  it('a bad date is refused with the spec\'s message, fixed, two files attached, and the success page reached', async () => {
    const { page, errors } = await open(1280, '/contactus');
    await page.waitForSelector('[data-island="website_form.form"][data-hydrated="true"]');
    await page.fill('#wf-contactus-name', 'Ada Lovelace');
    await page.fill('#wf-contactus-email', 'ada@example.com');
    await page.fill('#wf-contactus-subject', 'A new engine');
    await page.fill('#wf-contactus-description', 'Could we talk about it?');
    await page.fill('#wf-contactus-contact_date', '31/31/2026');
    await page.click('.wf-send');
    await page.waitForSelector('.wf-status .alert-warning');
    expect(await page.textContent('#wf-contactus-contact_date-error')).to.equal("'31/31/2026' is not a correct date");
    expect(await page.getAttribute('#wf-contactus-contact_date', 'class')).to.contain('is-invalid');
    expect(await page.isEnabled('.wf-send')).to.equal(true);
    // The picker: weeks numbered, years from 1900 to 200 years ahead; picking a day writes it in the language's format.
    await page.click('.wf-picker-toggle');
    await page.waitForSelector('.wf-date-picker');
    expect(await page.locator('.wf-date-picker .wf-week').count()).to.be.greaterThan(3);
    const years = await page.locator('.wf-date-picker select[aria-label="Year"] option').allTextContents();
    expect(years[0]).to.equal('1900');
    expect(Number(years[years.length - 1])).to.equal(new Date().getFullYear() + 200);
    await page.screenshot({ path: path.join(SHOTS, 'contactus-picker-1280.png') });
    await page.click('.wf-date-picker tbody button >> text="15"');
    await page.waitForSelector('.wf-date-picker', { state: 'detached' });
    expect(await page.inputValue('#wf-contactus-contact_date')).to.match(/^\d{2}\/15\/\d{4}$/);
    await page.fill('#wf-contactus-contact_date', '3/7/2026');
    await page.setInputFiles('#wf-contactus-attachment_ids', [
      { name: 'sketch.png', mimeType: 'image/png', buffer: PNG }, { name: 'plan.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await Promise.all([page.waitForURL(/\/contactus-thank-you$/), page.click('.wf-send')]);
    expect(await page.textContent('main')).to.contain('Your message has been sent');
    const [lead] = await tk.sudo().model('website.form.lead').search_read([['email', '=', 'ada@example.com']], ['contact_date', 'attachment_ids', 'description']);
    expect(lead.contact_date).to.equal('2026-03-07');
    // The form's form_field_ data value was sent once, and kept in the message.
    expect(String(lead.description)).to.equal('Could we talk about it?\n\nOther information:\nsource: Contact page');
    expect(lead.attachment_ids).to.have.length(2);
    expect(errors).to.deep.equal([]);
    await page.close();
  });

  it('marks the fields the server refuses, re-enables the button; a form without success page shows its message and resets', async () => {
    const { page } = await open(1280, '/become-a-reseller');
    await page.waitForSelector('[data-island="website_form.form"][data-hydrated="true"]');
    await page.fill('#wf-reseller-name', 'Bob');
    await page.fill('#wf-reseller-company_name', 'Bob & Co');
    await page.fill('#wf-reseller-email', 'bob@example.com');
    // The server refuses a country that does not exist (a forged option).
    await page.evaluate(() => { const o = document.createElement('option'); o.value = '999999'; o.text = 'Atlantis'; document.querySelector('#wf-reseller-country_id')!.append(o); });
    await page.selectOption('#wf-reseller-country_id', '999999');
    // While the post is on its way the send button is disabled (the answer is held back to see it).
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/website_form/res.partner', async (route) => { await held; await route.continue(); });
    await page.click('.wf-send');
    await page.waitForSelector('.wf-send:disabled');
    expect(await page.textContent('.wf-send')).to.equal('Sending…');
    release();
    await page.waitForSelector('.wf-status .alert-danger');
    await page.unroute('**/website_form/res.partner');
    expect(await page.getAttribute('#wf-reseller-country_id', 'class')).to.contain('is-invalid');
    expect(await page.isEnabled('.wf-send')).to.equal(true);
    await page.selectOption('#wf-reseller-country_id', '');
    await page.setInputFiles('#wf-reseller-documents', [{ name: 'deck.pdf', mimeType: 'application/pdf', buffer: PDF }]);
    await page.click('.wf-send');
    await page.waitForSelector('.wf-status .alert-success');
    expect(await page.textContent('.wf-status')).to.contain('our partner team will call you');
    // Reset: what was typed and the files chosen.
    expect(await page.inputValue('#wf-reseller-name')).to.equal('');
    expect(await page.evaluate(() => document.querySelector<HTMLInputElement>('#wf-reseller-documents')!.files!.length)).to.equal(0);
    const [bob] = await tk.sudo().model('res.partner').search_read([['email', '=', 'bob@example.com']], ['id']);
    expect(await tk.sudo().model('ir.attachment').search_read([['res_model', '=', 'res.partner'], ['res_id', '=', bob.id]], ['name'])).to.have.length(1);
    await page.close();
  });

  it('without JavaScript: the server refuses the bad date and marks it, then the fixed form reaches the success page', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${tk.url}/contactus`);
    await page.fill('#wf-contactus-name', 'Charles Babbage');
    await page.fill('#wf-contactus-email', 'charles@example.com');
    await page.fill('#wf-contactus-subject', 'Engines');
    await page.fill('#wf-contactus-description', 'Difference or analytical?');
    await page.fill('#wf-contactus-contact_date', 'soon');
    await Promise.all([page.waitForURL(/\/website_form\/website\.form\.lead$/), page.click('.wf-send')]);
    // The form again: what was typed kept, the server's message under the date.
    expect(await page.getAttribute('#wf-contactus-contact_date', 'aria-invalid')).to.equal('true');
    expect(await page.textContent('#wf-contactus-contact_date-error')).to.equal("'soon' is not a correct date");
    expect(await page.inputValue('#wf-contactus-name')).to.equal('Charles Babbage');
    expect(await page.textContent('.wf-status')).to.contain('Please check the marked fields.');
    // (axe needs scripts: the same page with JavaScript is checked below.)
    await page.screenshot({ path: path.join(SHOTS, 'contactus-nojs-refused-1280.png'), fullPage: true });
    await page.fill('#wf-contactus-contact_date', '12/26/2026');
    await page.setInputFiles('#wf-contactus-attachment_ids', [
      { name: 'a.png', mimeType: 'image/png', buffer: PNG }, { name: 'b.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await Promise.all([page.waitForURL(/\/contactus-thank-you$/), page.click('.wf-send')]);
    const [lead] = await tk.sudo().model('website.form.lead').search_read([['email', '=', 'charles@example.com']], ['contact_date', 'attachment_ids']);
    expect(lead.contact_date).to.equal('2026-12-26');
    expect(lead.attachment_ids).to.have.length(2);
    await context.close();
  });

  it('the back office lists the files under the request and under the contact, each a working download (375 and 1280 px)', async () => {
    const [lead] = await tk.sudo().model('website.form.lead').search_read([['email', '=', 'charles@example.com']], ['id']);
    const [bob] = await tk.sudo().model('res.partner').search_read([['email', '=', 'bob@example.com']], ['id']);
    const context = await browser.newContext({ viewport: { width: 375, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInBackoffice(page, tk.url, { login: 'admin', password: ADMIN_PASSWORD });
    await page.goto(`${tk.url}/web#model=website.form.lead&view=form&id=${lead.id}`);
    const links = page.locator('.website-form-attachments a');
    await links.nth(1).waitFor();
    expect(await links.allTextContents()).to.deep.equal(['a.png', 'b.pdf']);
    const download = await page.request.get(`${tk.url}${await links.nth(1).getAttribute('href')}`);
    expect(download.status()).to.equal(200);
    expect(Buffer.from(await download.body()).equals(PDF)).to.equal(true);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SHOTS, `backoffice-request-files-${width}.png`), fullPage: true });
    }
    expect(describeViolations(await checkAccessibility(page))).to.equal('');
    // The contact the reseller form created: its file under it.
    // (A new hash on the same page: wait for the contact's form, not the request's still shown.)
    await page.goto(`${tk.url}/web#model=res.partner&view=form&id=${bob.id}`);
    await page.locator('.website-form-attachments a', { hasText: 'deck.pdf' }).waitFor();
    expect(await page.locator('.website-form-attachments a').allTextContents()).to.deep.equal(['deck.pdf']);
    const deck = await page.request.get(`${tk.url}${await page.locator('.website-form-attachments a').getAttribute('href')}`);
    expect(Buffer.from(await deck.body()).equals(PDF)).to.equal(true);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SHOTS, `backoffice-partner-files-${width}.png`), fullPage: true });
    }
    // The demo's reseller shows hers on a fresh start.
    const [nora] = await tk.sudo().model('res.partner').search_read([['email', '=', 'nora@northwind.example']], ['id']);
    await page.goto(`${tk.url}/web#model=res.partner&view=form&id=${nora.id}`);
    await page.locator('.website-form-attachments a', { hasText: 'northwind-presentation.txt' }).waitFor();
    expect(await page.locator('.website-form-attachments a').allTextContents()).to.deep.equal(['northwind-presentation.txt']);
    expect(describeViolations(await checkAccessibility(page))).to.equal('');
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  for (const width of [375, 1280]) {
    it(`/contactus, its success page and /become-a-reseller at ${width}px: axe clean`, async () => {
      const { page, errors } = await open(width, '/contactus');
      await page.waitForSelector('[data-island="website_form.form"][data-hydrated="true"]');
      expect(describeViolations(await checkAccessibility(page))).to.equal('');
      await page.screenshot({ path: path.join(SHOTS, `contactus-${width}.png`), fullPage: true });
      await page.click('.wf-send');
      await page.waitForSelector('.wf-status .alert-warning');
      expect(describeViolations(await checkAccessibility(page))).to.equal('');
      await page.screenshot({ path: path.join(SHOTS, `contactus-invalid-${width}.png`), fullPage: true });
      await page.goto(`${tk.url}/contactus-thank-you`);
      expect(describeViolations(await checkAccessibility(page))).to.equal('');
      await page.screenshot({ path: path.join(SHOTS, `thank-you-${width}.png`), fullPage: true });
      // The form creating contacts.
      await page.goto(`${tk.url}/become-a-reseller`);
      await page.waitForSelector('[data-island="website_form.form"][data-hydrated="true"]');
      expect(describeViolations(await checkAccessibility(page))).to.equal('');
      await page.screenshot({ path: path.join(SHOTS, `reseller-${width}.png`), fullPage: true });
      expect(errors).to.deep.equal([]);
      await page.close();
    });
  }
});
