import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { rawRequest, rpcBody } from '@platform/http/test/support';
import { MailingSender } from '../server/services/mailing-sender';
import { listWith, mailingFor, setBaseUrl } from './support/fixtures';

const links = (html: string): string[] => [...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));

describe('mass_mailing: links are built on the public base URL of the mailing\'s site', () => {
  let tk: TestKernel;
  let sender: MailingSender;

  before(async () => {
    tk = await bootTestKernel({ modules: ['mass_mailing'], http: true });
    sender = tk.kernel.container.get(MailingSender);
    // What the first administrator action records: the address the back office was reached at.
    await setBaseUrl(tk.sudo(), 'http://localhost:8069');
  });
  after(async () => tk?.stop());

  async function sentTo(email: string): Promise<{ html: string; headers: Record<string, string> }> {
    const row = await tk.sudo().db('mail_outbox').where({ email_to: email }).orderBy('id', 'desc').first('body_html', 'headers');
    return { html: String(row.body_html), headers: JSON.parse(row.headers || '{}') as Record<string, string> };
  }

  async function send(listEmail: string, websiteId?: number): Promise<{ html: string; headers: Record<string, string> }> {
    const env = tk.sudo();
    const list = await listWith(env, `List of ${listEmail}`, [listEmail]);
    const id = await mailingFor(env, [list]);
    if (websiteId) await env.model('mail.mass_mailing').write([id], { website_id: websiteId });
    await sender.queue(env, id);
    await sender.send(env, id);
    return sentTo(listEmail);
  }

  it('a new mailing belongs to the site it is created on; to the first site without a request', async () => {
    const env = tk.sudo();
    const id = await mailingFor(env, [await listWith(env, 'Default site', [])]);
    const [mailing] = await env.model('mail.mass_mailing').read([id], ['website_id']);
    expect((mailing.website_id as [number, string])[0]).to.equal(1);

    // The back office of another site creates the mailing as the composer does (call_kw, no website_id).
    const [publicUser] = await env.db('res_users').where({ login: '__public__' }).pluck('id');
    const siteId = await env.model('website').create({ name: 'Second site', domain: 'second.example.org', default_lang_id: 1, user_id: publicUser });
    const post = (path: string, params: Record<string, unknown>, cookie = '') => rawRequest(tk.url, path, {
      method: 'POST', body: rpcBody(params), headers: { Host: 'second.example.org', 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    });
    const auth = await post('/web/session/authenticate', { db: 'test', login: 'admin', password: ADMIN_PASSWORD });
    const cookie = (auth.headers['set-cookie'] ?? []).find((c) => c.startsWith('session_id='))!.split(';')[0];
    const created = JSON.parse((await post('/web/dataset/call_kw', { model: 'mail.mass_mailing', method: 'create', args: [{ subject: 'Second news' }], kwargs: {} }, cookie)).body);
    expect(created.error, JSON.stringify(created.error)).to.equal(undefined);
    const [second] = await env.model('mail.mass_mailing').read([created.result], ['website_id']);
    expect((second.website_id as [number, string])[0]).to.equal(siteId);
  });

  it('unsubscribe, open and click links use the site base URL, not localhost', async () => {
    await tk.sudo().model('website').write([1], { base_url: 'https://www.example.com' });
    const { html, headers } = await send('reader@example.com');
    const hrefs = links(html);
    expect(hrefs.some((h) => h.startsWith('https://www.example.com/mail/mailing/') && h.includes('/unsubscribe?'))).to.equal(true);
    expect(hrefs.some((h) => h.startsWith('https://www.example.com/mail/track/'))).to.equal(true);
    expect(hrefs.filter((h) => h.includes('localhost'))).to.deep.equal([]);
    expect(JSON.stringify(headers)).to.contain('https://www.example.com/mail/mailing/').and.not.contain('localhost');
  });

  it('a mailing of another site uses that site\'s base URL', async () => {
    const env = tk.sudo();
    const [publicUser] = await env.db('res_users').where({ login: '__public__' }).pluck('id');
    const siteId = await env.model('website').create({ name: 'News site', domain: 'news.example.org', base_url: 'https://news.example.org', default_lang_id: 1, user_id: publicUser });
    const { html } = await send('other-site@example.com', siteId);
    const hrefs = links(html);
    expect(hrefs.some((h) => h.startsWith('https://news.example.org/mail/mailing/'))).to.equal(true);
    expect(hrefs.filter((h) => !h.startsWith('https://news.example.org/') && !h.startsWith('https://example.com/'))).to.deep.equal([]);
  });

  it('a site without base URL nor domain falls back to the recorded address', async () => {
    await tk.sudo().model('website').write([1], { base_url: false });
    const { html } = await send('fallback@example.com');
    expect(links(html).some((h) => h.startsWith('http://localhost:8069/mail/mailing/'))).to.equal(true);
  });
});
