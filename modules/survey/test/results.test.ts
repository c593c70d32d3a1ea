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
    expect(qs.find((q) => q.id === f.ids.free)!.texts).to.deep.equal({ rows: Array(4).fill('I like surveys'), total: 4 });
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

  it('answers unfiltered pages from running counts that follow every save, and rebuilds them after a deletion', async () => {
    const results = tk.get(SurveyResults);
    const blue = await f.labelOf(f.ids.colour, 'Blue');
    const colourOf = async (finished: boolean) => (await results.compute(tk.sudo(), f.surveyId, [], finished))!.pages[1].questions[0];
    expect((await colourOf(true)).choices!.find((c) => c.answer_id === blue)!.count).to.equal(1);
    // A manager may not edit answer lines (the counts follow the survey's own writes only).
    const edit = await manager.rpc('/web/dataset/call_kw', { model: 'survey.user_input_line', method: 'write', args: [[1], { value_text: 'x' }], kwargs: {} });
    expect(edit.error?.data.name).to.equal('AccessError');
    const [line] = await tk.sudo().model('survey.user_input_line').search_read([['value_suggested', '=', blue]], ['user_input_id']);
    const inputId = (line.user_input_id as [number, string])[0];
    await manager.call('/web/dataset/call_kw', { model: 'survey.user_input', method: 'unlink', args: [[inputId]], kwargs: {} });
    const after = await colourOf(false);
    expect(after.summary).to.deep.equal({ total_inputs: 3, answered: 2, skipped: 0 });
    expect(after.choices!.find((c) => c.answer_id === blue)!.count).to.equal(0);
  });
});
