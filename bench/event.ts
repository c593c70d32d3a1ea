/**
 * `npm run bench -- event [--duration=5] [--connections=50] [--rounds=2] [--sqlite] [--pg]`
 *
 * On SQLite and PostgreSQL (when it answers): `/event` with 1,000 upcoming events and an event page
 * (tickets, seats left) as a visitor sees them, against a bare Koa handler answering the same HTML in
 * the same run (autocannon, alternating rounds; goal: >= 50% for visitors); then the registration
 * figures: 200 registrations posted at once over HTTP for the last 10 seats (sold, oversold, time), and
 * 200 at once with seats for all (registrations per second).
 */
import '@platform/kernel/production-env';
import http from 'node:http';
import autocannon from 'autocannon';
import Koa from 'koa';
import { utcText } from '@platform/common';
import { bootTestKernel, type TestKernel } from '../test/support/harness';
import { RpcClient } from '../test/support/rpc-client';
import { chooseDatabases } from './bench-databases';
import { median } from './stats';

const EVENTS = 1000;
const DAY = 86_400_000;

function flag(args: string[], name: string, fallback: number): number {
  const arg = args.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.split('=')[1]) : fallback;
}

async function load(url: string, duration: number, connections: number): Promise<number> {
  const result = await autocannon({ url, duration, connections, pipelining: 1 });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors (${result.timeouts} timeouts)`);
  return result.requests.average;
}

/** 1,000 upcoming published events in 5 countries and online, 4 types, written directly (the event module's own tables). */
async function seed(tk: TestKernel): Promise<{ pagePath: string; eventId: number }> {
  const env = tk.sudo();
  const db = env.db;
  const countries = await env.model('res.country').search([['code', 'in', ['BE', 'FR', 'US', 'DE', 'IN']]]);
  const types: number[] = [];
  for (const name of ['Conference', 'Training', 'Webinar', 'Open day']) types.push(await env.model('event.type').create({ name }));
  const now = utcText();
  const rows = Array.from({ length: EVENTS }, (_, i) => ({
    name: `Event ${String(i).padStart(4, '0')}`, date_begin: utcText(Date.now() + (1 + (i % 300)) * DAY), date_end: utcText(Date.now() + (1 + (i % 300)) * DAY + 8 * 3_600_000),
    date_tz: 'Europe/Brussels', state: 'confirm', auto_confirm: true, seats_availability: i % 3 ? 'unlimited' : 'limited', seats_max: i % 3 ? 0 : 100,
    country_id: i % 6 === 5 ? null : countries[i % countries.length], city: 'City', event_type_id: types[i % types.length], website_published: true,
    website_track: false, website_track_proposal: false, create_date: now, write_date: now,
  }));
  await db.batchInsert('event_event', rows, 100);
  const eventId = await env.model('event.event').create({
    name: 'Benchmark conference', date_begin: utcText(Date.now() + 5 * DAY), date_end: utcText(Date.now() + 6 * DAY), state: 'confirm', website_published: true,
    seats_availability: 'limited', seats_max: 100_000, description: '<p>A conference with tickets.</p>', city: 'Brussels', country_id: countries[0],
  });
  await env.model('event.event.ticket').create({ event_id: eventId, name: 'Community', seats_max: 50_000 });
  await env.model('event.event.ticket').create({ event_id: eventId, name: 'Student', seats_max: 50_000 });
  return { pagePath: `/event/benchmark-conference-${eventId}`, eventId };
}

/** `n` attendee forms posted at once, each from its own address; answers (sold, refused, failed, seconds). */
async function burst(tk: TestKernel, eventId: number, n: number, ticket: string): Promise<{ sold: number; refused: number; failed: number; seconds: number }> {
  const client = new RpcClient(tk.url);
  const html = await client.call<string>(`/event/${eventId}/registration/new`, { quantities: { [`nb_register-${ticket}`]: 1 } });
  const token = /name="csrf_token" value="([^"]+)"/.exec(html)![1];
  const started = Date.now();
  const statuses = await Promise.all(Array.from({ length: n }, async (_, i) => (await client.fetch(`/event/${eventId}/registration/confirm`, {
    method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': `10.2.${i >> 8}.${i & 255}` },
    body: new URLSearchParams({ csrf_token: token, '1-name': `Buyer ${i}`, '1-email': `buyer${i}@example.com`, '1-phone': '', '1-ticket_id': ticket }).toString(),
  })).status));
  return { sold: statuses.filter((s) => s === 200).length, refused: statuses.filter((s) => s === 400).length, failed: statuses.filter((s) => s >= 500).length, seconds: (Date.now() - started) / 1000 };
}

async function runOn(dialect: 'sqlite' | 'postgres', pgAdminUrl: string, duration: number, connections: number, rounds: number): Promise<void> {
  const saved = process.env.TEST_DATABASE_URL;
  if (dialect === 'postgres') process.env.TEST_DATABASE_URL = pgAdminUrl;
  else delete process.env.TEST_DATABASE_URL;
  let tk: TestKernel;
  try {
    tk = await bootTestKernel({ modules: ['event'], http: true, config: { trustProxyHops: 1 } });
  } finally {
    if (saved === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = saved;
  }
  try {
    const { pagePath, eventId } = await seed(tk);
    console.log(`\n${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: ${EVENTS + 1} events; ${rounds} rounds x ${duration}s, ${connections} connections`);
    for (const [label, path] of [['/event (1,000 upcoming events, page 1 of 100, facet counts)', '/event'], ['event page (tickets, seats left)', pagePath]] as const) {
      const url = `${tk.url}${path}`;
      const res = await fetch(url);
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      const html = await res.text();
      const bare = new Koa();
      bare.use((ctx) => { ctx.type = 'html'; ctx.body = html; });
      const server = http.createServer(bare.callback()).listen(0);
      const bareUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
      await load(url, 1, connections);
      await load(bareUrl, 1, connections);
      const site: number[] = [];
      const baseline: number[] = [];
      for (let i = 0; i < rounds; i++) {
        baseline.push(await load(bareUrl, duration, connections));
        site.push(await load(url, duration, connections));
      }
      server.close();
      console.log(`  ${label}: median ${median(site).toFixed(0)} req/s vs bare Koa ${median(baseline).toFixed(0)} req/s = ${((median(site) / median(baseline)) * 100).toFixed(1)}% (goal >= 50%; ${html.length} bytes)`);
    }
    // Registrations: the last 10 seats of an event, then seats for everybody.
    const last = await tk.sudo().model('event.event').create({
      name: 'Last seats', date_begin: utcText(Date.now() + 5 * DAY), date_end: utcText(Date.now() + 6 * DAY), state: 'confirm', website_published: true, seats_availability: 'limited', seats_max: 10,
    });
    const race = await burst(tk, last, 200, '0');
    const taken = await tk.sudo().model('event.registration').search_count([['event_id', '=', last], ['state', '=', 'open']]);
    console.log(`  200 parallel registrations for the last 10 seats: ${race.sold} sold, ${Math.max(0, taken - 10)} oversold, ${race.refused} refused (sold out), ${race.failed} failed, ${race.seconds.toFixed(2)} s (${(200 / race.seconds).toFixed(0)} requests/s)`);
    const [ticket] = await tk.sudo().model('event.event.ticket').search([['event_id', '=', eventId]]);
    const open = await burst(tk, eventId, 200, String(ticket));
    console.log(`  200 parallel registrations with seats for all: ${open.sold} registered, ${open.failed} failed, ${open.seconds.toFixed(2)} s = ${(open.sold / open.seconds).toFixed(0)} registrations/s`);
  } finally {
    await tk.stop();
  }
}

export async function run(args: string[]): Promise<void> {
  const duration = flag(args, 'duration', 5);
  const connections = flag(args, 'connections', 50);
  const rounds = flag(args, 'rounds', 2);
  const { databases, pgAdminUrl } = await chooseDatabases(args);
  console.log(`Node ${process.version}`);
  for (const d of databases) await runOn(d, pgAdminUrl, duration, connections, rounds);
}
