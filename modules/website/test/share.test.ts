import http from 'node:http';
import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';

type Counts = Record<'facebook' | 'twitter' | 'linkedin' | 'email', number>;

describe('website: share buttons and share counts', () => {
  let tk: TestKernel;
  let visitor: RpcClient;

  let nextAddress = 1;

  /** Calls a share route from its own client address (rate limits count per address). */
  async function fromAddress<T>(path: string, params: Record<string, unknown>, address = `10.1.0.${nextAddress++}`) {
    const res = await visitor.fetch(path, {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params }),
    });
    return res.json() as Promise<{ result?: T; error?: { data: { name: string; message: string } } }>;
  }
  async function record(url: string, network: string): Promise<Counts> {
    const answer = await fromAddress<Counts>('/website/share/record', { url, network });
    if (!answer.result) throw new Error(JSON.stringify(answer.error));
    return answer.result;
  }

  before(async () => {
    // Behind a proxy, so each test can speak from its own address.
    const previous = process.env.TRUST_PROXY;
    process.env.TRUST_PROXY = '1';
    try {
      tk = await bootTestKernel({ modules: ['website'], http: true, demo: true });
    } finally {
      if (previous === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = previous;
    }
    visitor = new RpcClient(tk.url);
  });
  after(async () => tk?.stop());

  it('renders share links for the networks that still exist under a published page, with counts', async () => {
    const html = await (await visitor.get('/about-us')).text();
    expect(html).to.contain('data-island="website.share_buttons"');
    const page = encodeURIComponent(`${tk.url}/about-us`);
    expect(html).to.contain(`https://www.facebook.com/sharer/sharer.php?u=${page}`);
    expect(html).to.contain(`https://x.com/intent/tweet?url=${page}&amp;text=About%20us`);
    expect(html).to.contain(`https://www.linkedin.com/sharing/share-offsite/?url=${page}`);
    expect(html).to.contain(`mailto:?subject=About%20us&amp;body=${page}`);
    expect(html).to.not.match(/plus\.google/);
    expect(html).to.contain('class="share-count badge rounded-pill text-bg-light"');
  });

  it('counts shares per page and network and returns every count', async () => {
    const first = await record('/about-us', 'facebook');
    expect(first).to.deep.equal({ facebook: 1, twitter: 0, linkedin: 0, email: 0 });
    await record('/about-us', 'facebook');
    const after = await record('/about-us', 'linkedin');
    expect(after).to.deep.equal({ facebook: 2, twitter: 0, linkedin: 1, email: 0 });
    expect(await visitor.call<Counts>('/website/share/counts', { url: '/page/other' })).to.deep.equal({ facebook: 0, twitter: 0, linkedin: 0, email: 0 });
    expect((await visitor.call<Counts>('/website/share/counts', { url: '/about-us' })).facebook).to.equal(2);
  });

  it('shows the recorded counts on the page', async () => {
    const html = await (await new RpcClient(tk.url).get('/about-us')).text();
    expect(html).to.match(/data-network="facebook"[^]*?class="share-count[^"]*"[^>]*>2</);
  });

  it('keeps concurrent shares (one atomic upsert)', async () => {
    await Promise.all(Array.from({ length: 8 }, () => record('/page/busy', 'twitter')));
    const [row] = await tk.sudo().model('website.share.count').search_read([['url_path', '=', '/page/busy']], ['network', 'count']);
    expect(row.count).to.equal(8);
  });

  it('refuses bad input with a ValidationError and writes nothing', async () => {
    const before = await tk.sudo().model('website.share.count').search_count([]);
    for (const params of [
      {}, { url: '/about-us' }, { url: '/about-us', network: 'google-plus' }, { url: '/about-us', network: 3 },
      { url: 'https://evil.example/', network: 'facebook' }, { url: '//evil.example/x', network: 'facebook' },
      { url: '/page/a?x=1', network: 'facebook' }, { url: `/${'a'.repeat(600)}`, network: 'facebook' },
      { url: '/page/a', network: 'facebook', extra: 1 },
    ]) {
      const answer = await fromAddress('/website/share/record', params);
      expect(answer.error?.data.name, JSON.stringify(params)).to.equal('ValidationError');
    }
    expect(await tk.sudo().model('website.share.count').search_count([])).to.equal(before);
  });

  it('rate-limits recording per address', async () => {
    const answers = [];
    for (let i = 0; i < 14; i++) answers.push(await fromAddress<Counts>('/website/share/record', { url: '/page/limited', network: 'email' }, '10.9.9.9'));
    const refused = answers.filter((a) => a.error);
    expect(refused.length).to.equal(4);
    expect(refused[0].error!.data.message).to.contain('Too many requests');
    // Another address is not affected.
    expect((await record('/page/limited', 'email')).email).to.equal(11);
    const [row] = await tk.sudo().model('website.share.count').search_read([['url_path', '=', '/page/limited']], ['count']);
    expect(row.count).to.equal(11);
  });

  it('visitors cannot read or write the counters through the ORM', async () => {
    const answer = await new RpcClient(tk.url).rpc('/web/dataset/call_kw', { model: 'website.share.count', method: 'create', args: [{ url_path: '/x', network: 'email', count: 1000 }], kwargs: {} });
    expect(answer.error?.data.name).to.be.oneOf(['AccessError', 'SessionExpired']);
  });

  it('a forged Host header does not reach the share links the cached page serves to other visitors', async () => {
    // Node's fetch will not send another Host: a raw request does, as an attacker's client would.
    const forged = await new Promise<string>((resolve, reject) => {
      const { port } = new URL(tk.url);
      const req = http.request({ host: '127.0.0.1', port, path: '/about-us', headers: { Host: 'evil.example' } }, (res) => {
        let body = '';
        res.on('data', (c) => { body += c; });
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
      req.end();
    });
    // Not even the forger's own answer names it: links are on the site's configured or recorded address.
    expect(forged).to.contain('share-buttons').and.not.contain('evil.example');
    const html = await (await fetch(`${tk.url}/about-us`)).text();
    expect(html).not.to.contain('evil.example');
  });
});
