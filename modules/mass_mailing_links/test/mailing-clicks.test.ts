import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { MailingSender } from '@modules/mass_mailing/test/support';
import { listWith, mailingFor, setBaseUrl } from '@modules/mass_mailing/test/support';
import { SmtpSink } from '@modules/mass_mailing/test/support';

const links = (html: string): string[] => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));

describe('mass_mailing_links: newsletter clicks through the link tracker', () => {
  let sink: SmtpSink;
  let tk: TestKernel;

  before(async () => {
    sink = await new SmtpSink().start();
    tk = await bootTestKernel({ modules: ['mass_mailing_links'], http: true, config: { smtpUrl: sink.url } });
    await setBaseUrl(tk.sudo(), tk.url);
  });
  after(async () => {
    await tk?.stop();
    await sink?.stop();
  });

  it('a click is counted by the mailing, then goes through a tracked link with the mailing as campaign', async () => {
    const env = tk.sudo();
    const sender = tk.kernel.container.get(MailingSender);
    const list = await listWith(env, 'Clicks', ['reader@example.com']);
    const id = await mailingFor(env, [list], '<p><a href="https://example.com/offer?x=1#top">Offer</a> <a href="mailto:shop@example.com">Write</a></p>');
    await sender.queue(env, id);
    await sender.send(env, id);
    const [subject] = (await env.model('mail.mass_mailing').read([id], ['subject'])).map((m) => String(m.subject));
    const hrefs = links(String(sink.received[0].parsed!.html));

    const client = new RpcClient(tk.url);
    const click = await client.get(hrefs[0].slice(tk.url.length));
    expect(click.status).to.equal(302);
    const shortPath = click.headers.get('location')!;
    expect(shortPath).to.match(/^\/r\/[A-Za-z0-9]+$/);
    expect((await sender.statistics(env, id)).clicked).to.equal(1);

    const redirect = await client.get(shortPath);
    expect(redirect.status).to.equal(301);
    const target = new URL(redirect.headers.get('location')!);
    expect(`${target.origin}${target.pathname}${target.hash}`).to.equal('https://example.com/offer#top');
    expect(Object.fromEntries(target.searchParams)).to.deep.equal({ x: '1', utm_campaign: subject, utm_medium: 'Email', utm_source: 'Newsletter' });

    // The same link clicked again reuses its tracked link; a mailto link is left as it is.
    expect((await client.get(hrefs[0].slice(tk.url.length))).headers.get('location')).to.equal(shortPath);
    expect(hrefs).to.include('mailto:shop@example.com');
    const [link] = await env.model('link.tracker').search_read([['url', '=', 'https://example.com/offer?x=1#top']], ['campaign_id', 'medium_id', 'source_id']);
    expect((link.campaign_id as [number, string])[1]).to.equal(subject);
    expect((link.medium_id as [number, string])[1]).to.equal('Email');
  });

  /** Sends a mailing to one new address and returns the click paths of its links, in body order. */
  const sendAndTrack = async (listName: string, body: string, subject?: string): Promise<{ id: number; paths: string[] }> => {
    const env = tk.sudo();
    const sender = tk.kernel.container.get(MailingSender);
    const list = await listWith(env, listName, [`${listName.toLowerCase()}@example.com`]);
    const id = await mailingFor(env, [list], body);
    if (subject !== undefined) await env.model('mail.mass_mailing').write([id], { subject });
    await sender.queue(env, id);
    await sender.send(env, id);
    const mail = sink.received.find((m) => m.to.includes(`${listName.toLowerCase()}@example.com`))!;
    const paths = links(String(mail.parsed!.html)).map((href) => href.slice(tk.url.length));
    return { id, paths: paths.filter((path) => path.includes('/click/')) }; // not the unsubscribe link
  };

  it('links the tracker refuses go straight to their target, still counted as clicks', async () => {
    const long = `https://example.com/${'a'.repeat(2100)}`;
    const withPassword = 'https://user:secret@example.com/private';
    const { id, paths } = await sendAndTrack('Refused', `<p><a href="${long}">Long</a> <a href="${withPassword}">Private</a> <a href="https://example.com/fine">Fine</a></p>`);
    const trackedBefore = await tk.sudo().model('link.tracker').search_count([]);
    const client = new RpcClient(tk.url);
    const locations = [];
    for (const path of paths) {
      const click = await client.get(path);
      expect(click.status).to.equal(302);
      locations.push(click.headers.get('location'));
    }
    expect(locations.slice(0, 2)).to.deep.equal([long, withPassword]);
    expect(locations[2]).to.match(/^\/r\/[A-Za-z0-9]+$/);
    expect((await tk.kernel.container.get(MailingSender).statistics(tk.sudo(), id)).clicked).to.equal(1);
    expect(await tk.sudo().model('link.tracker').search_count([])).to.equal(trackedBefore + 1); // the fine link only
  });

  it('a subject too long for a campaign name leaves the mailing\'s links untracked, not broken', async () => {
    const subject = `Big news ${'x'.repeat(300)}`;
    const { paths } = await sendAndTrack('LongSubject', '<p><a href="https://example.com/long-subject">Read</a></p>', subject);
    const click = await new RpcClient(tk.url).get(paths[0]);
    expect(click.status).to.equal(302);
    expect(click.headers.get('location')).to.equal('https://example.com/long-subject');
    expect(await tk.sudo().model('utm.campaign').search_count([['name', '=like', 'Big news%']])).to.equal(0);
  });
});
