import { expect } from 'chai';
import sharp from 'sharp';
import { UserAccounts } from '@platform/base';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import type { MailingStatistics } from '../server/services/mailing-sender';
import { listWith, setBaseUrl } from './support/fixtures';
import { SmtpSink, smtpError } from './support/smtp-sink';

const SETTINGS = {
  newsletter_from_name: 'Harbour News', newsletter_from_email: 'news@harbour.example',
  system_from_name: 'Harbour Shop', system_from_email: 'shop@harbour.example',
  postal_address: '12 Harbour Street\nSpringfield', brand_color: '#AA3300',
};

/**
 * Mail set-up as an owner does it, through a real SMTP server (smtp-server on a local port): the Mail
 * settings name the senders and the postal address (checked by the screen's schema on the server), a
 * mailing cannot go out without that address, and once set every copy is site-branded (logo, colour,
 * footer with the address, unsubscribe link, inline styles, a plain-text part) and comes from the
 * newsletter sender; system mails take the system sender; the mail log records each send, a failure
 * with the server's error, and its retry.
 */
describe('mass_mailing + mail: mail settings, branded mailings through SMTP, the mail log', function () {
  this.timeout(60000);
  let sink: SmtpSink;
  let tk: TestKernel;
  let admin: RpcClient;
  let employee: RpcClient;
  let siteId: number;

  const waitFor = async <T>(probe: () => Promise<T> | T, ok: (v: T) => boolean): Promise<T> => {
    for (let i = 0; ; i++) {
      const v = await probe();
      if (ok(v) || i > 200) return v;
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  before(async () => {
    sink = await new SmtpSink().start();
    tk = await bootTestKernel({ modules: ['mass_mailing'], http: true, config: { smtpUrl: sink.url } });
    await setBaseUrl(tk.sudo(), tk.url);
    [siteId] = await tk.sudo().model('website').search([], { order: 'id', limit: 1 });
    const logo = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#aa3300' } }).png().toBuffer();
    await tk.sudo().model('website').write([siteId], { name: 'Harbour', logo: logo.toString('base64'), contact_address: false });
    await new UserAccounts(() => tk.sudo()).create({ name: 'Employee', login: 'employee', password: 'employee-password', groups: ['base.group_user'] });
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    employee = new RpcClient(tk.url);
    await employee.authenticate('employee', 'employee-password');
  });
  after(async () => {
    await tk?.stop();
    await sink?.stop();
  });

  it('refuses to send a mailing while the site has no postal address', async () => {
    const list = await listWith(tk.sudo(), 'Early', ['early@example.com']);
    const id = await admin.callKw<number>('mail.mass_mailing', 'create', [{ subject: 'Too early', body_html: '<p>Hi</p>', mailing_list_ids: [[6, 0, [list]]] }]);
    const answer = await admin.rpc('/mass_mailing/send', { mailing_id: id });
    expect(answer.error?.data.name).to.equal('ValidationError');
    expect(answer.error?.data.message).to.contain('postal address');
    const [row] = await tk.sudo().model('mail.mass_mailing').read([id], ['state', 'total']);
    expect(row).to.include({ state: 'draft', total: 0 });
  });

  it('checks the settings with the screen\'s schema (nothing written on an error) and saves them for mail administrators only', async () => {
    const bad = await admin.rpc('/mail/settings/save', { ...SETTINGS, newsletter_from_email: 'news@', system_from_name: 'Evil <x@y.z>', brand_color: 'red' });
    expect(bad.error?.data.name).to.equal('ValidationError');
    expect((bad.error?.data as unknown as { fields: Record<string, string> }).fields).to.deep.equal({
      newsletter_from_email: 'Please enter a valid e-mail address.',
      system_from_name: 'A sender name cannot contain < > " or line breaks.',
      brand_color: 'Choose a colour as #rrggbb.',
    });
    expect(await tk.sudo().db('mail_site_settings').count({ n: '*' }).first().then((r) => Number(r?.n))).to.equal(0);
    expect((await employee.rpc('/mail/settings/save', SETTINGS)).error?.data.name).to.equal('AccessError');
    expect((await employee.rpc('/mail/settings', {})).error?.data.name).to.equal('AccessError');
    expect((await employee.rpc('/mail/status', {})).error?.data.name).to.equal('AccessError');
    expect((await employee.rpc('/web/dataset/call_kw', { model: 'mail.outbox', method: 'search_read', args: [[]], kwargs: {} })).error?.data.name).to.equal('AccessError');

    const saved = await admin.call<typeof SETTINGS>('/mail/settings/save', SETTINGS);
    expect(saved).to.deep.equal({ ...SETTINGS, brand_color: '#aa3300' });
    // The system sender is the From default every module's system mails already use.
    const [param] = await tk.sudo().db('ir_config_parameter').where({ key: 'mail.default.from' }).pluck('value');
    expect(param).to.equal('"Harbour Shop" <shop@harbour.example>');
    const [site] = await tk.sudo().model('website').read([siteId], ['contact_address']);
    expect(site.contact_address).to.equal('12 Harbour Street\nSpringfield');
  });

  it('sends a mailing through SMTP, site-branded, from the newsletter sender of the settings', async () => {
    const list = await listWith(tk.sudo(), 'Readers', ['ann@example.com', 'bob@example.com']);
    const id = await admin.callKw<number>('mail.mass_mailing', 'create', [{
      subject: 'Harbour news', body_html: '<h2>Spring</h2><p>Read <a href="https://example.com/spring">our spring news</a>.</p>', mailing_list_ids: [[6, 0, [list]]],
    }]);
    sink.received.length = 0;
    await admin.call<MailingStatistics>('/mass_mailing/send', { mailing_id: id });
    await waitFor(() => sink.received.length, (n) => n >= 2);
    expect(sink.received.map((m) => m.to).sort()).to.deep.equal(['ann@example.com', 'bob@example.com']);
    const mail = sink.received.find((m) => m.to === 'ann@example.com')!.parsed!;
    expect(mail.from?.value).to.deep.equal([{ address: 'news@harbour.example', name: 'Harbour News' }]);
    const html = String(mail.html);
    // Logo (absolute, from the site's public URL), colour, footer with the address, unsubscribe link.
    expect(html).to.contain(`<img src="${tk.url}/web/image/website/${siteId}/logo?size=image_medium" alt="Harbour"`);
    expect(html).to.contain('border-top:6px solid #aa3300');
    expect(html).to.match(/class="mailing-address"[^>]*>.*<strong>Harbour<\/strong><br>12 Harbour Street<br>Springfield/);
    const unsubscribe = /<p class="mailing-footer"[^>]*>[^<]*<a href="([^"]+)"[^>]*>Unsubscribe<\/a>/.exec(html)![1].replace(/&amp;/g, '&');
    expect(unsubscribe).to.match(new RegExp(`^${tk.url}/mail/mailing/${id}/unsubscribe\\?email=ann%40example\\.com&token=`));
    expect((await fetch(unsubscribe)).status).to.equal(200);
    const listUnsubscribe = mail.headerLines.find((h) => h.key === 'list-unsubscribe')!.line.replace(/\r?\n/g, '').replace(/^List-Unsubscribe:\s*/i, '');
    expect(listUnsubscribe).to.equal(`<${unsubscribe}>`);
    // Inline styles only: mail clients drop <style> blocks.
    expect(html).not.to.match(/<style/i);
    expect(html).to.match(/<h2 style="[^"]*font-size:22px/).and.match(/<a style="color:#aa3300;[^"]*" href="[^"]+\/click\/0"/);
    // The logo is served to mail clients without a session.
    expect((await fetch(`${tk.url}/web/image/website/${siteId}/logo?size=image_medium`)).headers.get('content-type')).to.match(/^image\//);
    // The plain-text part: the body, the address and the personal unsubscribe link.
    expect(mail.text).to.contain('Spring\n').and.contain('Read our spring news (https://example.com/spring).')
      .and.contain('Harbour\n12 Harbour Street\nSpringfield').and.contain(`Unsubscribe: ${unsubscribe}`);

    // The preview the composer shows is the same branded copy.
    const preview = await admin.call<{ from: string; html: string }>('/mass_mailing/preview', { mailing_id: id });
    expect(preview.from).to.equal('"Harbour News" <news@harbour.example>');
    expect(preview.html).to.contain('class="mailing-brand"').and.contain('12 Harbour Street<br>Springfield').and.contain('>Unsubscribe</a>');

    // Each send is in the mail log, as sent (the log writes successes in batches).
    const logged = await waitFor(() => tk.sudo().db('mail_outbox').where({ subject: 'Harbour news' }).select('email_to', 'state', 'email_from', 'body_html'), (r) => r.length >= 2);
    expect(logged.map((r) => [r.email_to, r.state, r.email_from]).sort()).to.deep.equal([
      ['ann@example.com', 'sent', '"Harbour News" <news@harbour.example>'], ['bob@example.com', 'sent', '"Harbour News" <news@harbour.example>'],
    ]);
    expect(logged.every((r) => r.body_html === null), 'a sent copy is not kept').to.equal(true);
  });

  it('sends a test mail from the system sender, reports the SMTP error, logs the failure and retries it', async () => {
    sink.received.length = 0;
    const ok = await admin.call<{ kind: string; response: string; from: string; to: string }>('/mail/settings/test', { email: ' Owner@Example.com ' });
    expect(ok).to.include({ kind: 'smtp', from: '"Harbour Shop" <shop@harbour.example>', to: 'owner@example.com' });
    expect(ok.response).to.match(/^250/);
    expect(sink.received.map((m) => [m.to, m.parsed!.from?.value[0].address, m.parsed!.from?.value[0].name])).to.deep.equal([['owner@example.com', 'shop@harbour.example', 'Harbour Shop']]);

    sink.responder = () => smtpError(550, 'Mailbox unavailable');
    const refused = await admin.rpc('/mail/settings/test', { email: 'gone@example.com' });
    expect(refused.error?.data.name).to.equal('UserError');
    expect(refused.error?.data.message).to.contain('refused the test message').and.contain('Mailbox unavailable');
    const [failed] = await tk.sudo().db('mail_outbox').where({ email_to: 'gone@example.com' }).select('id', 'state', 'error');
    expect(failed).to.include({ state: 'exception' });
    expect(failed.error).to.contain('Mailbox unavailable');
    expect(await admin.call('/mail/status', {})).to.deep.equal({ smtp: true, waiting: 0, failed: 1 });
    expect((await admin.rpc('/mail/settings/test', { email: 'not-an-address' })).error?.data.name).to.equal('ValidationError');

    sink.responder = () => undefined;
    expect(await admin.call('/mail/retry', { ids: [failed.id] })).to.deep.equal({ sent: 1, failed: [] });
    const [after] = await tk.sudo().db('mail_outbox').where({ id: failed.id }).select('state', 'error', 'attempts');
    expect(after).to.deep.include({ state: 'sent', error: null });
    expect(Number(after.attempts)).to.equal(2);
    expect(sink.received.at(-1)!.to).to.equal('gone@example.com');
    expect((await admin.rpc('/mail/retry', { ids: [failed.id] })).error?.data.message).to.equal('These messages were already sent.');
  });
});
