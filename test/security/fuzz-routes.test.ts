import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { AnyObject, ObjectSchema } from 'yup';
import type { OwnedRoute } from '@platform/http/route-definition';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../support/harness';
import { RpcClient } from '../support/rpc-client';
import { NASTY_VALUES, PATH_VALUES, Seeded } from './support/fuzz-values';
import { BOOKKEEPING, rowCounts as countRows } from './support/row-counts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const TOTAL_CASES = Number(process.env.FUZZ_CASES ?? 10_000);
const MODULES = fs.readdirSync(path.resolve(__dirname, '../../modules')).filter((m) => fs.existsSync(path.resolve(__dirname, '../../modules', m, 'manifest.ts')));
// Routes a signed-in fuzzer must not call: they end its own session.
const ENDS_SESSION = /logout|\/web\/session\/authenticate|\/web\/login/;

interface Case {
  role: 'visitor' | 'admin';
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface Outcome {
  status: number;
  refused: boolean;
  problem?: string;
}

/** `/a/:id/b/:slug(.*)` with values from the pool; literal segments as they are. */
function fillPath(route: string, rnd: Seeded): string {
  return route.replace(/:([A-Za-z_]\w*)(\([^)]*\))?/g, () => rnd.pick(PATH_VALUES));
}

function fieldNames(schema?: ObjectSchema<AnyObject>): string[] {
  if (!schema) return [];
  try {
    return Object.keys(schema.describe().fields);
  } catch {
    return [];
  }
}

/** Params with some of the route's own fields (and now and then an unknown one) set to nasty values. */
function nastyParams(names: string[], rnd: Seeded): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const name of names) if (rnd.next() < 0.6) params[name] = rnd.pick(NASTY_VALUES);
  if (rnd.next() < 0.15 || names.length === 0) params[rnd.pick(['x', '__proto__', 'constructor', 'id', 'ids', 'model', 'domain'])] = rnd.pick(NASTY_VALUES);
  return params;
}

const RAW_BODIES = ['{', '}', 'null', '[]', '"a"', '{"jsonrpc":"2.0","params":', `{"params":${'['.repeat(5000)}`, '\u0000\u0001', '{"params":{"a":1,"a":2}}', '{"method":"call","params":"x"}'];

function jsonCase(role: Case['role'], route: OwnedRoute, names: string[], rnd: Seeded): Case {
  const roll = rnd.next();
  let body: string;
  if (roll < 0.75) body = JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: nastyParams(names, rnd) });
  else if (roll < 0.88) body = JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: rnd.pick(NASTY_VALUES) });
  else if (roll < 0.995) body = rnd.pick(RAW_BODIES);
  else body = JSON.stringify({ params: { x: 'a'.repeat(1_200_000) } });
  return { role, method: 'POST', path: fillPath(route.route.path, rnd), headers: { 'Content-Type': 'application/json' }, body };
}

function formCase(role: Case['role'], method: string, route: OwnedRoute, names: string[], rnd: Seeded, csrf: string): Case {
  const fields = new URLSearchParams();
  for (const [k, v] of Object.entries(nastyParams(names.length ? names : ['name', 'email', 'id'], rnd))) {
    fields.append(k, typeof v === 'string' ? v : JSON.stringify(v) ?? '');
  }
  if (csrf && rnd.next() < 0.9) fields.set('csrf_token', csrf);
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  // Forms on publicly cached pages are checked by origin: most cases come from the site itself.
  if (rnd.next() < 0.9) headers['Sec-Fetch-Site'] = 'same-origin';
  const roll = rnd.next();
  // A query string stays under the 16 KB of a request head (longer ones get 431, tested elsewhere).
  if (method === 'GET') return { role, method, path: `${fillPath(route.route.path, rnd)}?${fields.toString().slice(0, 6000)}`, headers: {} };
  if (roll < 0.85) return { role, method, path: fillPath(route.route.path, rnd), headers, body: fields.toString() };
  if (roll < 0.95) {
    return {
      role, method, path: fillPath(route.route.path, rnd), headers: { ...headers, 'Content-Type': 'multipart/form-data; boundary=xyz' },
      body: rnd.pick(['--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n', '--xyz--', 'garbage', `--xyz\r\nContent-Disposition: form-data; name="file"; filename="${'a'.repeat(500)}"\r\n\r\n\u0000\r\n--xyz--\r\n`]),
    };
  }
  return { role, method, path: fillPath(route.route.path, rnd), headers: { ...headers, 'Content-Type': rnd.pick(['application/json', 'text/plain', 'application/xml']) }, body: rnd.pick(RAW_BODIES) };
}

const STACK = /\n\s+at .+\.(?:ts|js|tsx):\d+|node_modules\/|TypeError:|ReferenceError:/;

async function run(client: RpcClient, c: Case): Promise<Outcome> {
  const res = await client.fetch(c.path, { method: c.method, headers: c.headers, body: c.body, redirect: 'manual' });
  const text = await res.text();
  const refused = res.status >= 400 || /"error":\s*\{/.test(text.slice(0, 200));
  if (res.status >= 500) return { status: res.status, refused, problem: `HTTP ${res.status}: ${text.slice(0, 200)}` };
  if (STACK.test(text)) return { status: res.status, refused, problem: `stack trace in the answer: ${text.slice(0, 300)}` };
  if (/"name":\s*"InternalError"/.test(text)) return { status: res.status, refused, problem: `internal error: ${text.slice(0, 200)}` };
  return { status: res.status, refused };
}

/**
 * Every JSON route and every form route of every module, fuzzed with malformed, oversized and wrongly
 * typed input as a visitor and as the administrator (seeded: FUZZ_SEED replays a run, FUZZ_CASES sets
 * its size). No answer is a 500 or shows a stack trace, nothing is logged as an error, the server
 * stays up, and a route that refused every case of its batch wrote nothing.
 */
describe('security: fuzzing every route with malformed input', function () {
  this.timeout(600_000);
  let tk: TestKernel;
  const logged: string[] = [];

  before(async () => {
    const sink = new Writable({ write(chunk, _enc, done) { logged.push(String(chunk)); done(); } });
    // A valid long-poll is held 50 s: the fuzzer's polls are held 200 ms (the bus reads this at boot).
    const pollTimeout = process.env.BUS_POLL_TIMEOUT_MS;
    process.env.BUS_POLL_TIMEOUT_MS = '200';
    try {
      tk = await bootTestKernel({ modules: MODULES, http: true, demo: true, logger: pino({ level: 'error' }, sink) });
    } finally {
      if (pollTimeout === undefined) delete process.env.BUS_POLL_TIMEOUT_MS;
      else process.env.BUS_POLL_TIMEOUT_MS = pollTimeout;
    }
  });
  after(async () => tk?.stop());

  const rowCounts = () => countRows(tk.sudo().db, BOOKKEEPING);

  it(`answers ${TOTAL_CASES} malformed requests without a 500, a stack trace, a crash or a partial write`, async () => {
    const rnd = new Seeded(SEED);
    const routes = tk.kernel.routes().filter((r) => !r.route.path.includes('*'));
    const targets = routes.flatMap((r) => (r.route.methods ?? [r.route.type === 'json' ? 'POST' : 'GET']).map((method) => ({ route: r, method })));
    const perTarget = Math.ceil(TOTAL_CASES / (targets.length * 2));
    const admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    const adminCsrf = await admin.csrfFrom('/my/account').catch(() => '');
    const problems: string[] = [];
    const partialWrites: string[] = [];
    let cases = 0;
    const timing = { snapshots: 0, requests: 0 };
    const slowest: Array<[number, string]> = [];
    for (const { route, method } of targets) {
      const names = fieldNames(route.route.params);
      for (const role of ['visitor', 'admin'] as const) {
        if (role === 'admin' && ENDS_SESSION.test(route.route.path)) continue;
        const client = role === 'admin' ? admin : new RpcClient(tk.url);
        const csrf = role === 'admin' ? adminCsrf : await client.csrfFrom('/web/login').catch(() => '');
        await tk.sudo().db('rate_limit').delete();
        let t0 = Date.now();
        const before = await rowCounts();
        timing.snapshots += Date.now() - t0;
        t0 = Date.now();
        let allRefused = true;
        for (let i = 0; i < perTarget; i++) {
          const c = route.route.type === 'json' ? jsonCase(role, route, names, rnd) : formCase(role, method, route, names, rnd, csrf);
          const outcome = await run(client, c).catch((err: Error) => ({ status: 0, refused: true, problem: `no answer: ${err.message}` }));
          cases++;
          if (outcome.problem) problems.push(`${role} ${c.method} ${c.path.slice(0, 120)} (${route.module}) body ${String(c.body ?? '').slice(0, 150)}: ${outcome.problem}`);
          if (!outcome.refused) allRefused = false;
        }
        timing.requests += Date.now() - t0;
        slowest.push([Date.now() - t0, `${role} ${method} ${route.route.path}`]);
        if (allRefused && route.route.type !== 'http') {
          const after = await rowCounts();
          const changed = [...after].filter(([t, n]) => before.get(t) !== n).map(([t, n]) => `${t} ${before.get(t) ?? 0}→${n}`);
          if (changed.length) partialWrites.push(`${role} ${method} ${route.route.path} (${route.module}): ${changed.join(', ')}`);
        }
      }
    }
    expect((await fetch(`${tk.url}/health`)).status, 'the server is still up').to.equal(200);
    console.log(`      ${cases} cases over ${targets.length} routes × 2 roles (seed ${SEED}); ${problems.length} problems, ${partialWrites.length} partial writes, ${logged.length} errors logged`);
    if (process.env.FUZZ_VERBOSE) console.log(timing, slowest.sort((a, b) => b[0] - a[0]).slice(0, 15));
    if (process.env.FUZZ_VERBOSE) for (const p of [...problems, ...logged]) console.log(p.slice(0, 700));
    expect(problems.slice(0, 15), `${problems.length} problems`).to.deep.equal([]);
    expect(partialWrites, 'writes by requests that were all refused').to.deep.equal([]);
    expect(logged.slice(0, 5).map((l) => l.slice(0, 400)), 'errors logged').to.deep.equal([]);
    expect(cases).to.be.at.least(TOTAL_CASES);
  });
});
