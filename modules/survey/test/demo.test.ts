import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { SurveyResults } from '../server/services/survey-results';

describe('survey: demo data', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  before(async () => { tk = await bootTestKernel({ modules: ['survey'], demo: true }); });
  after(async () => tk?.stop());

  it('has a survey with every question type and a few hundred answers, which the results show', async () => {
    const env = tk.sudo();
    const [survey] = await env.model('survey.survey').search_read([['title', '=', 'Customer feedback']], ['id']);
    const types = (await env.model('survey.question').search_read([['page_id.survey_id', '=', survey.id]], ['type', 'matrix_subtype'])).map((q) => `${q.type}${q.type === 'matrix' ? `:${q.matrix_subtype}` : ''}`);
    expect(new Set(types)).to.deep.equal(new Set(['textbox', 'numerical_box', 'date', 'datetime', 'simple_choice', 'multiple_choice', 'matrix:simple', 'matrix:multiple', 'free_text']));
    expect(await env.model('survey.user_input').search_count([['survey_id', '=', survey.id]])).to.equal(240);
    const data = (await tk.get(SurveyResults).compute(env, Number(survey.id), [], true))!;
    expect(data.totalInputs).to.equal(200);
  });
});
