import http from 'node:http';
import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { CommentNotifier } from '../server/services/comment-notifier';
import { followConfirmed, userFollows } from './support/follow-confirmation';

/** Followers are mailed about new comments (here through the outbox transport: no SMTP_URL). */
describe('website_mail: comment mails to followers', () => {
  let tk: TestKernel;
  let aboutId: number;
  let paula: RpcClient;

  before(async () => {
    tk = await bootTestKernel({ modules: ['website_mail'], http: true, demo: true, config: { smtpUrl: undefined } });
    await tk.sudo().db('website').update({ base_url: 'https://www.example.com' });
    const pages = await tk.sudo().model('website.page').search_read([], ['url']);
    aboutId = Number(pages.find((p) => p.url === '/about-us')!.id);
    await tk.kernel.container.get(UserAccounts).create({ name: 'Paula Portal', login: 'paula@example.com', password: 'paula-pass-123' });
    paula = new RpcClient(tk.url);
    await paula.authenticate('paula@example.com', 'paula-pass-123');
  });
  after(async () => tk?.stop());

  // The comment mails (the confirmation mails of the follows are not what this suite looks at).
  const outbox = () => tk.sudo().db('mail_outbox').whereNot('subject', 'like', 'Confirm%').orderBy('id').select('email_to', 'subject', 'body_html', 'headers');
  const settle = () => tk.kernel.container.get(CommentNotifier).kick();

  it('mails each follower once per comment, not the author, with a signed unfollow link on the public base URL', async () => {
    await followConfirmed(tk, 'website.page', aboutId, 'reader@example.com');
    await followConfirmed(tk, 'website.page', aboutId, 'lecteur@example.com', new RpcClient(tk.url), '/fr');
    await userFollows(tk, paula, 'website.page', aboutId, 'paula@example.com'); // the author follows too
    await paula.call('/website_mail/post/json', { res_model: 'website.page', res_id: aboutId, message: 'Hello <followers> & friends' });
    await settle();
    const mails = await outbox();
    expect(mails.map((m) => m.email_to).sort()).to.deep.equal(['lecteur@example.com', 'reader@example.com']);
    const english = mails.find((m) => m.email_to === 'reader@example.com')!;
    expect(english.subject).to.equal('New comment on About us');
    expect(english.body_html).to.contain('Paula Portal wrote:').and.contain('Hello &lt;followers&gt; &amp; friends');
    expect(english.body_html).to.contain('href="https://www.example.com/about-us#comments"');
    expect(english.body_html).to.match(/href="https:\/\/www\.example\.com\/website_mail\/unfollow\?model=website\.page&amp;res_id=\d+&amp;partner_id=\d+&amp;token=[0-9a-f]{64}"/);
    const french = mails.find((m) => m.email_to === 'lecteur@example.com')!;
    expect(french.subject).to.equal('Nouveau commentaire sur À propos');
    expect(french.body_html).to.contain('https://www.example.com/fr/website_mail/unfollow?').and.contain('Ne plus suivre');
    // Sending again sends nothing more: one mail per comment per follower.
    await settle();
    expect((await outbox()).length).to.equal(2);
  });

  it('the unfollow link shows a confirmation (GET changes nothing); its button unfollows', async () => {
    const [mail] = (await outbox()).filter((m) => m.email_to === 'reader@example.com');
    const link = /href="https:\/\/www\.example\.com(\/website_mail\/unfollow\?[^"]+)"/.exec(mail.body_html)![1].replace(/&amp;/g, '&');
    const visitor = new RpcClient(tk.url);
    const page = await visitor.get(link);
    expect(page.status).to.equal(200);
    const html = await page.text();
    expect(html).to.contain('Stop following this page?').and.contain('reader@example.com');
    const followers = () => tk.sudo().model('mail.followers').search_count([['res_model', '=', 'website.page'], ['res_id', '=', aboutId], ['partner_id.email', '=', 'reader@example.com']]);
    expect(await followers()).to.equal(1);
    const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2].replace(/&amp;/g, '&')]));
    const done = await visitor.fetch('/website_mail/unfollow', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
    expect(done.status).to.equal(200);
    expect(await done.text()).to.contain('You no longer follow this page');
    expect(await followers()).to.equal(0);
  });

  it('refuses a forged token, and a post without the CSRF token', async () => {
    const [mail] = (await outbox()).filter((m) => m.email_to === 'lecteur@example.com');
    const link = /href="https:\/\/www\.example\.com\/fr(\/website_mail\/unfollow\?[^"]+)"/.exec(mail.body_html)![1].replace(/&amp;/g, '&');
    const forged = link.replace(/token=[0-9a-f]{4}/, 'token=0000');
    expect((await new RpcClient(tk.url).get(forged)).status).to.equal(403);
    const params = Object.fromEntries(new URL(link, tk.url).searchParams);
    const res = await new RpcClient(tk.url).fetch('/website_mail/unfollow', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() });
    expect(res.status).to.equal(400);
    expect(await tk.sudo().model('mail.followers').search_count([['res_id', '=', aboutId], ['partner_id.email', '=', 'lecteur@example.com']])).to.equal(1);
  });

  it('without a base URL, a comment posted with a forged Host header mails no link to that host', async () => {
    await tk.sudo().db('website').update({ base_url: null });
    try {
      await tk.sudo().db('website').update({ base_url: 'https://www.example.com' });
      await followConfirmed(tk, 'website.page', aboutId, 'hostile.reader@example.com');
      await tk.sudo().db('website').update({ base_url: null });
      const answer = await new Promise<string>((resolve, reject) => {
        const body = JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: { res_model: 'website.page', res_id: aboutId, message: 'Via a forged host' } });
        const req = http.request({
          host: '127.0.0.1', port: new URL(tk.url).port, path: '/website_mail/post/json', method: 'POST',
          headers: { Host: 'evil.example', Cookie: paula.cookie, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        }, (res) => { let text = ''; res.on('data', (c) => { text += c; }); res.on('end', () => resolve(text)); });
        req.on('error', reject);
        req.end(body);
      });
      expect(JSON.parse(answer).result, answer).to.be.an('object'); // the comment itself is posted
      await settle();
      for (const mail of (await outbox()).filter((m) => m.email_to === 'hostile.reader@example.com')) expect(mail.body_html).not.to.contain('evil.example');
    } finally {
      await tk.sudo().db('website').update({ base_url: 'https://www.example.com' });
    }
  });
});
