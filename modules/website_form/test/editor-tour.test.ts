import path from 'node:path';
import fs from 'node:fs';
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { checkAccessibility, describeViolations, launchBrowser, signIn, watchErrors } from '../../../test/support/browser';

const SHOTS = path.resolve(__dirname, '..', '..', '..', '.tmp', 'website_form');

describe('website_form: the Form block in the page editor', function () {
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

  it('a publisher inserts a Form, picks the model and fields, saves; the page shows a working form', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await signIn(page, tk.url, { login: 'admin', password: ADMIN_PASSWORD, then: '/about-us?enable_editor=1' });
    await page.waitForSelector('[data-island="website.page_editor"][data-hydrated="true"]');
    await page.waitForSelector('[data-island="website_form.block_options"][data-hydrated="true"]', { state: 'attached' });
    await page.click('.ProseMirror');
    await page.keyboard.press('End');
    await page.click('text=Insert a block');
    await page.click('.block-choice[data-block="website_form.form"]');
    // The options dialog: Contact request is offered with its required field (name) already listed.
    await page.waitForSelector('#wfo-model option[value="website.form.lead"]', { state: 'attached' });
    await page.selectOption('#wfo-model', 'website.form.lead');
    await page.waitForSelector('.wfo-fields [data-field="name"]');
    await page.fill('#wfo-name', 'Quick question');
    await page.selectOption('#wfo-add', 'email');
    await page.check('#wfo-req-email');
    await page.selectOption('#wfo-add', 'description');
    await page.fill('#wfo-custom', 'Favourite colour');
    await page.click('text=Add >> nth=-1');
    await page.fill('#wfo-message', 'Thanks, we read everything.');
    expect(describeViolations(await checkAccessibility(page))).to.equal('');
    await page.screenshot({ path: path.join(SHOTS, 'editor-form-options-1280.png') });
    await page.click('.wfo-save');
    await page.waitForSelector('.ProseMirror section[data-dynamic-block="website_form.form"][data-form-key]');
    await Promise.all([page.waitForURL(/\/about-us$/), page.click('.btn-save')]);

    // The saved page renders the form; sending it creates a contact request and shows the message.
    await page.waitForSelector('[data-island="website_form.form"][data-hydrated="true"]');
    const key = await page.getAttribute('.website-form input[name="website_form_block"]', 'value');
    expect(key).to.match(/^form-[0-9a-f]{10}$/);
    await page.fill(`#wf-${key}-name`, 'Grace');
    await page.fill(`#wf-${key}-email`, 'grace@example.com');
    await page.fill(`#wf-${key}-description`, 'Hello there');
    await page.fill(`#wf-${key}-favourite_colour`, 'blue');
    await page.click('.wf-send');
    await page.waitForSelector('.wf-status .alert-success');
    expect(await page.textContent('.wf-status')).to.contain('Thanks, we read everything.');
    const [lead] = await tk.sudo().model('website.form.lead').search_read([['email', '=', 'grace@example.com']], ['name', 'description']);
    expect(lead.name).to.equal('Grace');
    expect(String(lead.description)).to.contain('favourite_colour: blue');
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});
