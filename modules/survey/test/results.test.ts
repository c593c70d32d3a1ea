import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { SurveyAnswers, SurveyStructureReader } from '../index';
import { SurveyResults } from '../server/services/survey-results';
import { makeSurvey, validAnswers, type SurveyFixture } from './survey-fixture';

describe('survey: results', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let f: SurveyFixture;
  let a: Awaited<ReturnType<typeof validAnswers>>;
  let manager: RpcClient;
  let employee: RpcClient;

  /** An input answered through the service: page 1 always, page 2 (finishing) when `finish`. */
  async function answer(colour: string, finish: boolean, grid: Record<string, string> = {}) {
    const env = tk.sudo();
    const answers = tk.get(SurveyAnswers);
    const s = (await tk.get(SurveyStructureReader).load(env, f.surveyId))!;
    const input = await answers.create(env, f.surveyId);
    await answers.savePage(env, s, input, s.pages[0], a.page1, false);
    if (finish) {
      const colourId = await f.labelOf(f.ids.colour, colour);
      await answers.savePage(env, s, input, s.pages[1], { ...a.page2, [f.tag(f.ids.colour)]: String(colourId), ...grid }, false);
    }
  }

  before(async () => {
    tk = await bootTestKernel({ modules: ['survey'], http: true });
    f = await makeSurvey(tk.sudo());
    a = await validAnswers(f);
    const bad = await f.labelOf(f.ids.grid, 'Bad');
    await answer('Red', true);
    await answer('Red', true);
    await answer('Blue', true, { [`${f.tag(f.ids.grid)}_${a.food}`]: String(bad) });
    await answer('Green', false);
    await tk.get(UserAccounts).create({ name: 'Manager', login: 'manager', password: 'password-123', groups: ['survey.group_survey_manager'] });
    await tk.get(UserAccounts).create({ name: 'Employee', login: 'employee', password: 'password-123', groups: ['base.group_user'] });
    manager = new RpcClient(tk.url);
    await manager.authenticate('manager', 'password-123');
    employee = new RpcClient(tk.url);
    await employee.authenticate('employee', 'password-123');
  });
  after(async () => tk?.stop());

  it('is for survey managers: visitors are sent to log in, other users get 403, and neither reads answers through call_kw', async () => {
    const visitor = new RpcClient(tk.url);
    const res = await visitor.fetch(`/survey/results/${f.surveyId}`, { redirect: 'manual' });
    expect(res.status).to.be.oneOf([302, 303]);
    expect(res.headers.get('location')).to.contain('/web/login');
    expect((await employee.get(`/survey/results/${f.surveyId}`)).status).to.equal(403);
    const page = await manager.get(`/survey/results/${f.surveyId}`);
    expect(page.status).to.equal(200);
    const html = await page.text();
    expect(html).to.contain('data-island="survey.results"').and.contain('data-graph_type="multi_bar"').and.contain('data-graph_type="pie"').and.contain('data-graph_type="bar"');
    for (const client of [visitor, employee]) {
      const refused = await client.rpc('/web/dataset/call_kw', { model: 'survey.user_input_line', method: 'search_read', args: [[]], kwargs: { fields: ['value_text'] } });
      expect(refused.error?.data.name).to.equal('AccessError');
    }
  });

  it('lets a portal user read their own answers through call_kw, and nobody else\'s', async () => {
    await tk.get(UserAccounts).create({ name: 'Portal', login: 'portal', password: 'password-123', groups: ['base.group_portal'] });
    const portal = new RpcClient(tk.url);
    await portal.authenticate('portal', 'password-123');
    const started = await portal.fetch(`/survey/start/${f.surveyId}`, { redirect: 'manual' });
    const token = started.headers.get('location')!.split('/').pop()!;
    const mine = await portal.call('/web/dataset/call_kw', { model: 'survey.user_input', method: 'search_read', args: [[]], kwargs: { fields: ['token'] } }) as Array<{ token: string }>;
    expect(mine.map((r) => r.token)).to.deep.equal([token]);
    const lines = await portal.call('/web/dataset/call_kw', { model: 'survey.user_input_line', method: 'search_count', args: [[]], kwargs: {} });
    expect(lines).to.equal(0);
  });

  it('counts choices and matrix cells, summarises numbers, and lists text answers', async () => {
    const data = (await tk.get(SurveyResults).compute(tk.sudo(), f.surveyId, [], false))!;
    expect(data.totalInputs).to.equal(4);
    const qs = data.pages.flatMap((p) => p.questions);
    const colour = qs.find((q) => q.id === f.ids.colour)!;
    expect(colour.graphType).to.equal('pie');
    expect(colour.graphData).to.deep.equal([
      { text: 'Red', count: 2, answer_id: a.red }, { text: 'Green', count: 0, answer_id: await f.labelOf(f.ids.colour, 'Green') },
      { text: 'Blue', count: 1, answer_id: await f.labelOf(f.ids.colour, 'Blue') },
    ]);
    expect(colour.summary).to.deep.equal({ total_inputs: 4, answered: 3, skipped: 0 });
    const fruits = qs.find((q) => q.id === f.ids.fruits)!;
    expect(fruits.graphType).to.equal('bar');
    expect((fruits.graphData as Array<{ key: string }>)[0].key).to.equal('Fruits you like');
    const grid = qs.find((q) => q.id === f.ids.grid)!;
    expect(grid.graphType).to.equal('multi_bar');
    expect(grid.graphData).to.deep.equal([
      { key: 'Bad', values: [{ text: 'Food', count: 1, answer_id: await f.labelOf(f.ids.grid, 'Bad') }, { text: 'Service', count: 0, answer_id: await f.labelOf(f.ids.grid, 'Bad') }] },
      { key: 'Good', values: [{ text: 'Food', count: 2, answer_id: a.good }, { text: 'Service', count: 3, answer_id: a.good }] },
    ]);
    const age = qs.find((q) => q.id === f.ids.age)!;
    expect(age.numbers).to.deep.equal({ average: 42, min: 42, max: 42, sum: 168, most_common: [[42, 4]] });
    expect(qs.find((q) => q.id === f.ids.free)!.texts).to.deep.equal({ rows: Array(4).fill('I like surveys'), total: 4, page: 0 });
    expect(qs.find((q) => q.id === f.ids.grid2)!.summary).to.deep.equal({ total_inputs: 4, answered: 0, skipped: 3 });
  });

  it('filters by a choice (row 0), by a matrix cell, and to finished inputs', async () => {
    const results = tk.get(SurveyResults);
    const blue = await f.labelOf(f.ids.colour, 'Blue');
    const byBlue = (await results.compute(tk.sudo(), f.surveyId, [{ row_id: 0, answer_id: blue }], false))!;
    expect(byBlue.totalInputs).to.equal(1);
    expect(byBlue.filterLabels).to.deep.equal(['Blue']);
    const finished = (await results.compute(tk.sudo(), f.surveyId, [], true))!;
    expect(finished.totalInputs).to.equal(3);
    const bad = await f.labelOf(f.ids.grid, 'Bad');
    const page = await manager.get(`/survey/results/${f.surveyId}?${a.food},${bad}&finished`);
    const html = await page.text();
    expect(html).to.contain('Clear filter').and.contain('Food: Bad');
    expect(html).to.match(/Answers counted<!-- -->: <strong>3<\/strong>/);
    // A bad key stops the parsing there: the filters before it still count.
    const partial = await manager.get(`/survey/results/${f.surveyId}?0,${blue}&oops&0,${a.red}`);
    expect(await partial.text()).to.contain('Filtered on<!-- -->: <!-- -->Blue<');
  });

  it('keeps the counts exact through concurrent saves and deletions (each input holds its own result key)', async () => {
    const results = tk.get(SurveyResults);
    const blue = await f.labelOf(f.ids.colour, 'Blue');
    const colourOf = async (finished: boolean) => (await results.compute(tk.sudo(), f.surveyId, [], finished))!.pages[1].questions[0];
    expect((await colourOf(true)).choices!.find((c) => c.answer_id === blue)!.count).to.equal(1);
    // Twelve people finish at once (on PostgreSQL, in parallel transactions): none of them is lost.
    await Promise.all(Array.from({ length: 12 }, () => answer('Blue', true)));
    const counted = await colourOf(true);
    expect(counted.choices!.find((c) => c.answer_id === blue)!.count).to.equal(13);
    const lines = await tk.sudo().db('survey_user_input_line as l').join('survey_user_input as u', 'u.id', 'l.user_input_id')
      .where({ 'l.value_suggested': blue, 'u.state': 'done' }).count({ n: '*' }).first();
    expect(Number(lines?.n)).to.equal(13);
    // A manager may not edit answer lines (the keys follow the survey's own writes only).
    const edit = await manager.rpc('/web/dataset/call_kw', { model: 'survey.user_input_line', method: 'write', args: [[1], { value_text: 'x' }], kwargs: {} });
    expect(edit.error?.data.name).to.equal('AccessError');
    // Deleting inputs takes their keys' counts with them.
    const blues = await tk.sudo().model('survey.user_input_line').search_read([['value_suggested', '=', blue]], ['user_input_id']);
    const ids = [...new Set(blues.map((l) => (l.user_input_id as [number, string])[0]))];
    await manager.call('/web/dataset/call_kw', { model: 'survey.user_input', method: 'unlink', args: [ids], kwargs: {} });
    const after = await colourOf(false);
    expect(after.summary).to.deep.equal({ total_inputs: 3, answered: 2, skipped: 0 });
    expect(after.choices!.find((c) => c.answer_id === blue)!.count).to.equal(0);
  });

  it('gives a key to inputs written without one (demo data, imports) before counting', async () => {
    const g = await makeSurvey(tk.sudo(), { title: 'Imported' });
    const db = tk.sudo().db;
    const red = await g.labelOf(g.ids.colour, 'Red');
    const [row] = await db('survey_user_input').insert({ survey_id: g.surveyId, token: '00000000-0000-4000-8000-00000000abcd', state: 'done' }).returning('id');
    const inputId = Number(typeof row === 'object' ? row.id : row);
    await db('survey_user_input_line').insert([
      { user_input_id: inputId, survey_id: g.surveyId, question_id: g.ids.colour, answer_type: 'suggestion', value_suggested: red, skipped: false },
      { user_input_id: inputId, survey_id: g.surveyId, question_id: g.ids.age, answer_type: 'number', value_number: 30, skipped: false },
      { user_input_id: inputId, survey_id: g.surveyId, question_id: g.ids.free, skipped: true },
    ]);
    const data = (await tk.get(SurveyResults).compute(tk.sudo(), g.surveyId, [{ row_id: 0, answer_id: red }], true))!;
    const qs = data.pages.flatMap((p) => p.questions);
    expect(data.totalInputs).to.equal(1);
    expect(qs.find((q) => q.id === g.ids.colour)!.choices!.find((c) => c.answer_id === red)!.count).to.equal(1);
    expect(qs.find((q) => q.id === g.ids.age)!.numbers).to.deep.equal({ average: 30, min: 30, max: 30, sum: 30, most_common: [[30, 1]] });
    expect(qs.find((q) => q.id === g.ids.free)!.summary).to.deep.equal({ total_inputs: 1, answered: 0, skipped: 1 });
    expect((await db('survey_user_input_line').where({ user_input_id: inputId }).whereNull('result_key_id').count({ n: '*' }).first())?.n).to.satisfy((n: unknown) => Number(n) === 0);
  });

  it('pages through every text answer from the server, first page first, record_limit rows a page, in the page\'s scope', async () => {
    const g = await makeSurvey(tk.sudo(), { title: 'Many texts' });
    const ga = await validAnswers(g);
    const env = tk.sudo();
    const answers = tk.get(SurveyAnswers);
    const s = (await tk.get(SurveyStructureReader).load(env, g.surveyId))!;
    const blue = await g.labelOf(g.ids.colour, 'Blue');
    for (let i = 1; i <= 23; i++) {
      const input = await answers.create(env, g.surveyId);
      await answers.savePage(env, s, input, s.pages[0], { ...ga.page1, [g.tag(g.ids.free)]: `Answer ${i}` }, false);
      if (i % 2) await answers.savePage(env, s, input, s.pages[1], { ...ga.page2, [g.tag(g.ids.colour)]: String(blue) }, false);
    }
    const data = (await tk.get(SurveyResults).compute(env, g.surveyId, [], false))!;
    const free = data.pages[0].questions.find((q) => q.id === g.ids.free)!;
    expect(free.texts).to.deep.equal({ rows: Array.from({ length: 10 }, (_, i) => `Answer ${i + 1}`), total: 23, page: 0 });
    const url = `/survey/results/${g.surveyId}/answers?question=${g.ids.free}`;
    const third = await manager.get(`${url}&page=2`);
    expect(third.headers.get('content-type')).to.contain('application/json');
    expect(await third.json()).to.deep.equal({ rows: ['Answer 21', 'Answer 22', 'Answer 23'], total: 23, page: 2 });
    // The scope of the page: finished inputs (the odd ones) filtered on Blue.
    const scoped = await (await manager.get(`${url}&page=1&0,${blue}&finished`)).json();
    expect(scoped).to.deep.equal({ rows: ['Answer 21', 'Answer 23'], total: 12, page: 1 });
    // Past the last page: the last page. Another survey's question, or a choice question: 404.
    expect((await (await manager.get(`${url}&page=99`)).json()).page).to.equal(2);
    expect((await manager.get(`/survey/results/${f.surveyId}/answers?question=${g.ids.free}&page=0`)).status).to.equal(404);
    expect((await manager.get(`/survey/results/${g.surveyId}/answers?question=${g.ids.colour}&page=0`)).status).to.equal(404);
    expect((await employee.get(`${url}&page=0`)).status).to.equal(403);
  });

  it('counts no test entry (the phantom token, for managers only) in the results, the counters or the export', async () => {
    const g = await makeSurvey(tk.sudo(), { title: 'Tried out' });
    const ga = await validAnswers(g);
    expect((await employee.get(`/survey/start/${g.surveyId}/phantom`)).status).to.equal(403);
    const tried = await manager.fetch(`/survey/start/${g.surveyId}/phantom`, { redirect: 'manual' });
    expect(tried.status).to.equal(303);
    const token = tried.headers.get('location')!.split('/').pop()!;
    const env = tk.sudo();
    const answers = tk.get(SurveyAnswers);
    const s = (await tk.get(SurveyStructureReader).load(env, g.surveyId))!;
    const input = (await answers.byToken(env, g.surveyId, token))!;
    const [row] = await env.model('survey.user_input').search_read([['id', '=', input.id]], ['test_entry']);
    expect(row.test_entry).to.equal(true);
    await answers.savePage(env, s, input, s.pages[0], ga.page1, false);
    await answers.savePage(env, s, input, s.pages[1], ga.page2, false);
    const real = await answers.create(env, g.surveyId);
    await answers.savePage(env, s, real, s.pages[0], ga.page1, false);
    const data = (await tk.get(SurveyResults).compute(env, g.surveyId, [], false))!;
    expect(data.totalInputs).to.equal(1);
    expect(data.pages[0].questions[0].texts!.total).to.equal(1);
    const [survey] = await manager.call('/web/dataset/call_kw', { model: 'survey.survey', method: 'read', args: [[g.surveyId], ['tot_start_survey', 'tot_comp_survey']], kwargs: {} }) as Array<Record<string, number>>;
    expect([survey.tot_start_survey, survey.tot_comp_survey]).to.deep.equal([1, 0]);
    const csv = (await (await manager.get(`/survey/export/${g.surveyId}`)).text()).trim().split('\r\n');
    expect(csv).to.have.length(2);
  });
});
