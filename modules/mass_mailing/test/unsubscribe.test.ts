import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { MailingSender } from '../server/services/mailing-sender';
import { MailingTokens } from '../server/services/mailing-tokens';
import { listWith, mailingFor } from './support/fixtures';

describe('mass_mailing: unsubscribe page, save call and one-click unsubscribe', () => {
  let tk: TestKernel;
  let news: number;
  let offers: number;
  let mailingId: number;
  let token: (mailing: number, email: string) => Promise<string>;

  before(async () => {
    tk = await bootTestKernel({ modules: ['mass_mailing'], http: true });
    const env = tk.sudo();
    news = await listWith(env, 'News', ['ann@example.com', 'ben@example.com', 'cat@example.com']);
    offers = await listWith(env, 'Offers', ['ann@example.com', 'ben@example.com']);
    mailingId = await mailingFor(env, [news]);
    await tk.kernel.container.get(MailingSender).queue(env, mailingId);
    const tokens = tk.kernel.container.get(MailingTokens);
    token = async (m, e) => (await tokens.signer()).unsubscribe(m, e);
  });
  after(async () => tk?.stop());
  beforeEach(async () => {
    await tk.sudo().db('rate_limit').delete();
  });

  const subscribed = async (email: string): Promise<Record<number, boolean>> => {
    const rows = await tk.sudo().model('mail.mass_mailing.subscription').search_read([['contact_id.email', '=', email]], ['list_id', 'opt_out']);
    return Object.fromEntries(rows.map((r) => [(r.list_id as [number, string])[0], !r.opt_out]));
  };
  const unsubscribedCount = async () => Number((await tk.sudo().model('mail.mass_mailing').read([mailingId], ['unsubscribed']))[0].unsubscribed);
  const pageUrl = (email: string, t: string, id = mailingId) => `/mail/mailing/${id}/unsubscribe?${new URLSearchParams({ email, token: t })}`;

  it('the token is an HMAC of (mailing, lower-cased e-mail)', async () => {
    expect(await token(mailingId, 'Ann@Example.com')).to.equal(await token(mailingId, 'ann@example.com'));
    expect(await token(mailingId, 'ann@example.com')).not.to.equal(await token(mailingId + 1, 'ann@example.com'));
    expect(await token(mailingId, 'ann@example.com')).not.to.equal(await token(mailingId, 'ben@example.com'));
    expect(await token(mailingId, 'ann@example.com')).to.match(/^[0-9a-f]{64}$/);
  });

  it('the page lists the address\'s lists as checkboxes', async () => {
    const res = await new RpcClient(tk.url).get(pageUrl('ANN@example.com', await token(mailingId, 'ann@example.com')));
    expect(res.status).to.equal(200);
    const html = await res.text();
    expect(html).to.contain('data-island="mass_mailing.unsubscribe_form"');
    expect(html).to.contain('<input type="checkbox" class="form-check-input"');
    expect(html).to.contain('News').and.to.contain('Offers');
    expect(html).to.contain('ann@example.com');
    // The form gets what it shows and nothing more (no per-mailing flags it would not read).
    const props = JSON.parse(/data-island="mass_mailing.unsubscribe_form" data-props="([^"]+)"/.exec(html)![1].replace(/&quot;/g, '"'));
    expect(props.lists.sort((a: { id: number }, b: { id: number }) => a.id - b.id)).to.deep.equal([
      { id: news, name: 'News', subscribed: true },
      { id: offers, name: 'Offers', subscribed: true },
    ]);
  });

  it('the page refuses forged, missing or other-address tokens and unknown mailings', async () => {
    const client = new RpcClient(tk.url);
    const good = await token(mailingId, 'ann@example.com');
    for (const url of [
      pageUrl('ann@example.com', 'f'.repeat(64)),
      pageUrl('ann@example.com', ''),
      `/mail/mailing/${mailingId}/unsubscribe?email=ann@example.com`,
      pageUrl('ben@example.com', good),
      pageUrl('ann@example.com', good.slice(0, 63)),
      `/mail/mailing/${mailingId}/unsubscribe?email=ann@example.com&token=${good}&token=${good}`,
    ]) {
      const res = await client.get(url);
      expect(res.status, url).to.equal(403);
      expect(await res.text()).not.to.contain('class="form-check-input"');
    }
    expect((await client.get(pageUrl('ann@example.com', good, 999999))).status).to.equal(404);
    expect((await client.get(`/mail/mailing/abc/unsubscribe?email=ann@example.com&token=${good}`)).status).to.equal(404);
  });

  it('saving opts in and out of the ticked lists, and counts the unsubscription once', async () => {
    const client = new RpcClient(tk.url);
    const t = await token(mailingId, 'ann@example.com');
    const params = { mailing_id: mailingId, email: 'ann@example.com', token: t, opt_in_ids: [offers], opt_out_ids: [news] };
    expect(await client.call('/mail/mailing/unsubscribe', params)).to.deep.equal({ changed: true });
    expect(await subscribed('ann@example.com')).to.deep.equal({ [news]: false, [offers]: true });
    expect(await unsubscribedCount()).to.equal(1);
    // A replay changes nothing, and says so (the page must not claim it saved something).
    expect(await client.call('/mail/mailing/unsubscribe', params)).to.deep.equal({ changed: false });
    expect(await unsubscribedCount()).to.equal(1);
    const [sub] = await tk.sudo().model('mail.mass_mailing.subscription').search_read([['contact_id.email', '=', 'ann@example.com'], ['list_id', '=', news]], ['unsubscription_date']);
    expect(sub.unsubscription_date).to.be.a('string');
    // Ticking a list again re-subscribes.
    await client.call('/mail/mailing/unsubscribe', { ...params, opt_in_ids: [news, offers], opt_out_ids: [] });
    expect(await subscribed('ann@example.com')).to.deep.equal({ [news]: true, [offers]: true });
  });

  it('the save call refuses forged or missing tokens, unknown lists and mailings, writing nothing', async () => {
    const client = new RpcClient(tk.url);
    const good = await token(mailingId, 'ben@example.com');
    const base = { mailing_id: mailingId, email: 'ben@example.com', token: good, opt_in_ids: [], opt_out_ids: [news, offers] };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, token: 'x'.repeat(64) }, 'AccessDenied'],
      [{ ...base, token: await token(mailingId, 'ann@example.com') }, 'AccessDenied'],
      [{ ...base, token: await token(mailingId + 1, 'ben@example.com') }, 'AccessDenied'],
      [{ ...base, email: 'not-an-email' }, 'AccessDenied'],
      [{ ...base, mailing_id: 999999 }, 'MissingError'],
      [{ ...base, opt_out_ids: [news, 999999] }, 'ValidationError'],
      [{ ...base, opt_in_ids: [news] }, 'ValidationError'],
      [{ ...base, opt_out_ids: ['1'] }, 'ValidationError'],
      [(({ token: _t, ...rest }) => rest)(base), 'ValidationError'],
    ];
    for (const [params, name] of cases) {
      const answer = await client.rpc('/mail/mailing/unsubscribe', params);
      expect(answer.error?.data.name, JSON.stringify(params)).to.equal(name);
    }
    expect(await subscribed('ben@example.com')).to.deep.equal({ [news]: true, [offers]: true });
  });

  it('the plain form (no JavaScript) saves with the token in hidden fields, from this site only; bad posts write nothing', async () => {
    const formPost = (fields: Array<[string, string]>, headers: Record<string, string> = { Origin: tk.url }, id = mailingId) =>
      fetch(`${tk.url}/mail/mailing/${id}/unsubscribe/save`, {
        method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields).toString(),
      });
    const t = await token(mailingId, 'ben@example.com');
    const shown: Array<[string, string]> = [['shown_ids', String(news)], ['shown_ids', String(offers)]];
    const refused: Array<[Array<[string, string]>, Record<string, string> | undefined, number]> = [
      [[['email', 'ben@example.com'], ['token', 'f'.repeat(64)], ...shown], undefined, 403],
      [[['email', 'ben@example.com'], ...shown], undefined, 403],
      [[['email', 'ben@example.com'], ['token', t], ...shown], { Origin: 'https://evil.example' }, 403],
      [[['email', 'ben@example.com'], ['token', t], ...shown], {}, 403],
      [[['email', 'ben@example.com'], ['token', t], ['shown_ids', '999999']], undefined, 400],
      [[['email', 'ben@example.com'], ['token', t], ['shown_ids', 'abc']], undefined, 400],
      [[['email', 'ben@example.com'], ['token', t], ['action', 'delete_everything'], ...shown], undefined, 400],
    ];
    for (const [fields, headers, code] of refused) {
      const res = await formPost(fields, headers);
      expect(res.status, JSON.stringify([fields, headers])).to.equal(code);
      expect(await res.text()).not.to.contain('Your changes have been saved.');
    }
    expect((await formPost([['email', 'ben@example.com'], ['token', t], ...shown], undefined, 999999)).status).to.equal(404);
    expect(await subscribed('ben@example.com')).to.deep.equal({ [news]: true, [offers]: true });

    // Keeping one list (one checkbox: a single value, not an array) leaves the other shown one.
    const kept = await formPost([['email', 'ben@example.com'], ['token', t], ...shown, ['list_ids', String(offers)], ['action', 'save']]);
    expect(kept.status).to.equal(200);
    expect(await kept.text()).to.contain('Your changes have been saved.');
    expect(await subscribed('ben@example.com')).to.deep.equal({ [news]: false, [offers]: true });
    // "Unsubscribe from all" leaves every list, whatever is ticked.
    const all = await formPost([['email', 'ben@example.com'], ['token', t], ...shown, ['list_ids', String(offers)], ['action', 'unsubscribe_all']]);
    expect(await all.text()).to.contain('You have been unsubscribed from all our mailing lists.');
    expect(await subscribed('ben@example.com')).to.deep.equal({ [news]: false, [offers]: false });
    // Ticking them again (the page's own state) subscribes again.
    await formPost([['email', 'ben@example.com'], ['token', t], ...shown, ['list_ids', String(news)], ['list_ids', String(offers)]]);
    expect(await subscribed('ben@example.com')).to.deep.equal({ [news]: true, [offers]: true });
  });

  it('one-click POST (RFC 8058) without cookie or CSRF token unsubscribes from the mailing\'s lists; replays are harmless', async () => {
    const t = await token(mailingId, 'cat@example.com');
    const post = () => fetch(`${tk.url}${pageUrl('cat@example.com', t)}`, {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click',
    });
    const before = await unsubscribedCount();
    const res = await post();
    expect(res.status).to.equal(200);
    expect(res.headers.get('set-cookie')).to.equal(null);
    expect(await subscribed('cat@example.com')).to.deep.equal({ [news]: false });
    expect(await unsubscribedCount()).to.equal(before + 1);
    expect((await post()).status).to.equal(200);
    expect(await subscribed('cat@example.com')).to.deep.equal({ [news]: false });
    expect(await unsubscribedCount()).to.equal(before + 1);
  });

  it('one-click POST refuses bad tokens and bodies without List-Unsubscribe=One-Click', async () => {
    const t = await token(mailingId, 'ben@example.com');
    const post = (url: string, body: string) => fetch(`${tk.url}${url}`, {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body,
    });
    expect((await post(pageUrl('ben@example.com', 'a'.repeat(64)), 'List-Unsubscribe=One-Click')).status).to.equal(403);
    expect((await post(pageUrl('ben@example.com', await token(mailingId, 'ann@example.com')), 'List-Unsubscribe=One-Click')).status).to.equal(403);
    expect((await post(pageUrl('ben@example.com', t), '')).status).to.equal(400);
    expect((await post(pageUrl('ben@example.com', t), 'List-Unsubscribe=Yes')).status).to.equal(400);
    expect(await subscribed('ben@example.com')).to.deep.equal({ [news]: true, [offers]: true });
  });
});
