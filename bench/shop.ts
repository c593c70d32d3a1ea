/**
 * `npm run bench -- shop [--duration=5] [--connections=50] [--rounds=3] [--buyers=100] [--sqlite] [--pg]
 *   [--checkout-only] [--steps] [--servers=N] [--think=MS]`
 *
 * On SQLite and PostgreSQL (when it answers): `/shop` with 10,000 published products (20 a page) and a
 * product page with variants as a visitor sees them, against a bare Koa handler answering the same
 * HTML in the same run (autocannon, alternating rounds, median; goal: >= 30%); then `--buyers`
 * visitors checking out at once, each from its own address (add to cart, address, shipping, card
 * payment, confirmation), three times: the p95 of their requests (median of the runs; goal: < 150 ms)
 * and whether every buyer has exactly one confirmed order (none lost, none doubled). The buyers run in
 * a child process (this file again), as a load generator would: their HTTP clients do not take turns
 * of the server's event loop, and the CPU per request printed is the server's own.
 *
 * The goal's buyers ask again the moment an answer arrives, so 100 requests are always in flight and
 * each waits for about 99 others (Little's law: the mean wait is 100 over the server's rate).
 * `--think=MS` makes each buyer pause about MS between steps, as a person reading a page and filling a
 * form does: the same 100 buyers at once, at a pace people check out at; it does not count for the goal.
 */
import '@platform/kernel/production-env';
import { fork } from 'node:child_process';
import http from 'node:http';
import autocannon from 'autocannon';
import Koa from 'koa';
import { utcText } from '@platform/common';
import type { Config } from '@platform/core';
import { bootTestKernel, type TestKernel } from '../test/support/harness';
import { Kernel, startServer } from '../test/support/kernel';
import { ORDER_MODEL, PRODUCT_MODEL, TEMPLATE_MODEL, productUrl } from '@modules/sale';
import { CARDS, acquirerId, frenchAddress } from '@modules/sale/test/support';
import { BenchBrowser } from './bench-browser';
import { chooseDatabases } from './bench-databases';
import { median, percentile } from './stats';

const PRODUCTS = 10_000;

function flag(args: string[], name: string, fallback: number): number {
  const arg = args.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.split('=')[1]) : fallback;
}

async function load(url: string, duration: number, connections: number): Promise<number> {
  const result = await autocannon({ url, duration, connections, pipelining: 1 });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors (${result.timeouts} timeouts)`);
  return result.requests.average;
}

/** 10,000 published products with one variant each, written directly (the sale module's own tables). */
async function seed(tk: TestKernel): Promise<void> {
  const db = tk.sudo().db;
  const now = utcText();
  const rows = Array.from({ length: PRODUCTS }, (_, i) => ({
    name: `Product ${String(i).padStart(5, '0')}`, list_price: 1 + (i % 500), website_published: true, website_listed: true, active: true,
    website_sequence: 100 + i, description: `Benchmark product number ${i}.`, create_date: now, write_date: now,
  }));
  await db.batchInsert('product_template', rows, 200);
  const ids = (await db('product_template').where('name', 'like', 'Product %').select('id')).map((r) => Number(r.id));
  await db.batchInsert('product_product', ids.map((id) => ({ product_tmpl_id: id, active: true, create_date: now, write_date: now })), 200);
}

/** What the buyers' process needs to check out: the site, the product, the provider, an address. */
interface BuyersJob {
  /** The servers' addresses: buyer i uses urls[i % urls.length] (a load balancer's round robin). */
  urls: string[];
  buyers: number;
  round: number;
  product: number;
  acquirer: number;
  /** The address form's fields but the buyer's own name and e-mail. */
  address: Record<string, string>;
  /** Milliseconds a buyer waits between two steps (0: none; else each wait drawn from 50 % to 150 % of it, the wait before the first step from 0 to 100 %). */
  think: number;
}

interface BuyersResult {
  times: number[];
  /** The same times per step of the checkout (method and path). */
  steps: Record<string, number[]>;
  orders: number[];
  failed: string[];
  /** The buyers' process's CPU (their HTTP clients), in microseconds. */
  cpu: number;
}

const BUYERS_CHILD = 'SHOP_BENCH_BUYERS';
const SERVER_CHILD = 'SHOP_BENCH_SERVER';

/**
 * Another server process on the bench's database, as `WORKERS=2` runs one per core: its own kernel,
 * caches and event loop. Answers its port, then its CPU time (microseconds) whenever asked.
 */
async function serveSecondServer(config: Config): Promise<void> {
  const server = await startServer(await Kernel.boot({ config, autoInstall: false }), 0, { scheduler: false });
  process.on('message', (message: 'cpu' | 'stop') => {
    if (message === 'stop') void server.stop().then(() => process.exit(0));
    else {
      const used = process.cpuUsage();
      process.send!({ cpu: used.user + used.system });
    }
  });
  process.send!({ port: server.port });
}

interface ServerChild {
  url: string;
  cpu(): Promise<number>;
  stop(): void;
}

async function startSecondServer(config: Config): Promise<ServerChild> {
  const child = fork(__filename, [], { env: { ...process.env, [SERVER_CHILD]: JSON.stringify(config) }, stdio: 'inherit' });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`a server process exited (code ${code})`)));
    child.once('message', (m: { port: number }) => resolve(m.port));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    cpu: () => new Promise((resolve) => {
      child.once('message', (m: { cpu: number }) => resolve(m.cpu));
      child.send('cpu');
    }),
    stop: () => void (child.connected && child.send('stop')),
  };
}

/** One buyer's checkout; each request's milliseconds go to `times`. Answers the order the confirmation page names. */
async function checkout(job: BuyersJob, i: number, times: number[], steps: Record<string, number[]>, agent: http.Agent): Promise<number> {
  const { round } = job;
  const browser = new BenchBrowser(job.urls[i % job.urls.length], agent, { 'X-Forwarded-For': `10.${round}.${i >> 8}.${i & 255}` });
  let first = true;
  const timed = async (path: string, init: { method?: string; type?: string; body?: string }, status: number): Promise<string> => {
    // A person reads each page and fills its form before the next step (and people do not all start at
    // the same instant: a first wait of up to one pause); only the request is timed.
    if (job.think) await new Promise((resolve) => setTimeout(resolve, job.think * (first ? Math.random() : 0.5 + Math.random())));
    first = false;
    const started = performance.now();
    const res = await browser.request(init.method ?? 'GET', path, init.body === undefined ? undefined : { type: init.type!, text: init.body });
    const ms = performance.now() - started;
    times.push(ms);
    (steps[`${init.method ?? 'GET'} ${path}`] ??= []).push(ms);
    if (res.status !== status) throw new Error(`buyer ${i}: ${path} answered ${res.status}, not ${status}: ${res.body.slice(0, 200)}`);
    return res.body;
  };
  const form = (fields: Record<string, string>) => ({ method: 'POST', type: 'application/x-www-form-urlencoded', body: new URLSearchParams(fields).toString() });
  await timed('/shop/cart/update_json', {
    method: 'POST', type: 'application/json',
    body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { product_id: job.product, add_qty: 1 + (i % 3) }, id: 1 }),
  }, 200);
  const address = await timed('/shop/address', {}, 200);
  const csrf = /name="csrf_token" value="([^"]+)"/.exec(address)![1];
  const name = `Buyer ${round} ${i}`;
  await timed('/shop/address', form({ csrf_token: csrf, ...job.address, name, email: `buyer.${round}.${i}@example.com` }), 303);
  await timed('/shop/confirm_order', {}, 303);
  await timed('/shop/payment/pay', form({
    csrf_token: csrf, acquirer_id: String(job.acquirer), accept_terms: 'on', cc_number: CARDS.ok, cc_holder_name: `Buyer ${i}`, cc_expiry: '12 / 34', cc_cvc: '123',
  }), 303);
  const confirmation = await timed('/shop/confirmation', {}, 200);
  return Number(/data-order-id="(\d+)"/.exec(confirmation)![1]);
}

/** The buyers' process: runs each job it is sent (every buyer at once) and answers what happened. */
function serveBuyers(): void {
  // Connections kept alive, as a browser keeps its own for its requests one after the other.
  const agent = new http.Agent({ keepAlive: true });
  process.on('message', (job: BuyersJob | 'stop') => {
    if (job === 'stop') process.exit(0);
    void (async () => {
      const times: number[] = [];
      const steps: Record<string, number[]> = {};
      const cpu = process.cpuUsage();
      const settled = await Promise.allSettled(Array.from({ length: job.buyers }, (_, i) => checkout(job, i, times, steps, agent)));
      const used = process.cpuUsage(cpu);
      process.send!({
        times,
        steps,
        orders: settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])),
        failed: settled.filter((s) => s.status === 'rejected').map((s) => String((s as PromiseRejectedResult).reason).slice(0, 200)),
        cpu: used.user + used.system,
      } satisfies BuyersResult);
    })();
  });
  process.send!('ready');
}

/** Starts the buyers' process (this file again). */
async function startBuyers(): Promise<{ run(job: BuyersJob): Promise<BuyersResult>; stop(): void }> {
  const child = fork(__filename, [], { env: { ...process.env, [BUYERS_CHILD]: '1' }, stdio: 'inherit' });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('message', () => resolve());
  });
  return {
    // A buyers' process that dies fails the run instead of leaving it waiting for an answer.
    run: (job) => new Promise((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the buyers' process exited (code ${code})`));
      child.once('exit', exited);
      child.once('message', (result) => {
        child.off('exit', exited);
        resolve(result as BuyersResult);
      });
      child.send(job);
    }),
    stop: () => void (child.connected && child.send('stop')),
  };
}

async function runOn(dialect: 'sqlite' | 'postgres', pgAdminUrl: string, opts: { duration: number; connections: number; rounds: number; buyers: number; checkoutOnly: boolean; steps: boolean; servers: number; think: number }): Promise<void> {
  const saved = process.env.TEST_DATABASE_URL;
  if (dialect === 'postgres') process.env.TEST_DATABASE_URL = pgAdminUrl;
  else delete process.env.TEST_DATABASE_URL;
  let tk: TestKernel;
  try {
    tk = await bootTestKernel({ modules: ['sale'], http: true, demo: true, config: { trustProxyHops: 1 } });
  } finally {
    if (saved === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = saved;
  }
  try {
    await seed(tk);
    const [tshirt] = await tk.sudo().model(TEMPLATE_MODEL).search([['name', '=', 'T-shirt']]);
    console.log(`\n${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: ${PRODUCTS} more products; ${opts.rounds} rounds x ${opts.duration}s, ${opts.connections} connections`);
    const pages = [['/shop (10,000+ products, page 1 of 500+)', '/shop'], ['/shop page 250', '/shop?page=250'], ['product page with variants (T-shirt)', productUrl({ id: tshirt, name: 'T-shirt' })]] as const;
    // `--checkout-only`: the buyers alone (to profile the checkout without the catalogue's load).
    for (const [label, path] of opts.checkoutOnly ? [] : pages) {
      const url = `${tk.url}${path}`;
      const res = await fetch(url);
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      const html = await res.text();
      const bare = new Koa();
      bare.use((ctx) => { ctx.type = 'html'; ctx.body = html; });
      const server = http.createServer(bare.callback()).listen(0);
      const bareUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
      await load(url, 1, opts.connections);
      await load(bareUrl, 1, opts.connections);
      const site: number[] = [];
      const baseline: number[] = [];
      for (let i = 0; i < opts.rounds; i++) {
        baseline.push(await load(bareUrl, opts.duration, opts.connections));
        site.push(await load(url, opts.duration, opts.connections));
      }
      server.close();
      console.log(`  ${label}: median ${median(site).toFixed(0)} req/s vs bare Koa ${median(baseline).toFixed(0)} req/s = ${((median(site) / median(baseline)) * 100).toFixed(1)}% (goal >= 30%; ${html.length} bytes)`);
    }

    // Buyers checking out at once (the demo's notebook: one variant), three times.
    const [notebook] = await tk.sudo().model(TEMPLATE_MODEL).search([['name', '=', 'Notebook']]);
    const [product] = await tk.sudo().model(PRODUCT_MODEL).search([['product_tmpl_id', '=', notebook]], { limit: 1 });
    const acquirer = await acquirerId(tk, 'test');
    const address = await frenchAddress(tk);
    const buyers = await startBuyers();
    const others: ServerChild[] = [];
    try {
      for (let n = 1; n < opts.servers; n++) others.push(await startSecondServer(tk.kernel.config));
      const urls = [tk.url, ...others.map((o) => o.url)];
      const othersCpu = async () => (await Promise.all(others.map((o) => o.cpu()))).reduce((a, b) => a + b, 0);
      const p95s: number[] = [];
      const cpus: number[] = [];
      // Round 0 warms up (not counted, printed): the first checkouts of a fresh process compile the
      // checkout's code and fill its caches (variants, countries, carriers), which a running shop has done
      // long before its busy minute; the catalogue above warmed only the catalogue's paths.
      for (let round = 0; round <= 3; round++) {
        await tk.sudo().db('rate_limit').delete();
        const before = await tk.sudo().model(ORDER_MODEL).search_count([['state', '=', 'sale']]);
        // The server's CPU (this process, all threads; the buyers are in their own): steadier than wall times on a shared machine.
        const cpu = process.cpuUsage();
        const otherCpu = await othersCpu();
        const started = performance.now();
        const { times, steps, orders, failed, cpu: clientCpu } = await buyers.run({ urls, buyers: opts.buyers, round, product, acquirer, address, think: opts.think });
        const seconds = (performance.now() - started) / 1000;
        const used = process.cpuUsage(cpu);
        used.user += (await othersCpu()) - otherCpu;
        const confirmed = (await tk.sudo().model(ORDER_MODEL).search_count([['state', '=', 'sale']])) - before;
        const partnersWithTwo = await tk.sudo().db('sale_order').where({ state: 'sale' }).groupBy('partner_id').havingRaw('count(*) > 1').select('partner_id');
        const p95 = percentile(times, 95);
        const cpuPerRequest = (used.user + used.system) / 1000 / times.length;
        if (round > 0) {
          p95s.push(p95);
          cpus.push(cpuPerRequest);
        }
        console.log(`  ${opts.buyers} buyers at once, ${round ? `run ${round}` : 'warm-up (not counted)'}: ${times.length} requests in ${seconds.toFixed(2)} s (${(times.length / seconds).toFixed(0)} a second), p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, `
          + `max ${Math.max(...times).toFixed(0)} ms, server CPU ${cpuPerRequest.toFixed(2)} ms a request (buyers' clients ${(clientCpu / 1000 / times.length).toFixed(2)} ms); ${confirmed} orders confirmed for ${orders.length} buyers (${new Set(orders).size} distinct), `
          + `${partnersWithTwo.length} customers with two, ${failed.length} failed${failed.length ? `: ${failed[0]}` : ''}`);
        if (opts.steps) for (const [step, ms] of Object.entries(steps)) console.log(`    ${step}: p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms`);
      }
      console.log(`  checkout p95, median of 3 runs: ${median(p95s).toFixed(0)} ms (${opts.think ? `buyers pausing about ${opts.think} ms between steps; the goal is for buyers who do not` : 'goal < 150 ms'}); server CPU ${median(cpus).toFixed(2)} ms a request`);
    } finally {
      buyers.stop();
      for (const o of others) o.stop();
    }
  } finally {
    await tk.stop();
  }
}

export async function run(args: string[]): Promise<void> {
  const opts = { duration: flag(args, 'duration', 5), connections: flag(args, 'connections', 50), rounds: flag(args, 'rounds', 3), buyers: flag(args, 'buyers', 100), checkoutOnly: args.includes('--checkout-only'), steps: args.includes('--steps'), servers: flag(args, 'servers', 1), think: flag(args, 'think', 0) };
  const { databases, pgAdminUrl } = await chooseDatabases(args);
  console.log(`Node ${process.version}`);
  for (const d of databases) await runOn(d, pgAdminUrl, opts);
}

if (process.env[BUYERS_CHILD]) serveBuyers();
else if (process.env[SERVER_CHILD]) void serveSecondServer(JSON.parse(process.env[SERVER_CHILD]) as Config);
