import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { checkAccessibility, describeViolations, launchBrowser, watchErrors } from '../../../test/support/browser';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { EVENT_MODEL, REGISTRATION_MODEL } from '../index';

const SHOTS = '.tmp/event';

/**
 * In Chromium, on the demo data: two attendees register for the free Open Day through the form, the
 * modal and the confirmation page (button disabled while the modal is open, enabled again when it
 * closes); every event page is looked at at 375 and 1280 px and checked with axe.
 */
describe('event: registration tour (browser)', function () {
  this.timeout(180_000);
  let tk: TestKernel;
  let browser: Browser;
  let openDay: { id: number; url: string };
  let conference: string;

  before(async () => {
    tk = await bootTestKernel({ modules: ['event'], http: true, demo: true });
    browser = await launchBrowser();
    const [od] = await tk.sudo().model(EVENT_MODEL).search_read([['name', '=', 'Open Day']], ['name']);
    openDay = { id: Number(od.id), url: `/event/open-day-${od.id}` };
    const [conf] = await tk.sudo().model(EVENT_MODEL).search_read([['name', '=', 'Conference on Business Apps']], ['name']);
    conference = `/event/conference-on-business-apps-${conf.id}`;
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  async function look(page: Page, name: string, width: number) {
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    const violations = await checkAccessibility(page);
    expect(violations, describeViolations(violations)).to.deep.equal([]);
  }

  for (const width of [375, 1280]) {
    it(`shows the pages at ${width} px, axe clean`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = watchErrors(page);
      for (const [name, path] of [['list', '/event'], ['event', conference], ['tracks', `${conference}/track`], ['agenda', `${conference}/agenda`], ['proposal', `${conference}/track_proposal`]] as const) {
        await page.goto(`${tk.url}${path}`);
        if (name === 'list') await page.locator('.country-events').waitFor();
        if (name === 'agenda') {
          await page.waitForSelector('[data-island="event.track_search"][data-hydrated="true"]');
          expect(await page.locator('#search_number').textContent()).to.equal('30');
          await page.locator('#event_track_search').fill('perf');
          await page.waitForFunction(() => document.querySelector('#search_number')?.textContent === '1');
          expect(await page.locator('.event_track:not(.invisible)').count()).to.equal(1);
          await page.locator('#event_track_search').fill('');
          await page.waitForFunction(() => document.querySelector('#search_number')?.textContent === '30');
        }
        if (name === 'proposal') {
          // formik checks the server's schema before posting: the messages show without a round trip.
          await page.waitForSelector('[data-island="event.proposal_form"][data-hydrated="true"]');
          await page.locator('#proposal_email_from').fill('not-an-address');
          // Left first: its message shows and moves the button before the click, not during it.
          await page.locator('#proposal_email_from').blur();
          await page.locator('#proposal_email_from_error').waitFor();
          await page.getByRole('button', { name: 'Submit proposal' }).click();
          await page.locator('#proposal_track_name_error').waitFor();
          expect(await page.locator('#proposal_email_from_error').textContent()).to.equal('Enter a valid e-mail address.');
          expect(page.url()).to.equal(`${tk.url}${path}`);
        }
        await look(page, name, width);
      }
      expect(errors).to.deep.equal([]);
      await context.close();
    });
  }

  it('registers two attendees for a free event through the modal (375 px and 1280 px)', async () => {
    for (const width of [375, 1280]) {
      const before = await tk.sudo().model(REGISTRATION_MODEL).search_count([['event_id', '=', openDay.id], ['state', '=', 'open']]);
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${tk.url}${openDay.url}`);
      await page.waitForSelector('[data-island="event.registration_form"][data-hydrated="true"]');
      const button = page.getByRole('button', { name: 'Register Now' });
      // Nothing chosen: the form says so and sends nothing.
      await button.click();
      await page.getByText('Please select at least one ticket.').waitFor();
      await page.locator('select[name="nb_register-0"]').selectOption('2');
      await button.click();
      const dialog = page.locator('dialog[open]');
      await dialog.waitFor();
      expect(await button.isDisabled()).to.equal(true);
      await look(page, 'modal', width);
      // Closing the modal enables the button again.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForFunction(() => !document.querySelector('dialog[open]'));
      expect(await button.isDisabled()).to.equal(false);
      await button.click();
      await dialog.waitFor();
      await dialog.locator('input[name="1-name"]').fill('Alice Attendee');
      await dialog.locator('input[name="1-email"]').fill('alice@example.com');
      await dialog.locator('input[name="1-phone"]').fill('+32 2 290 34 90');
      await dialog.locator('input[name="2-name"]').fill('Bob Attendee');
      await dialog.locator('input[name="2-email"]').fill('bob@example.com');
      await Promise.all([page.waitForURL(/registration\/confirm$/), dialog.getByRole('button', { name: 'Continue' }).click()]);
      await page.locator('#registration_complete').waitFor();
      expect(await page.locator('#registration_complete').textContent()).to.contain('Alice Attendee').and.contain('Bob Attendee');
      await look(page, 'complete', width);
      expect(await tk.sudo().model(REGISTRATION_MODEL).search_count([['event_id', '=', openDay.id], ['state', '=', 'open']])).to.equal(before + 2);
      expect(errors).to.deep.equal([]);
      await context.close();
    }
  });
});
