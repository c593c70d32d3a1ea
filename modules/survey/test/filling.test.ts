import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { SurveyAnswers } from '../index';
import { SurveyCleanupJobs } from '../server/contributions/cleanup-jobs';
import { makeSurvey, validAnswers, type SurveyFixture } from './survey-fixture';

describe('survey: filling over HTTP', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let f: SurveyFixture;
  let other: SurveyFixture;

  before(async () => {
    tk = await bootTestKernel({ modules: ['survey'], http: true });
    f = await makeSurvey(tk.sudo());
    other = await makeSurvey(tk.sudo(), { title: 'Another survey' });
  });
  after(async () => tk?.stop());

  const lineCount = () => tk.sudo().model('survey.user_input_line').search_count([]);

  /** A visitor who started the survey: its client and token. */
  async function start(s: SurveyFixture = f) {
    const client = new RpcClient(tk.url);
    const res = await client.fetch(`/survey/start/${s.surveyId}`, { redirect: 'manual' });
    expect(res.status).to.equal(303);
    const token = res.headers.get('location')!.split('/').pop()!;
    const intro = await client.get(`/survey/start/${s.surveyId}/${token}`);
    expect(intro.status).to.equal(200);
    const csrf = await client.csrfFrom(`/survey/fill/${s.surveyId}/${token}`);
    return { client, token, csrf };
  }

  const post = (c: RpcClient, surveyId: number, fields: Record<string, string>, json = true) =>
    c.fetch(`/survey/submit/${surveyId}`, {
      method: 'POST', redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(json ? { accept: 'application/json' } : {}) },
      body: new URLSearchParams(fields).toString(),
    });

  it('lists the open surveys on /survey, with a start link each', async () => {
    const html = await (await fetch(`${tk.url}/survey`)).text();
    expect(html).to.contain('Every question').and.contain(`href="/survey/start/${f.surveyId}"`);
  });

  it('answers errors per question (JSON) and writes nothing, then a redirect once fixed; the last page finishes', async () => {
    const { client, token, csrf } = await start();
    const a = await validAnswers(f);
    const before = await lineCount();
    const bad = await post(client, f.surveyId, { csrf_token: csrf, token, page_id: String(f.page1), button_submit: 'next', [f.tag(f.ids.email)]: 'nope', [f.tag(f.ids.age)]: '12' });
    expect(bad.status).to.equal(200);
    expect(await bad.json()).to.deep.equal({ errors: {
      [f.tag(f.ids.free)]: 'This question requires an answer.',
      [f.tag(f.ids.email)]: 'This answer must be an email address',
      [f.tag(f.ids.age)]: 'The answer you entered has an invalid format.',
    } });
    expect(await lineCount()).to.equal(before);

    const ok = await post(client, f.surveyId, { csrf_token: csrf, token, page_id: String(f.page1), button_submit: 'next', ...a.page1 });
    expect(await ok.json()).to.deep.equal({ redirect: `/survey/fill/${f.surveyId}/${token}` });
    const page2 = await client.get(`/survey/fill/${f.surveyId}/${token}`);
    expect(await page2.text()).to.contain('Your opinion');

    const done = await post(client, f.surveyId, { csrf_token: csrf, token, page_id: String(f.page2), button_submit: 'finish', ...a.page2 });
    expect(await done.json()).to.have.property('redirect');
    const input = await tk.sudo().model('survey.user_input').search_read([['token', '=', token]], ['state', 'quizz_score']);
    expect(input[0]).to.include({ state: 'done', quizz_score: 2 });
    expect(await (await client.get(`/survey/fill/${f.surveyId}/${token}`)).text()).to.contain('Thanks for answering.');
    // One answer per token: a finished input takes no more posts.
    const again = await post(client, f.surveyId, { csrf_token: csrf, token, page_id: String(f.page2), button_submit: 'finish', ...a.page2 });
    expect(again.status).to.equal(403);
  });

  it('prefill answers field -> list of values; scores answers question id -> marks', async () => {
    const { client, token, csrf } = await start();
    const a = await validAnswers(f);
    await post(client, f.surveyId, { csrf_token: csrf, token, page_id: String(f.page1), ...a.page1 });
    await post(client, f.surveyId, { csrf_token: csrf, token, page_id: String(f.page2), button_submit: 'finish', ...a.page2, [`${f.tag(f.ids.fruits)}_-1`]: '-1', [`${f.tag(f.ids.fruits)}_comment`]: 'Kiwi' });
    const prefill = await (await client.get(`/survey/prefill/${f.surveyId}/${token}`)).json();
    expect(prefill).to.deep.include({
      [f.tag(f.ids.free)]: ['I like surveys'], [f.tag(f.ids.age)]: ['42'], [f.tag(f.ids.birthday)]: ['2020-05-01'],
      [f.tag(f.ids.colour)]: [String(a.red)], [f.tag(f.ids.fruits)]: [String(a.apple)], [`${f.tag(f.ids.fruits)}_comment`]: ['Kiwi'],
      [`${f.tag(f.ids.grid)}_${a.food}`]: [String(a.good)], [`${f.tag(f.ids.grid)}_${a.service}`]: [String(a.good)],
    });
    expect(prefill).not.to.have.property(f.tag(f.ids.grid2));
    const onePage = await (await client.get(`/survey/prefill/${f.surveyId}/${token}/${f.page1}`)).json();
    expect(Object.keys(onePage)).to.not.include(f.tag(f.ids.colour));
    const scores = await (await client.get(`/survey/scores/${f.surveyId}/${token}`)).json();
    expect(scores).to.deep.include({ [String(f.ids.colour)]: 1, [String(f.ids.fruits)]: 1 });
  });

  it('refuses unknown question keys, labels of another question, forged tokens and another survey\'s token, writing nothing', async () => {
    const { client, token, csrf } = await start();
    const mine = await start(other);
    const a = await validAnswers(f);
    const before = await lineCount();
    const unknownKey = await post(client, f.surveyId, { csrf_token: csrf, token, page_id: String(f.page1), ...a.page1, '1_2_999': 'x' });
    expect(unknownKey.status).to.equal(400);
    const otherPage = await post(client, f.surveyId, { csrf_token: csrf, token, page_id: String(f.page1), ...a.page2 });
    expect(otherPage.status).to.equal(400);
    const wrongLabel = await post(client, f.surveyId, { csrf_token: csrf, token, page_id: String(f.page2), ...a.page2, [f.tag(f.ids.colour)]: String(a.apple) });
    expect(wrongLabel.status).to.equal(400);
    const forged = await post(client, f.surveyId, { csrf_token: csrf, token: '00000000-0000-4000-8000-000000000000', page_id: String(f.page1), ...a.page1 });
    expect(forged.status).to.equal(403);
    const crossed = await post(client, f.surveyId, { csrf_token: csrf, token: mine.token, page_id: String(f.page1), ...a.page1 });
    expect(crossed.status).to.equal(403);
    const foreignPage = await post(client, f.surveyId, { csrf_token: csrf, token, page_id: String(other.page1), ...a.page1 });
    expect(foreignPage.status).to.equal(400);
    expect((await client.get(`/survey/prefill/${f.surveyId}/not-a-token`)).status).to.equal(403);
    expect((await client.get(`/survey/scores/${other.surveyId}/${token}`)).status).to.equal(403);
    expect(await lineCount()).to.equal(before);
  });

  it('works without JavaScript: a plain post answers the page again with each message (400), then 303 to the next page', async () => {
    const { client, token, csrf } = await start();
    const a = await validAnswers(f);
    const bad = await post(client, f.surveyId, { csrf_token: csrf, token, page_id: String(f.page1), button_submit: 'next', [f.tag(f.ids.nick)]: 'ab', [f.tag(f.ids.free)]: 'typed' }, false);
    expect(bad.status).to.equal(400);
    const html = await bad.text();
    expect(html).to.contain('The answer you entered has an invalid format.').and.contain('typed').and.contain('This question requires an answer.');
    const ok = await post(client, f.surveyId, { csrf_token: csrf, token, page_id: String(f.page1), button_submit: 'next', ...a.page1 }, false);
    expect(ok.status).to.equal(303);
    expect(ok.headers.get('location')).to.equal(`/survey/fill/${f.surveyId}/${token}`);
    // Going back (allowed on this survey) shows page 1 again, prefilled.
    const back = await post(client, f.surveyId, { csrf_token: csrf, token, page_id: String(f.page2), button_submit: 'previous', ...a.page2 }, false);
    expect(back.headers.get('location')).to.equal(`/survey/fill/${f.surveyId}/${token}/prev`);
    const page1 = await (await client.get(`/survey/fill/${f.surveyId}/${token}/prev`)).text();
    expect(page1).to.contain('About you').and.contain('I like surveys');
  });

  it('refuses closed, draft and login-only surveys to visitors', async () => {
    const closed = await makeSurvey(tk.sudo(), { stage: 'closed' });
    const draft = await makeSurvey(tk.sudo(), { stage: 'draft' });
    const auth = await makeSurvey(tk.sudo(), { authRequired: true });
    const c = new RpcClient(tk.url);
    expect((await c.fetch(`/survey/start/${closed.surveyId}`, { redirect: 'manual' })).status).to.equal(403);
    expect((await c.fetch(`/survey/start/${draft.surveyId}`, { redirect: 'manual' })).status).to.equal(404);
    const login = await c.fetch(`/survey/start/${auth.surveyId}`, { redirect: 'manual' });
    expect(login.status).to.equal(403);
    expect(await login.text()).to.contain('Login required');
  });

  // Last: the address's start budget is spent afterwards.
  it('rate-limits starting a survey per address (each start writes an input): 429 with Retry-After, nothing written', async () => {
    const c = new RpcClient(tk.url);
    let refused: Response | undefined;
    for (let i = 0; i < 40 && !refused; i++) {
      const res = await c.fetch(`/survey/start/${other.surveyId}`, { redirect: 'manual' });
      if (res.status === 429) refused = res;
    }
    expect(refused, 'no 429 within 40 starts').to.not.equal(undefined);
    expect(refused!.headers.get('retry-after')).to.match(/^\d+$/);
    const inputs = await tk.sudo().model('survey.user_input').search_count([['survey_id', '=', other.surveyId]]);
    expect(inputs).to.be.at.most(31);
  });

  it('deletes the inputs visitors started but never answered an hour later; invitations and answered inputs stay', async () => {
    const env = tk.sudo();
    const answers = tk.get(SurveyAnswers);
    const started = await answers.create(env, f.surveyId);
    const invited = await answers.create(env, f.surveyId, { type: 'link', email: 'guest@example.com' });
    const s = (await answers.load(env, f.surveyId))!;
    const answered = await answers.create(env, f.surveyId);
    await answers.savePage(env, s, answered, s.pages[0], (await validAnswers(f)).page1, false);
    const jobs = tk.get(SurveyCleanupJobs);
    const ids = [started.id, invited.id, answered.id];
    const left = async () => (await env.db('survey_user_input').whereIn('id', ids).orderBy('id').pluck('id')).map(Number);
    await jobs.deleteUnanswered(env, Date.now() + 59 * 60 * 1000);
    expect(await left()).to.deep.equal(ids);
    await jobs.deleteUnanswered(env, Date.now() + 61 * 60 * 1000);
    expect(await left()).to.deep.equal([invited.id, answered.id]);
  });
});
