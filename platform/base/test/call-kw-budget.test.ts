import type { IncomingMessage, ServerResponse } from 'node:http';
import { expect } from 'chai';
import { UserAccounts } from '../server/services/user-accounts';
import { MAX_PUBLIC_DOMAIN_LEAVES } from '../server/services/call-kw-budget';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { burstFromAnotherProcess, type BurstAnswer } from '../../../test/support/burst';
import { rawRequest } from '@platform/http/test/support';
import type { Config } from '@platform/core/config';
import { ConfigToken } from '@platform/core/tokens';

type Answer = BurstAnswer & { result?: unknown };

/** `n` conditions on the 5,000 country states that match nothing: every one is evaluated on every row. */
function heavyDomain(n: number): unknown[] {
  return [...Array(n - 1).fill('|'), ...Array.from({ length: n }, (_, i) => ['name', 'ilike', `zz${i}q`])];
}

describe('base: call_kw budget (cost per address and per account, calls at once per client)', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  const PUBLIC_PER_MINUTE = 300;
  /** Units of a search_count with the largest domain visitors may send: 1 + half a unit per condition. */
  const HEAVY_UNITS = 1 + MAX_PUBLIC_DOMAIN_LEAVES / 2;

  before(async () => {
    tk = await bootTestKernel({ modules: [], http: true, config: { trustProxyHops: 1 } });
    expect(tk.kernel.container.get<Config>(ConfigToken).callKwBudget.publicPerMinute).to.equal(PUBLIC_PER_MINUTE);
    const accounts = tk.kernel.container.get(UserAccounts);
    await accounts.create({ name: 'Ines Internal', login: 'ines', password: 'password-123', groups: ['base.group_user'] });
    await accounts.create({ name: 'Paul Portal', login: 'paul', password: 'password-123', groups: ['base.group_portal'] });
  });
  after(async () => tk?.stop());

  let nextAddress = 1;
  const freshAddress = () => `198.51.100.${nextAddress++}`;

  async function call(client: RpcClient, address: string, method: string, args: unknown[], kwargs: Record<string, unknown> = {}, model = 'res.country.state'): Promise<Answer> {
    const res = await client.fetch('/web/dataset/call_kw', {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: { model, method, args, kwargs } }),
    });
    const body = (await res.json()) as { error?: Answer['error']; result?: unknown };
    return { status: res.status, retryAfter: res.headers.get('retry-after'), ...body };
  }

  async function signedIn(login: string): Promise<RpcClient> {
    const client = new RpcClient(tk.url);
    await client.authenticate(login, 'password-123');
    return client;
  }

  function expect429(answer: Answer, maxWait: number): void {
    expect(answer.error?.code, JSON.stringify(answer)).to.equal(429);
    expect(answer.retryAfter).to.match(/^\d+$/);
    expect(Number(answer.retryAfter)).to.be.within(1, maxWait);
  }

  it(`refuses visitors a domain of more than ${MAX_PUBLIC_DOMAIN_LEAVES} conditions (the probe's 200), and lets internal users send it`, async () => {
    const visitor = await call(new RpcClient(tk.url), freshAddress(), 'search_count', [heavyDomain(200)]);
    expect(visitor.error?.data.name).to.equal('ValidationError');
    expect(visitor.error?.data.message).to.contain('Domain too complex');
    expect((await call(new RpcClient(tk.url), freshAddress(), 'search_count', [heavyDomain(MAX_PUBLIC_DOMAIN_LEAVES + 1)])).error?.data.name).to.equal('ValidationError');
    const portal = await call(await signedIn('paul'), freshAddress(), 'search_count', [heavyDomain(MAX_PUBLIC_DOMAIN_LEAVES + 1)]);
    expect(portal.error?.data.name).to.equal('ValidationError');
    expect((await call(await signedIn('ines'), freshAddress(), 'search_count', [heavyDomain(200)])).result).to.equal(0);
  });

  it('40 heavy calls at once from one address: /health is answered between two of them, the burst gets 429 with Retry-After', async () => {
    const heavy = heavyDomain(MAX_PUBLIC_DOMAIN_LEAVES);
    // When each call of the burst that ran (no Retry-After) was answered, seen from the server.
    const ranAt: number[] = [];
    const watch = (req: IncomingMessage, res: ServerResponse) => {
      if (req.url === '/web/dataset/call_kw') res.once('finish', () => !res.getHeader('retry-after') && ranAt.push(performance.now()));
    };
    tk.server!.server.on('request', watch);
    const body = JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: { model: 'res.country.state', method: 'search_count', args: [heavy] } });
    let finished = false;
    const burst = burstFromAnotherProcess(`${tk.url}/web/dataset/call_kw`, body, 40, '203.0.113.40').finally(() => { finished = true; });
    const probes: Array<[sent: number, answered: number]> = [];
    while (!finished) {
      const sent = performance.now();
      expect((await rawRequest(tk.url, '/health')).status).to.equal(200);
      probes.push([sent, performance.now()]);
    }
    const answers = await burst;
    tk.server!.server.off('request', watch);
    const ran = answers.filter((a) => a.error === undefined);
    const refused = answers.filter((a) => a.error?.code === 429);
    expect(ran.length + refused.length, JSON.stringify(answers.find((a) => a.error && a.error.code !== 429))).to.equal(40);
    // One runs at a time, 8 more may wait their turn, and the budget holds 11 such calls a minute: the rest is refused.
    expect(ran.length).to.be.within(1, Math.floor(PUBLIC_PER_MINUTE / HEAVY_UNITS));
    for (const answer of refused) expect429(answer, 66);
    // The machine's speed (and load) decides how long a call takes; what must hold is that /health never
    // waits for more than the call in progress: the burst's calls do not run back to back in front of it.
    const heldFor = probes.map(([sent, answered]) => ranAt.filter((t) => t > sent && t < answered).length);
    expect(Math.max(...heldFor), `calls of the burst answered while one /health waited (of ${probes.length} probes)`).to.be.at.most(1);
    expect(ranAt.length).to.equal(ran.length);
  });

  it('charges by cost: a visitor gets many light calls but few heavy ones, and rows read beyond the estimate count', async () => {
    const visitor = new RpcClient(tk.url);
    const count = async (address: string, ...args: Parameters<typeof call> extends [RpcClient, string, ...infer R] ? R : never) => {
      let n = 0;
      let last: Answer;
      while (!(last = await call(visitor, address, ...args)).error && n <= PUBLIC_PER_MINUTE) n++;
      expect429(last, 66);
      return n;
    };
    // A page of 80 rows: 1 + 80 / 50 units, rounded up.
    expect(await count(freshAddress(), 'search_read', [[], ['name']], { limit: 80 }), 'pages of 80 rows').to.equal(Math.floor(PUBLIC_PER_MINUTE / 3));
    expect(await count(freshAddress(), 'search_count', [heavyDomain(MAX_PUBLIC_DOMAIN_LEAVES)]), 'heaviest counts').to.equal(Math.floor(PUBLIC_PER_MINUTE / HEAVY_UNITS));
    // A full read of the 5,000 states: charged as 2,000 rows up front (41 units), the other ~3,000 once
    // they are known (~60 more): 3 fit in the budget, not 7.
    expect(await count(freshAddress(), 'search_read', [[], ['name']]), 'full reads').to.equal(3);
  });

  it('counts a portal user per account, whatever the addresses', async () => {
    const paul = await signedIn('paul');
    let calls = 0;
    while (!(await call(paul, freshAddress(), 'search_count', [heavyDomain(MAX_PUBLIC_DOMAIN_LEAVES)])).error && calls <= PUBLIC_PER_MINUTE) calls++;
    expect(calls).to.equal(Math.floor(PUBLIC_PER_MINUTE / HEAVY_UNITS));
    expect429(await call(paul, freshAddress(), 'search_count', [heavyDomain(MAX_PUBLIC_DOMAIN_LEAVES)]), 66);
  });

  it('never refuses the back office its normal use: lists of 80 rows with their count, several at once', async () => {
    const ines = await signedIn('ines');
    const address = freshAddress();
    for (let page = 0; page < 20; page++) {
      const answers = await Promise.all([
        call(ines, address, 'search_read', [[['name', 'ilike', 'a']], ['name', 'code', 'country_id']], { offset: page * 80, limit: 80 }),
        call(ines, address, 'search_count', [[['name', 'ilike', 'a']]]),
        call(ines, address, 'name_search', [], { name: 'Qu', limit: 8 }, 'res.country'),
        call(ines, address, 'fields_get', [], { attributes: ['string', 'type'] }),
        call(ines, address, 'read_group', [[], ['country_id'], ['country_id']], { lazy: true }),
      ]);
      for (const answer of answers) expect(answer.error, JSON.stringify(answer.error)).to.equal(undefined);
    }
  });
});
