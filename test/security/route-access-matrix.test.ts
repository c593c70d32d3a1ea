import { expect } from 'chai';
import type { AnyObject, ObjectSchema } from 'yup';
import type { OwnedRoute } from '@platform/http';
import type { Operation } from '@platform/core/access-types';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../support/harness';
import { RpcClient } from '../support/rpc-client';
import { grantsOf, loadManifests, MODULES } from './support/manifest-access';
import { signInMatrixRoles, type MatrixRole } from './support/matrix-roles';
import { BOOKKEEPING, rowCounts } from './support/row-counts';

/** Routes whose call ends the caller's session or starts one: they are for everybody by design. */
const SESSION_ROUTES = /logout|\/web\/session\/|\/web\/login/;
const OPERATIONS: Operation[] = ['read', 'create', 'write', 'unlink'];
/** Requests in flight at once: enough to keep both cores busy, few enough for SQLite's one writer. */
const CONCURRENCY = 8;

/** Runs `fn` on every item, `size` at a time, in order of the items. */
async function inBatches<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...await Promise.all(items.slice(i, i + size).map(fn)));
  return out;
}

/** A route's path with a plausible value (1) for each path parameter. */
function urlOf(r: OwnedRoute): string {
  return r.route.path.replace(/:([A-Za-z_]\w*)(\([^)]*\))?/g, '1');
}

/** Values that pass a route's yup schema where it can tell: allowed values, 1 for numbers, a probe string. */
function plausibleParams(schema?: ObjectSchema<AnyObject>): Record<string, unknown> {
  if (!schema) return {};
  const out: Record<string, unknown> = {};
  for (const [name, d] of Object.entries(schema.describe().fields) as Array<[string, { type: string; oneOf?: unknown[]; innerType?: { type: string } }]>) {
    if (d.oneOf?.length) out[name] = d.oneOf.find((v) => v !== undefined && v !== null);
    else if (d.type === 'number') out[name] = 1;
    else if (d.type === 'boolean') out[name] = false;
    else if (d.type === 'array') out[name] = [d.innerType?.type === 'number' ? 1 : 'probe'];
    else if (d.type === 'object') out[name] = {};
    else out[name] = /mail|login/.test(name) ? 'probe@example.com' : 'probe';
  }
  return out;
}

/**
 * Every route of every installed module and every ORM model, as a visitor, a portal user, an internal
 * user and a user of each group the manifests define (16 roles): routes declared `auth: 'user'` give a
 * visitor a redirect to the login page or an error, never their content; a route declaring `groups`
 * refuses every role holding none of them (AccessError / 403) and writes nothing; back-office JSON
 * routes refuse a portal user; every model's search_read, create, write and unlink through
 * `/web/dataset/call_kw` is refused (AccessError) for a role the manifests' access lists do not grant
 * it to. Forbidden successes: 0. (The administrator holds every group and right: nothing to refuse.)
 */
describe('security: route and ORM access matrix (generated from the routes and the manifests)', function () {
  this.timeout(600_000);
  let tk: TestKernel;
  const manifests = loadManifests();
  let roles: MatrixRole[];
  /** The administrator: holds every group (the superuser passes every check), so refused nothing. */
  let admin: RpcClient;
  const role = (name: string) => roles.find((r) => r.name === name)!;
  /** The routes a signed-in user is asked to be: visitors must be sent to the login page by all of them. */
  const signedInRoutes = () => tk.kernel.routes().filter((r) => r.route.auth === 'user' && !r.route.path.includes('*') && !SESSION_ROUTES.test(r.route.path));

  before(async () => {
    tk = await bootTestKernel({ modules: MODULES, http: true, demo: true });
    roles = await signInMatrixRoles(tk, manifests);
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
  });
  after(async () => tk?.stop());

  it("refuses every signed-in route to a visitor (a redirect to the login page or an error, never the content)", async () => {
    const forbidden: string[] = [];
    let checked = 0;
    for (const r of signedInRoutes()) {
      const url = urlOf(r);
      const methods = r.route.methods ?? [r.route.type === 'json' ? 'POST' : 'GET'];
      for (const method of methods) {
        const visitor = new RpcClient(tk.url);
        await tk.sudo().db('rate_limit').delete();
        checked++;
        if (r.route.type === 'json') {
          const answer = await visitor.rpc(url, {}).catch((err: Error) => ({ error: { data: { name: 'no JSON', message: err.message } } }));
          if (!answer.error) forbidden.push(`${method} ${r.route.path} (${r.module}): answered ${JSON.stringify(answer).slice(0, 120)}`);
          continue;
        }
        const csrf = method === 'GET' ? '' : await visitor.csrfFrom('/web/login').catch(() => '');
        const res = await visitor.fetch(url, {
          method, redirect: 'manual',
          ...(method === 'GET' ? {} : { headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' }, body: new URLSearchParams({ csrf_token: csrf }).toString() }),
        });
        const location = res.headers.get('location') ?? '';
        const toLogin = res.status >= 300 && res.status < 400 && /\/web\/login/.test(location);
        if (!toLogin && res.status < 400) forbidden.push(`${method} ${r.route.path} (${r.module}): HTTP ${res.status} ${location}`);
      }
    }
    console.log(`      ${checked} signed-in route × method pairs called as a visitor; ${forbidden.length} answered with content`);
    expect(forbidden).to.deep.equal([]);
  });

  it('refuses every route declaring groups to every signed-in role holding none of them, and writes nothing', async () => {
    // What a role may reach is what the route declares: `auth: 'user'` alone is for every signed-in role
    // (nothing to refuse); with `groups`, for the roles holding one (or one implying it). Each other role
    // is called with params that pass the route's schema and a valid CSRF token, so that only the access
    // check stands between it and the handler.
    const declared = signedInRoutes().filter((r) => r.route.groups?.length);
    const signedIn = roles.filter((r) => r.name !== 'visitor');
    const tokens = new Map(await Promise.all(signedIn.map(async (r) => [r.name, await r.client.csrfFrom('/my/account')] as const)));
    const calls = signedIn.flatMap((who) => declared.filter((r) => !r.route.groups!.some((g) => who.groups.has(g)))
      .flatMap((r) => (r.route.methods ?? [r.route.type === 'json' ? 'POST' : 'GET']).map((method) => ({ who, r, method }))));
    const forbidden: string[] = [];
    const wrote: string[] = [];
    const answers = new Map<string, number>();
    const call = async ({ who, r, method }: typeof calls[number]): Promise<string | null> => {
      const params = plausibleParams(r.route.params);
      if (r.route.type === 'json') {
        const answer = await who.client.rpc(urlOf(r), params);
        const name = answer.error?.data.name ?? 'result';
        answers.set(name, (answers.get(name) ?? 0) + 1);
        return name === 'AccessError' && (!r.route.refusal || answer.error!.data.message === r.route.refusal)
          ? null : `${who.name} ${r.route.path} (${r.module}): ${name} ${JSON.stringify(answer.error?.data.message ?? answer.result)?.slice(0, 100)}`;
      }
      const form = new URLSearchParams({ ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])), csrf_token: tokens.get(who.name)! });
      const res = await who.client.fetch(method === 'GET' ? `${urlOf(r)}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}` : urlOf(r), {
        method, redirect: 'manual',
        ...(method === 'GET' ? {} : { headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' }, body: form.toString() }),
      });
      await res.arrayBuffer();
      answers.set(`HTTP ${res.status}`, (answers.get(`HTTP ${res.status}`) ?? 0) + 1);
      const toLogin = res.status >= 300 && res.status < 400 && /\/web\/login/.test(res.headers.get('location') ?? '');
      return toLogin || [401, 403, 404].includes(res.status) ? null : `${who.name} ${method} ${r.route.path} (${r.module}): HTTP ${res.status}`;
    };
    // a batch's row counts before and after: a refusal writes nothing (refused calls count no rate limit either)
    for (let i = 0; i < calls.length; i += CONCURRENCY * 8) {
      const batch = calls.slice(i, i + CONCURRENCY * 8);
      const before = await rowCounts(tk.sudo().db, BOOKKEEPING);
      forbidden.push(...(await inBatches(batch, CONCURRENCY, call)).filter((f): f is string => f !== null));
      const after = await rowCounts(tk.sudo().db, BOOKKEEPING);
      const changed = [...after].filter(([t, n]) => before.get(t) !== n).map(([t, n]) => `${t} ${before.get(t)} -> ${n}`);
      if (changed.length) wrote.push(`${changed.join(', ')} by one of: ${batch.map((c) => `${c.who.name} ${c.method} ${c.r.route.path}`).join('; ')}`);
    }
    const perRole = signedIn.map((who) => `${who.name} ${calls.filter((c) => c.who === who).length}`).join(', ');
    console.log(`      ${declared.length} of ${signedInRoutes().length} signed-in routes declare groups; ${calls.length} calls by the ${signedIn.length} signed-in roles lacking them (${perRole}); answers: ${JSON.stringify(Object.fromEntries(answers))}; ${forbidden.length} not refused, ${wrote.length} batches wrote`);
    // not vacuous: the back office's and the managers' routes are among them, and every such role was refused some
    expect(declared.length).to.be.greaterThan(40);
    for (const who of signedIn) expect(calls.some((c) => c.who === who), who.name).to.equal(true);
    expect(forbidden).to.deep.equal([]);
    expect(wrote).to.deep.equal([]);
  });

  it('lets every role holding a JSON route\'s groups, and the administrator, past that check (refused for a param it does not know, not for who it is)', async () => {
    // The other half of what the declarations say: a role granted a route is not locked out of it. The
    // call carries an unknown param, which the route's schema refuses after the group check and before
    // the handler runs: a ValidationError shows the caller got through, and nothing is done.
    const declared = signedInRoutes().filter((r) => r.route.groups?.length && r.route.type === 'json' && r.route.params);
    const holders = [...roles.map((r) => ({ name: r.name, client: r.client, holds: (groups: string[]) => groups.some((g) => r.groups.has(g)) })), { name: 'admin', client: admin, holds: () => true }];
    const calls = holders.flatMap((who) => declared.filter((r) => who.holds(r.route.groups!)).map((r) => ({ who, r })));
    const lockedOut = (await inBatches(calls, CONCURRENCY, async ({ who, r }) => {
      const answer = await who.client.rpc(urlOf(r), { matrix_probe: 1 });
      return answer.error?.data.name === 'ValidationError' ? null : `${who.name} ${r.route.path}: ${answer.error?.data.name ?? 'result'} ${answer.error?.data.message ?? ''}`;
    })).filter((f): f is string => f !== null);
    console.log(`      ${calls.length} calls by roles holding the groups of ${declared.length} JSON routes; ${lockedOut.length} refused for who they are`);
    expect(calls.length).to.be.greaterThan(50);
    expect(lockedOut).to.deep.equal([]);
  });

  it('refuses the back office\'s JSON routes to a portal user', async () => {
    // No route says it belongs to the back office: its paths do (/web/... but the session's, and the screens'
    // backoffice and console routes). A route that checks its params first may answer a
    // ValidationError to empty params: those are counted by name
    // separately (the access check may come after them).
    // `/im_livechat/operator/sessions` is left out: it lists the conversations the caller is a member of,
    // which for a portal user are the ones they chatted in themselves (it checks no operator group).
    const backoffice = /^\/web\/(?!session\/)|\/backoffice\/|\/console\//;
    const routes = tk.kernel.routes().filter((r) => r.route.type === 'json' && r.route.auth === 'user' && backoffice.test(r.route.path));
    const portal = role('portal').client;
    const forbidden: string[] = [];
    const byName = new Map<string, number>();
    for (const r of routes) {
      await tk.sudo().db('rate_limit').delete();
      const url = urlOf(r);
      let answer = await portal.rpc(url, {});
      // refused for its params: called again with params that pass its schema, so the access check is reached
      if (answer.error?.data.name === 'ValidationError') answer = await portal.rpc(url, plausibleParams(r.route.params));
      if (!answer.error) forbidden.push(`${r.route.path} (${r.module}): ${JSON.stringify(answer.result).slice(0, 100)}`);
      else byName.set(answer.error.data.name, (byName.get(answer.error.data.name) ?? 0) + 1);
      if (answer.error && process.env.MATRIX_VERBOSE) console.log(`        ${r.route.path}: ${answer.error.data.name} ${answer.error.data.message.slice(0, 80)}`);
    }
    console.log(`      ${routes.length} back-office JSON routes called as a portal user (with params that pass their schemas where empty ones did not); refused: ${JSON.stringify(Object.fromEntries(byName))}; ${forbidden.length} answered`);
    expect(routes.length).to.be.greaterThan(5);
    expect(forbidden).to.deep.equal([]);
    expect(byName.get('ValidationError') ?? 0, 'refusals that never reached the access check').to.equal(0);
  });

  it('refuses read, create, write and unlink through call_kw to every role the manifests do not grant them to', async () => {
    const granted = grantsOf(manifests);
    const sudo = tk.sudo();
    const models = sudo.registry.all().map((m) => m.name).sort();
    const forbidden: string[] = [];
    const notAccessErrors: string[] = [];
    let checked = 0;
    let refusals = 0;
    for (const model of models) {
      const [id] = await sudo.model(model).search([], { limit: 1 }).catch(() => [] as number[]);
      await sudo.db('rate_limit').delete(); // the call_kw budget of a visitor is not what is tested here
      const calls = roles.flatMap((who) => OPERATIONS.filter((op) => !granted(who.group, model, op) && (id || (op !== 'write' && op !== 'unlink'))).map((op) => ({ who, op })));
      checked += calls.length;
      // a model's calls side by side, a few at a time (each is refused before it reads or writes anything)
      await inBatches(calls, CONCURRENCY, async ({ who, op }) => {
        const args = op === 'read' ? [[], ['id']] : op === 'create' ? [{}] : op === 'write' ? [[id], {}] : [[id]];
        const answer = await who.client.rpc('/web/dataset/call_kw', { model, method: op === 'read' ? 'search_read' : op, args, kwargs: {} });
        if (!answer.error) {
          forbidden.push(`${who.name} ${op} ${model}${id ? ` #${id}` : ''}`);
          return;
        }
        refusals++;
        if (answer.error.data.name !== 'AccessError') notAccessErrors.push(`${who.name} ${op} ${model}: ${answer.error.data.name} ${answer.error.data.message.slice(0, 80)}`);
      });
    }
    console.log(`      ${models.length} models × ${roles.length} roles (${roles.map((r) => r.name).join(', ')}) × 4 operations: ${checked} not granted by the manifests, called; ${refusals} refused, ${forbidden.length} forbidden successes, ${notAccessErrors.length} refused by something else than the access rights`);
    // visitor, portal, internal and one per group of the manifests (16 today)
    expect(roles.length).to.equal(3 + manifests.flatMap((m) => m.groups ?? []).filter((g) => !g.id.startsWith('base.')).length);
    expect(forbidden).to.deep.equal([]);
    expect(notAccessErrors.slice(0, 20)).to.deep.equal([]);
  });
});
