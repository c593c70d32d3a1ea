import fs from 'node:fs';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { UserAccounts } from '@platform/base';
import { checkAccessibility, describeViolations, launchBrowser, signIn, signInBackoffice, watchErrors } from '../../../test/support/browser';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { SurveyAnswers, SurveyStructureReader } from '../index';
import { makeSurvey, validAnswers, type SurveyFixture } from './survey-fixture';

const SHOTS = process.env.SURVEY_SHOTS;

/** axe clean and no sideways scrolling at 375 and 1280 px (screenshots when SURVEY_SHOTS names a folder). */
async function checkLayouts(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const violations = await checkAccessibility(page);
    expect(violations, describeViolations(violations)).to.deep.equal([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} at ${width}px scrolls sideways`).to.be.at.most(0);
    if (SHOTS) { fs.mkdirSync(SHOTS, { recursive: true }); await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true }); }
  }
}

describe('survey: browser tour', function () {
  this.timeout(180_000);
  let tk: TestKernel;
  let f: SurveyFixture;
  /** One browser for both tours (they share the booted site too). */
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  before(async () => {
    tk = await bootTestKernel({ modules: ['survey'], http: true });
    f = await makeSurvey(tk.sudo());
    // A few earlier answers, so the results have something to chart and filter.
    const env = tk.sudo();
    const s = (await tk.get(SurveyStructureReader).load(env, f.surveyId))!;
    const a = await validAnswers(f);
    const blue = await f.labelOf(f.ids.colour, 'Blue');
    // Eleven (with the visitor's, twelve free-text answers: two pages of the text table).
    for (const [i, colour] of [a.red, a.red, blue, ...Array(8).fill(a.red)].entries()) {
      const input = await tk.get(SurveyAnswers).create(env, f.surveyId);
      await tk.get(SurveyAnswers).savePage(env, s, input, s.pages[0], { ...a.page1, [f.tag(f.ids.free)]: `Earlier answer ${i + 1}` }, false);
      await tk.get(SurveyAnswers).savePage(env, s, input, s.pages[1], { ...a.page2, [f.tag(f.ids.colour)]: String(colour) }, false);
    }
    await tk.get(UserAccounts).create({ name: 'Manager', login: 'manager', password: 'password-123', groups: ['survey.group_survey_manager'] });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  it('a visitor fills both pages (an error, then the fix), meets the network error modal, and finishes; a manager charts and filters the results', async () => {
    const page = await browser.newPage();
    try {
      const errors = watchErrors(page);
      await page.goto(`${tk.url}/survey/start/${f.surveyId}`);
      await page.getByRole('link', { name: 'Start survey' }).click();
      await page.waitForSelector('[data-island="survey.form"][data-hydrated="true"]');
      await checkLayouts(page, 'survey-page');

      // The schema shared with the server refuses the page before posting: each message in its question's zone.
      let posted = 0;
      page.on('request', (r) => { if (r.method() === 'POST' && r.url().includes('/survey/submit/')) posted++; });
      await page.locator(`[id="${f.tag(f.ids.email)}_input"]`).fill('not-an-address');
      await page.getByRole('button', { name: 'Next page' }).click();
      await page.locator(`[id="${f.tag(f.ids.email)}"] .js_errzone`, { hasText: 'This answer must be an email address' }).waitFor();
      await page.locator(`[id="${f.tag(f.ids.free)}"] .js_errzone`, { hasText: 'This question requires an answer.' }).waitFor();
      expect(posted).to.equal(0);
      await checkLayouts(page, 'survey-page-errors');

      // The fix: valid answers go to the server, which redirects to page 2.
      await page.locator(`[id="${f.tag(f.ids.free)}_input"]`).fill('Typed in the browser');
      await page.locator(`[id="${f.tag(f.ids.email)}_input"]`).fill('me@example.com');
      await page.locator(`[id="${f.tag(f.ids.age)}_input"]`).fill('33');
      await Promise.all([page.waitForURL(/\/survey\/fill\//), page.getByRole('button', { name: 'Next page' }).click()]);
      await page.getByRole('heading', { name: 'Your opinion' }).waitFor();
      await page.waitForSelector('[data-island="survey.form"][data-hydrated="true"]');

      // Answers filled in: Red, Apple, and the matrix.
      await page.getByRole('radio', { name: 'Red', exact: true }).check();
      await page.getByRole('checkbox', { name: 'Apple', exact: true }).check();
      await page.getByRole('radio', { name: 'Food: Good' }).check();
      await page.getByRole('radio', { name: 'Service: Bad' }).check();

      // The server does not answer within 5 s: the network error modal (the clock is fast-forwarded, no waiting).
      await page.clock.install();
      await page.route('**/survey/submit/**', () => { /* never answered */ });
      await page.getByRole('button', { name: 'Submit survey' }).click();
      await page.clock.runFor(5000);
      await page.getByRole('dialog', { name: 'A problem has occurred' }).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.unroute('**/survey/submit/**');
      // A transport failure opens it too.
      await page.route('**/survey/submit/**', (route) => route.abort());
      await page.getByRole('button', { name: 'Submit survey' }).click();
      await page.getByRole('dialog', { name: 'A problem has occurred' }).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.unroute('**/survey/submit/**');

      // An answer with neither errors nor a redirect: logged as an incorrect answer, nothing else happens.
      const incorrect = page.waitForEvent('console', (m) => m.type() === 'error' && m.text().includes('incorrect answer'));
      await page.route('**/survey/submit/**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));
      await page.getByRole('button', { name: 'Submit survey' }).click();
      await incorrect;
      await page.unroute('**/survey/submit/**');
      expect(await page.getByRole('dialog', { name: 'A problem has occurred' }).isVisible()).to.equal(false);

      await Promise.all([page.waitForURL(/\/survey\/fill\//), page.getByRole('button', { name: 'Submit survey' }).click()]);
      await page.getByText('Thanks for answering.').waitFor();
      const token = new URL(page.url()).pathname.split('/').pop()!;
      const [input] = await tk.sudo().model('survey.user_input').search_read([['token', '=', token]], ['state']);
      expect(input.state).to.equal('done');

      // Print mode: every field disabled, the answers shown (by the server). A prefill that fails only warns.
      const warned = page.waitForEvent('console', (m) => m.type() === 'warning' && m.text().includes('prefill failed'));
      await page.route('**/survey/prefill/**', (route) => route.fulfill({ status: 500, body: 'down' }));
      await page.goto(`${tk.url}/survey/print/${f.surveyId}/${token}`);
      await warned;
      await page.unroute('**/survey/prefill/**');
      await page.waitForSelector('[data-island="survey.form"][data-hydrated="true"]');
      expect(await page.locator('fieldset[disabled]').count()).to.equal(1);
      expect(await page.locator(`[id="${f.tag(f.ids.free)}_input"]`).inputValue()).to.equal('Typed in the browser');
      // The aborted post, the incorrect answer and the failing prefill above are the only errors the browser logs.
      expect(errors.filter((e) => !e.includes('net::ERR_FAILED') && !e.includes('incorrect answer') && !e.includes('500'))).to.deep.equal([]);

      // The manager's results: charts drawn, a filter on an answer, then cleared.
      const manager = await browser.newPage();
      const managerErrors = watchErrors(manager);
      await signIn(manager, tk.url, { login: 'manager', password: 'password-123', then: `/survey/results/${f.surveyId}` });
      await manager.waitForSelector('[data-island="survey.results"][data-hydrated="true"]');
      await manager.waitForSelector('.survey_graph[data-graph_type="pie"] .survey-chart[data-rendered="true"]');
      await manager.waitForSelector('.survey_graph[data-graph_type="bar"] .survey-chart[data-rendered="true"]');
      await manager.waitForSelector('.survey_graph[data-graph_type="multi_bar"] .survey-chart[data-rendered="true"]');
      await manager.getByRole('button', { name: 'Stacked' }).first().click();
      await manager.locator('[aria-pressed="true"]', { hasText: 'Stacked' }).first().waitFor();
      await checkLayouts(manager, 'survey-results');
      // The free-text table: its first page (the first ten answers), then the second, fetched from the server.
      const texts = manager.locator(`.survey_pagination[data-question_id="${f.ids.free}"]`);
      await texts.getByRole('cell', { name: 'Earlier answer 1', exact: true }).waitFor();
      expect(await texts.locator('tbody tr').count()).to.equal(10);
      await texts.getByRole('button', { name: '2', exact: true }).click();
      await texts.getByRole('cell', { name: 'Typed in the browser' }).waitFor();
      expect(await texts.locator('tbody tr').count()).to.equal(2);
      await texts.locator('[aria-current="page"]', { hasText: '2' }).waitFor();
      const blue = await f.labelOf(f.ids.colour, 'Blue');
      await Promise.all([manager.waitForURL(new RegExp(`\\?0,${blue}$`)), manager.getByRole('link', { name: 'Filter on Blue' }).click()]);
      await manager.getByText('Filtered on: Blue').waitFor();
      expect(await manager.locator('strong').filter({ hasText: /^1$/ }).count()).to.be.greaterThan(0);
      await Promise.all([manager.waitForURL((u) => u.search === '' && u.pathname === `/survey/results/${f.surveyId}`), manager.getByRole('link', { name: 'Clear filter' }).click()]);
      await Promise.all([manager.waitForURL(/\?finished$/), manager.getByRole('link', { name: 'Finished surveys' }).click()]);
      await manager.waitForSelector('.survey_graph[data-graph_type="pie"] .survey-chart[data-rendered="true"]');
      expect(managerErrors).to.deep.equal([]);
      await manager.close();
    } finally {
      await page.close();
    }
  });

  it('a survey manager opens the Surveys app and a survey, sees its answer counts, exports the CSV and opens the results', async () => {
    const page = await browser.newPage();
    try {
      const errors = watchErrors(page);
      await signInBackoffice(page, tk.url, { login: 'manager', password: 'password-123' });
      await page.click('[data-menu="survey.app"]');
      await page.click('[data-menu="survey.surveys"]');
      const row = page.locator('.backoffice-list tbody tr', { hasText: 'Every question' });
      await row.waitFor();
      // The list's counters: started (skip or done) and completed inputs, whatever the earlier tour added.
      const done = Number((await tk.sudo().db('survey_user_input').where({ survey_id: f.surveyId, state: 'done' }).count({ n: '*' }).first())?.n);
      expect(done).to.be.at.least(3);
      await checkLayouts(page, 'backoffice-surveys');
      await row.getByRole('link', { name: 'Every question' }).click();
      await page.waitForSelector('#field-tot_comp_survey');
      const shown = await page.locator('#field-tot_comp_survey').evaluate((el) => ('value' in el ? String((el as HTMLInputElement).value) : el.textContent ?? ''));
      expect(shown.trim()).to.equal(String(done));
      await checkLayouts(page, 'backoffice-survey-form');

      // The export: a CSV file, a header of the fixed columns then the questions, a row per input.
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.survey-export-link').click()]);
      expect(download.suggestedFilename()).to.equal(`survey-${f.surveyId}-answers.csv`);
      const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
      expect(csv[0].split(',').slice(0, 6)).to.deep.equal(['id', 'state', 'email', 'date', 'score', 'Tell us about you']);
      expect(csv.length).to.be.at.least(1 + done);
      expect(csv.slice(1).some((line) => line.includes(',done,') && line.includes('Earlier answer') && line.includes('Red'))).to.equal(true);

      await Promise.all([page.waitForURL(new RegExp(`/survey/results/${f.surveyId}$`)), page.locator('.survey-results-link').click()]);
      await page.waitForSelector('.survey_graph[data-graph_type="pie"] .survey-chart[data-rendered="true"]');
      expect(await page.getByText('Answers counted').count()).to.equal(1);
      expect(errors).to.deep.equal([]);
    } finally {
      await page.close();
    }
  });
});
