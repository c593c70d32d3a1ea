/**
 * `npm run bench -- bus [--clients=N] [--users=N] [--rate=N] [--seconds=N] [--polls=N]`
 *
 * Needs PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test): a fresh database
 * is created and dropped. Two server processes (`platform/kernel/main.ts`) serve it; this process holds
 * the WebSocket clients and publishes through BusService like a module would (a third process).
 *  1. Memory: N WebSocket clients (default 10,000, logged in, subscribed) on node A; RSS growth per
 *     connection, next to a bare `ws` server holding the same number of connections (baseline).
 *  2. Delivery: `rate` messages/s (default 1,000) for `seconds` to the users' partner channels, with
 *     clients on both nodes; p50/p99 from publish to arrival, next to raw LISTEN/NOTIFY at the same rate.
 *  3. Long-poll round trip of one message (publish -> poll answered), next to the WebSocket push.
 * Each process needs one descriptor per connection: the bench raises nothing itself; with the default
 * 10,000 clients `ulimit -n` must be above ~12,500 (it is 20,000 here); lower --clients otherwise.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import WebSocket from 'ws';
import { loadConfig } from '@platform/core/config';
import { Kernel } from '@platform/kernel/kernel';
import { Session } from '@platform/http/session';
import { SessionStore } from '@platform/http/session-store';
import { BusService } from '@modules/bus';
import { ServerProcess } from '@modules/bus/test/support';
import { createThrowawayDatabase } from '../test/support/test-database';
import { median, percentile } from './stats';

const REPO = path.resolve(__dirname, '..');
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';

interface Options {
  clients: number;
  users: number;
  rate: number;
  seconds: number;
  polls: number;
}

function parseArgs(args: string[]): Options {
  const opts: Options = { clients: 10_000, users: 1_000, rate: 1_000, seconds: 10, polls: 100 };
  for (const a of args) {
    const m = /^--(clients|users|rate|seconds|polls)=(\d+)$/.exec(a);
    if (!m) throw new Error(`Unknown option '${a}' (expected --clients=N --users=N --rate=N --seconds=N --polls=N)`);
    opts[m[1] as keyof Options] = Number(m[2]);
  }
  return opts;
}

export async function run(args: string[]): Promise<void> {
  const opts = parseArgs(args);
  const envUrl = process.env.TEST_DATABASE_URL;
  const pgUrl = envUrl && /^postgres(ql)?:\/\//.test(envUrl) ? envUrl : DEFAULT_PG;
  process.env.TEST_DATABASE_URL = pgUrl;
  console.log(`Node ${process.version}; ${opts.clients} WebSocket clients, ${opts.users} users, ${opts.rate} msg/s for ${opts.seconds} s; ulimit -n ${fileLimit()}`);
  const database = await createThrowawayDatabase();
  const config = { ...loadConfig({ LOG_LEVEL: 'warn' }), databaseUrl: database.url, adminPassword: 'bench-admin', demo: false };
  const kernel = await Kernel.boot({ config, install: ['bus'], autoInstall: false });
  const nodes: ServerProcess[] = [];
  const sockets: WebSocket[] = [];
  try {
    const cookies = await createUsers(kernel, opts.users);
    const partnerOf = await partnerIds(kernel.db, opts.users);
    const bus = kernel.container.get(BusService);
    await kernel.runLifecycle('onStart');

    // 1. Memory per connection.
    const bare = await BareWsServer.start();
    const bareKb = await memoryPerConnection(bare.proc.pid!, opts.clients, (i) => connect(`ws://127.0.0.1:${bare.port}/`), sockets);
    closeAll(sockets);
    await bare.stop();

    nodes.push(await ServerProcess.start(database.url), await ServerProcess.start(database.url));
    const [a, b] = nodes;
    const clients: Client[] = [];
    const busKb = await memoryPerConnection(a.proc.pid!, opts.clients, async (i) => {
      const c = await Client.open(a.url, cookies[i % opts.users], i % opts.users);
      clients.push(c);
      return c.socket;
    }, sockets, async () => {
      // Every client is subscribed once it hears its own "ready" notification.
      await readyCheck(bus, clients, partnerOf, opts.users);
    }, async () => (await Client.open(a.url, cookies[0], 0)).socket);
    console.log('\nMemory per WebSocket connection (RSS growth of the server process, subscribed clients)');
    console.log(`  bare ws server (baseline)  ${bareKb.toFixed(1)} KB`);
    console.log(`  bus endpoint               ${busKb.toFixed(1)} KB   ratio ${(busKb / bareKb).toFixed(2)}   goal < 30 KB: ${busKb < 30 ? 'met' : 'NOT met'}`);

    // 2. Delivery across processes: clients on node A (all) and node B (one per user).
    for (let u = 0; u < opts.users; u++) clients.push(await Client.open(b.url, cookies[u], u));
    await readyCheck(bus, clients, partnerOf, opts.users);
    const baseline = await notifyBaseline(pgUrl, opts.rate, opts.seconds);
    const delivery = await deliveryLatency(bus, clients, partnerOf, opts);
    console.log(`\nDelivery latency, ${opts.rate} msg/s for ${opts.seconds} s (publisher process -> PostgreSQL -> node A/B -> client)`);
    console.log(`  raw LISTEN/NOTIFY (baseline)  p50 ${fmt(median(baseline))}  p99 ${fmt(percentile(baseline, 99))}  (${baseline.length} messages)`);
    console.log(`  bus, clients on node A        p50 ${fmt(median(delivery.a))}  p99 ${fmt(percentile(delivery.a, 99))}  (${delivery.a.length} deliveries)`);
    console.log(`  bus, clients on node B        p50 ${fmt(median(delivery.b))}  p99 ${fmt(percentile(delivery.b, 99))}  (${delivery.b.length} deliveries)`);
    const all = [...delivery.a, ...delivery.b];
    const p99 = percentile(all, 99);
    console.log(`  bus, all                      p50 ${fmt(median(all))}  p99 ${fmt(p99)}   ratio p50 ${(median(all) / median(baseline)).toFixed(2)}   goal p99 < 100 ms: ${p99 < 100 ? 'met' : 'NOT met'}`);
    console.log(`  sent ${delivery.sent} messages at ${delivery.achievedRate.toFixed(0)} msg/s; missing deliveries: ${delivery.missing}`);
    closeAll(sockets);
    for (const c of clients) c.socket.terminate();

    // 3. Long-poll round trip vs WebSocket push, one message at a time, on node B.
    const rt = await roundTrips(bus, b.url, cookies[0], partnerOf[0], opts.polls);
    console.log(`\nOne message, publish -> client (${opts.polls} sequential, node B)`);
    console.log(`  WebSocket push (baseline)  median ${fmt(median(rt.ws))}  p99 ${fmt(percentile(rt.ws, 99))}`);
    console.log(`  long-poll answer           median ${fmt(median(rt.poll))}  p99 ${fmt(percentile(rt.poll, 99))}   ratio ${(median(rt.poll) / median(rt.ws)).toFixed(2)}`);
  } finally {
    closeAll(sockets);
    for (const n of nodes) await n.kill();
    await kernel.stop();
    await database.drop();
  }
}

const fmt = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;

function fileLimit(): string {
  try {
    const limits = fs.readFileSync('/proc/self/limits', 'utf8');
    return /Max open files\s+(\d+)/.exec(limits)?.[1] ?? '?';
  } catch {
    return '?';
  }
}

/** Users with a session each, written straight to the tables (the bench measures the bus, not sign-up). */
async function createUsers(kernel: Kernel, n: number): Promise<string[]> {
  const db = kernel.db;
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
  const partners: number[] = [];
  for (let i = 0; i < n; i += 500) {
    const rows = Array.from({ length: Math.min(500, n - i) }, (_, k) => ({ name: `Bench user ${i + k}`, create_date: now, active: true }));
    const ids: Array<{ id: number }> = await db('res_partner').insert(rows).returning('id');
    partners.push(...ids.map((r) => r.id));
  }
  const users: number[] = [];
  for (let i = 0; i < n; i += 500) {
    const rows = partners.slice(i, i + 500).map((pid, k) => ({ name: `Bench user ${i + k}`, login: `bench${i + k}`, partner_id: pid, active: true, share: false, create_date: now }));
    const ids: Array<{ id: number }> = await db('res_users').insert(rows).returning('id');
    users.push(...ids.map((r) => r.id));
  }
  const store = kernel.container.get(SessionStore);
  const cookies: string[] = [];
  for (const uid of users) {
    const session = Session.fresh();
    session.uid = uid;
    await store.save(session);
    cookies.push(`session_id=${session.sid}`);
  }
  return cookies;
}

async function partnerIds(db: Knex, n: number): Promise<number[]> {
  const rows: Array<{ partner_id: number }> = await db('res_users').where('login', 'like', 'bench%').orderBy('id').limit(n).select('partner_id');
  return rows.map((r) => r.partner_id);
}

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Opens `n` connections (200 at a time), waits for the server to settle, returns RSS growth per
 * connection in KB. 200 connections are opened and closed first, so code compiled and pools grown on
 * first use are not counted as the cost of a connection.
 */
async function memoryPerConnection(pid: number, n: number, open: (i: number) => Promise<WebSocket>, keep: WebSocket[], settle?: () => Promise<void>, warm: () => Promise<WebSocket> = () => open(0)): Promise<number> {
  const warmUp = await Promise.all(Array.from({ length: 200 }, () => warm()));
  await sleep(500);
  for (const s of warmUp) s.terminate();
  await sleep(1000);
  const before = rssKb(pid);
  for (let i = 0; i < n; i += 200) {
    const batch = await Promise.all(Array.from({ length: Math.min(200, n - i) }, (_, k) => open(i + k)));
    keep.push(...batch);
  }
  if (settle) await settle();
  await sleep(2000);
  return (rssKb(pid) - before) / n;
}

function connect(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  const ws = new WebSocket(url, { headers, perMessageDeflate: false });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

function closeAll(sockets: WebSocket[]): void {
  for (const s of sockets.splice(0)) s.terminate();
}

/** A bus client: one socket, subscribed as one user, recording arrival times by message sequence. */
class Client {
  readonly arrivals = new Map<number, number>();
  onReady?: () => void;
  ready = false;
  private constructor(readonly socket: WebSocket, readonly user: number, readonly node: string) {
    socket.on('message', (data) => {
      const at = performance.now();
      for (const n of JSON.parse(data.toString()) as Array<{ message: { seq?: number; ready?: boolean } }>) {
        if (n.message?.ready) {
          this.ready = true;
          this.onReady?.();
        } else if (typeof n.message?.seq === 'number') this.arrivals.set(n.message.seq, at);
      }
    });
  }

  static async open(url: string, cookie: string, user: number): Promise<Client> {
    const socket = await connect(`${url.replace('http', 'ws')}/websocket`, { Cookie: cookie });
    const c = new Client(socket, user, url);
    socket.send(JSON.stringify({ event_name: 'subscribe', data: { channels: [], last: 0, options: { bus_inactivity: 0 } } }));
    return c;
  }
}

/** Publishes a "ready" notification per user until every client has heard one. */
async function readyCheck(bus: BusService, clients: Client[], partnerOf: number[], users: number): Promise<void> {
  for (let round = 0; round < 20; round++) {
    const waiting = clients.filter((c) => !c.ready);
    if (waiting.length === 0) return;
    const pending = [...new Set(waiting.map((c) => c.user))];
    await bus.sendMany(pending.map((u) => [`res.partner:${partnerOf[u]}`, { ready: true }]));
    await sleep(1000);
  }
  throw new Error(`${clients.filter((c) => !c.ready).length} of ${clients.length} clients never subscribed (${users} users)`);
}

async function deliveryLatency(bus: BusService, clients: Client[], partnerOf: number[], opts: Options): Promise<{ a: number[]; b: number[]; sent: number; achievedRate: number; missing: number }> {
  const sentAt = new Map<number, { at: number; user: number }>();
  const total = opts.rate * opts.seconds;
  const tickMs = 10;
  const perTick = Math.max(1, Math.round((opts.rate * tickMs) / 1000));
  const inFlight = new Set<Promise<unknown>>();
  const started = performance.now();
  let seq = 0;
  while (seq < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * opts.rate) + perTick);
    while (seq < due) {
      const s = seq++;
      const user = s % opts.users;
      sentAt.set(s, { at: performance.now(), user });
      const p = bus.send(`res.partner:${partnerOf[user]}`, { seq: s }).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await sleep(tickMs);
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  await sleep(2000);
  const a: number[] = [];
  const b: number[] = [];
  let missing = 0;
  const nodeA = clients[0].node;
  for (const c of clients) {
    for (const [s, info] of sentAt) {
      if (info.user !== c.user) continue;
      const at = c.arrivals.get(s);
      if (at === undefined) missing++;
      else (c.node === nodeA ? a : b).push(at - info.at);
    }
  }
  return { a, b, sent: total, achievedRate: total / elapsed, missing };
}

/** Raw PostgreSQL LISTEN/NOTIFY at the same rate: one listening connection, one notifying. */
async function notifyBaseline(url: string, rate: number, seconds: number): Promise<number[]> {
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  await listener.query('LISTEN bench_baseline');
  const sender = knexFactory({ client: 'pg', connection: url, pool: { min: 1, max: 10 } });
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  listener.on('notification', (m) => {
    const s = Number(m.payload);
    const at = sentAt.get(s);
    if (at !== undefined) latencies.push(performance.now() - at);
  });
  const total = rate * seconds;
  const started = performance.now();
  const pending: Array<Promise<unknown>> = [];
  let seq = 0;
  while (seq < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 10);
    while (seq < due) {
      const s = seq++;
      sentAt.set(s, performance.now());
      // .then() runs it now: a knex builder is lazy and would otherwise wait for Promise.all below.
      pending.push(sender.raw('SELECT pg_notify(?, ?)', ['bench_baseline', String(s)]).then(() => undefined));
    }
    await sleep(10);
  }
  await Promise.all(pending);
  await sleep(1000);
  await listener.end();
  await sender.destroy();
  return latencies;
}

async function roundTrips(bus: BusService, url: string, cookie: string, partnerId: number, n: number): Promise<{ ws: number[]; poll: number[] }> {
  const channel = `res.partner:${partnerId}`;
  const ws = await connect(`${url.replace('http', 'ws')}/websocket`, { Cookie: cookie });
  ws.send(JSON.stringify({ event_name: 'subscribe', data: { channels: [], last: await bus.lastId(), options: {} } }));
  await sleep(500);
  const wsTimes: number[] = [];
  const pollTimes: number[] = [];
  for (let i = 0; i < n; i++) {
    // WebSocket push (baseline).
    const got = new Promise<number>((resolve) => ws.once('message', () => resolve(performance.now())));
    const t0 = performance.now();
    await bus.send(channel, { rt: i });
    wsTimes.push((await got) - t0);
    // Long-poll: a poll waiting on the server is answered by the next message.
    const last = await bus.lastId();
    const answer = fetch(`${url}/longpolling/poll`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: i, params: { channels: [], last } }),
    }).then(async (r) => {
      await r.json();
      return performance.now();
    });
    await sleep(30); // let the poll reach the server and wait there
    const ws2 = new Promise<void>((resolve) => ws.once('message', () => resolve()));
    const t1 = performance.now();
    await bus.send(channel, { poll: i });
    pollTimes.push((await answer) - t1);
    await ws2;
  }
  ws.terminate();
  return { ws: wsTimes, poll: pollTimes };
}

/** The baseline: a bare `ws` server in its own process, doing nothing with its connections. */
class BareWsServer {
  private constructor(readonly proc: ChildProcess, readonly port: number) {}

  static async start(): Promise<BareWsServer> {
    const script = "const { WebSocketServer } = require('ws'); const s = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false }); s.on('listening', () => console.log(s.address().port)); s.on('connection', (ws) => ws.on('message', () => {}));";
    const proc = spawn(process.execPath, ['-e', script], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] });
    const port = await new Promise<number>((resolve) => proc.stdout!.once('data', (d) => resolve(Number(String(d).trim()))));
    return new BareWsServer(proc, port);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.proc.once('exit', () => resolve());
      this.proc.kill('SIGKILL');
    });
  }
}
