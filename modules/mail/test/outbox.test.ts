import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { MailTransport } from '@platform/mail';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';

/**
 * Without SMTP_URL: messages wait in the outbox, the back office's status says so (the banner), a test
 * mail waits there too, a retry explains why nothing can be sent; mail administrators (not only system
 * administrators) read the log, other employees do not.
 */
describe('mail: the outbox without an SMTP server, for mail administrators', function () {
  this.timeout(60000);
  let tk: TestKernel;
  let admin: RpcClient;
  let mailAdmin: RpcClient;
  let employee: RpcClient;

  before(async () => {
    tk = await bootTestKernel({ modules: ['mail'], http: true });
    const accounts = new UserAccounts(() => tk.sudo());
    await accounts.create({ name: 'Postmaster', login: 'postmaster', email: 'postmaster@example.com', password: 'postmaster-password', groups: ['mail.group_mail_admin'] });
    await accounts.create({ name: 'Employee', login: 'employee', password: 'employee-password', groups: ['base.group_user'] });
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    mailAdmin = new RpcClient(tk.url);
    await mailAdmin.authenticate('postmaster', 'postmaster-password');
    employee = new RpcClient(tk.url);
    await employee.authenticate('employee', 'employee-password');
  });
  after(async () => {
    await tk?.stop();
  });

  it('keeps what modules send as waiting, counted by the status the banner reads', async () => {
    const transport = tk.kernel.container.get<MailTransport>(MailTransport);
    expect(transport.kind).to.equal('outbox');
    await transport.send({ from: 'a@example.com', to: 'b@example.com', subject: 'Kept', html: '<p>Kept</p>', text: 'Kept', messageId: '<kept-1@site>' });
    expect(await mailAdmin.call('/mail/status', {})).to.deep.equal({ smtp: false, waiting: 1, failed: 0 });
    const rows = await mailAdmin.callKw<Array<Record<string, unknown>>>('mail.outbox', 'search_read', [[['state', '=', 'outgoing']], ['email_to', 'subject', 'body_text']]);
    expect(rows.map((r) => [r.email_to, r.subject, r.body_text])).to.deep.equal([['b@example.com', 'Kept', 'Kept']]);
    expect((await employee.rpc('/mail/status', {})).error?.data.name).to.equal('AccessError');
    expect((await employee.rpc('/web/dataset/call_kw', { model: 'mail.outbox', method: 'search_read', args: [[]], kwargs: {} })).error?.data.name).to.equal('AccessError');
  });

  it('a retry says no server is configured; a test mail (to one\'s own address by default) waits in the outbox', async () => {
    const [id] = await tk.sudo().db('mail_outbox').where({ message_id: '<kept-1@site>' }).pluck('id');
    const retry = await mailAdmin.rpc('/mail/retry', { ids: [id] });
    expect(retry.error?.data.message).to.equal('No mail server is configured (SMTP_URL): the messages stay in the outbox.');
    expect((await mailAdmin.rpc('/mail/settings/test', {})).error?.data.message).to.equal('Save a sender for system mails first.');
    await admin.call('/mail/settings/save', {
      newsletter_from_name: '', newsletter_from_email: 'news@example.com', system_from_name: 'My Site', system_from_email: 'site@example.com', postal_address: '', brand_color: '#123456',
    });
    expect(await mailAdmin.call('/mail/settings/test', {})).to.deep.include({ kind: 'outbox', from: '"My Site" <site@example.com>', to: 'postmaster@example.com' });
    expect(await tk.sudo().db('mail_outbox').where({ email_to: 'postmaster@example.com', state: 'outgoing' }).pluck('email_from')).to.deep.equal(['"My Site" <site@example.com>']);
    // Rate-limited: 10 per 10 minutes per account.
    let last: Awaited<ReturnType<RpcClient['rpc']>> | undefined;
    for (let i = 0; i < 10; i++) last = await mailAdmin.rpc('/mail/settings/test', { email: `t${i}@example.com` });
    expect(last?.error?.code).to.equal(429);
  });
});
