import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { SurveyAnswers, SurveyStructureReader } from '../index';
import { SurveyInvitations } from '../server/services/survey-invitations';
import { makeSurvey, validAnswers, type SurveyFixture } from './survey-fixture';

describe('survey: invitations and CSV export (managers)', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let f: SurveyFixture;
  let manager: RpcClient;
  let employee: RpcClient;

  before(async () => {
    tk = await bootTestKernel({ modules: ['survey'], http: true });
    f = await makeSurvey(tk.sudo());
    await tk.get(UserAccounts).create({ name: 'Manager', login: 'manager', password: 'password-123', groups: ['survey.group_survey_manager'] });
    await tk.get(UserAccounts).create({ name: 'Employee', login: 'employee', password: 'password-123', groups: ['base.group_user'] });
    manager = new RpcClient(tk.url);
    await manager.authenticate('manager', 'password-123');
    employee = new RpcClient(tk.url);
    await employee.authenticate('employee', 'password-123');
  });
  after(async () => tk?.stop());

  const inputs = () => tk.sudo().model('survey.user_input').search_count([['survey_id', '=', f.surveyId]]);

  it('invites each address with its own token link through the mail queue; the link opens the survey', async () => {
    const refused = await employee.rpc('/survey/invite', { survey_id: f.surveyId, emails: ['a@example.com'] });
    expect(refused.error?.data.name).to.equal('AccessError');
    const before = await inputs();
    const bad = await manager.rpc('/survey/invite', { survey_id: f.surveyId, emails: ['ann@example.com', 'not-an-address'] });
    expect(bad.error?.data.name).to.equal('ValidationError');
    expect(await inputs()).to.equal(before);

    expect(await manager.call('/survey/invite', { survey_id: f.surveyId, emails: ['ann@example.com', 'bob@example.com'] })).to.deep.equal({ queued: 2 });
    // Inviting starts sending at once (a drain of the queue); wait for both mails, draining too.
    const sent = () => tk.sudo().model('mail.outbox').search_read([['email_to', 'in', ['ann@example.com', 'bob@example.com']]], ['email_to', 'body_html', 'subject']);
    let mails = await sent();
    for (let i = 0; mails.length < 2 && i < 200; i++) {
      await tk.get(SurveyInvitations).drain();
      await new Promise((r) => setImmediate(r));
      mails = await sent();
    }
    expect(mails).to.have.length(2);
    const links = mails.map((m) => /href="([^"]+)"/.exec(String(m.body_html))![1]);
    expect(links[0]).to.not.equal(links[1]);
    const token = links[0].split('/').pop()!;
    const [input] = await tk.sudo().model('survey.user_input').search_read([['token', '=', token]], ['email', 'type', 'state']);
    expect(input).to.include({ type: 'link', state: 'new' });
    const visitor = new RpcClient(tk.url);
    expect((await visitor.get(new URL(links[0]).pathname)).status).to.equal(200);
  });

  it('exports the answers as CSV, one line per input and a column per question, for managers only', async () => {
    const env = tk.sudo();
    const answers = tk.get(SurveyAnswers);
    const s = (await tk.get(SurveyStructureReader).load(env, f.surveyId))!;
    const a = await validAnswers(f);
    const input = await answers.create(env, f.surveyId, { email: 'carl@example.com' });
    await answers.savePage(env, s, input, s.pages[0], { ...a.page1, [f.tag(f.ids.free)]: '=HYPERLINK("x")' }, false);
    await answers.savePage(env, s, input, s.pages[1], a.page2, false);
    expect((await employee.get(`/survey/export/${f.surveyId}`)).status).to.equal(403);
    const res = await manager.get(`/survey/export/${f.surveyId}`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.contain('text/csv');
    const text = await res.text();
    const [header, ...rows] = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header).to.equal('id,state,email,date,score,Tell us about you,Your e-mail,A nickname,Your age,A date,A moment,Favourite colour,Fruits you like,Rate these,When do you eat');
    const row = rows.find((r) => r.includes('carl@example.com'))!;
    expect(row).to.contain(`,done,carl@example.com,`).and.contain(`"'=HYPERLINK(""x"")"`).and.contain('Food: Good | Service: Good');
    // The date column in UTC text on both databases; the moment as it was stored (sortable UTC).
    expect(row.split(',')[3]).to.match(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row).to.contain(',2021-01-02 03:04:05,');
  });
});
