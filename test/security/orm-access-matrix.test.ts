import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { UserDirectory } from '@platform/http/user-directory';
import { resolveXmlid } from '@platform/orm/data-loader';
import { AccessError } from '@platform/core/errors';
import { MAX_PATH_HOPS } from '@platform/orm/domain-limits';
import type { Domain, Leaf } from '@platform/core/domain-types';
import { EnvFactory } from '@platform/orm/env-factory';
import type { Env } from '@platform/orm/environment';
import type { Field } from '@platform/orm/fields';
import type { ModelMeta, ModelRegistry } from '@platform/orm/registry';
import { bootTestKernel, type TestKernel } from '../support/harness';
import { RpcClient } from '../support/rpc-client';

/** A relational leaf, the models it enters in order, and the fields it names on the way. */
interface Probe {
  leaf: Leaf;
  enters: string[];
  fields: Field[];
}

/**
 * Leaves of `meta` that enter other models: every relational field as a path (`f.id`), by name, by ids
 * and by emptiness; and the shortest path (up to MAX_PATH_HOPS relations) into every other model.
 */
function probesOf(registry: ModelRegistry, meta: ModelMeta): Probe[] {
  const probes: Probe[] = [];
  for (const f of meta.fields.values()) {
    if (!f.comodel || (!f.stored && f.type !== 'one2many')) continue;
    const co = registry.get(f.comodel)!;
    probes.push({ leaf: [`${f.name}.id`, '!=', 0], enters: [co.name], fields: [f] });
    if (co.recName) {
      const rec = co.field(co.recName)!;
      // a name searched on a comodel whose name is itself a many2one enters that model too
      probes.push({ leaf: [f.name, 'ilike', 'x'], enters: rec.type === 'many2one' ? [co.name, rec.comodel!] : [co.name], fields: [f, rec] });
    }
    if (f.type !== 'many2one') {
      probes.push({ leaf: [f.name, 'in', [1]], enters: [co.name], fields: [f] });
      probes.push({ leaf: [f.name, '=', false], enters: [co.name], fields: [f] });
    }
  }
  // breadth-first: the shortest path into each model reachable from this one
  const seen = new Map<string, { path: string[]; enters: string[]; fields: Field[] }>([[meta.name, { path: [], enters: [], fields: [] }]]);
  let frontier = [meta.name];
  for (let hop = 1; hop <= MAX_PATH_HOPS && frontier.length; hop++) {
    const next: string[] = [];
    for (const name of frontier) {
      const from = seen.get(name)!;
      for (const f of registry.get(name)!.fields.values()) {
        if (!f.comodel || seen.has(f.comodel)) continue;
        seen.set(f.comodel, { path: [...from.path, f.name], enters: [...from.enters, f.comodel], fields: [...from.fields, f] });
        next.push(f.comodel);
      }
    }
    frontier = next;
  }
  for (const [name, { path, enters, fields }] of seen) {
    if (name !== meta.name) probes.push({ leaf: [`${path.join('.')}.id`, '!=', 0], enters, fields });
  }
  return probes;
}

async function outcome(p: Promise<unknown>): Promise<'ok' | 'AccessError'> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof AccessError) return 'AccessError';
    throw err;
  }
}

/**
 * Every role x every model x relational leaves into every other model: a leaf entering a model the role
 * cannot read is refused with AccessError; where it can read, the role's record rules on the target
 * decide what the leaf matches. The models, fields and rights are those of all modules installed.
 */
describe('security: ORM access matrix (domains through relations)', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let sudo: Env;
  const roles: Record<string, Env> = {};
  let cardChannel: number;

  before(async () => {
    tk = await bootTestKernel({
      modules: ['livechat', 'website', 'website_mail', 'mass_mailing_links', 'link_tracker', 'mass_mailing', 'mail', 'portal', 'bus'],
      demo: true,
      http: true,
    });
    sudo = tk.sudo();
    const c = tk.kernel.container;
    const accounts = c.get(UserAccounts);
    const portalId = await accounts.create({ name: 'Pat Portal', login: 'pat@example.com', password: 'portal-pass-123' });
    const internalId = await accounts.create({ name: 'Ivy Internal', login: 'ivy@example.com', password: 'internal-pass-123', groups: ['base.group_user'] });
    const siteId = await resolveXmlid(sudo, 'base.default_website');
    const users = c.get(UserDirectory);
    const envs = c.get(EnvFactory);
    for (const [role, uid] of [['public', await resolveXmlid(sudo, 'base.public_user')], ['portal', portalId], ['internal', internalId]] as const) {
      roles[role] = envs.forUser((await users.get(uid))!, siteId, 'en_US');
    }
    // what the probe recovered: a visitor's chat line with a card number
    const livechat = (await sudo.model('im_livechat.channel').search([], { limit: 1 }))[0];
    cardChannel = await sudo.model('mail.channel').create({ name: 'Visitor', channel_type: 'livechat', livechat_channel_id: livechat });
    await sudo.model('mail.message').create({ body: '<p>my card is 4111-1111-1111-1111</p>', channel_id: cardChannel, model: 'mail.channel', res_id: cardChannel });
  });
  after(async () => tk?.stop());

  it('refuses every leaf that enters a model the role cannot read or names a field it cannot read, and only those', async () => {
    const registry = sudo.registry;
    const models = registry.all().map((m) => m.name).sort();
    let refused = 0;
    let answered = 0;
    for (const [role, env] of Object.entries(roles)) {
      // what the role may read is what it may query directly
      const readable = new Set<string>();
      for (const m of models) if ((await outcome(env.model(m).search_count([]))) === 'ok') readable.add(m);
      expect(readable.has('res.country'), role).to.equal(true);
      for (const m of models) {
        for (const { leaf, enters, fields } of probesOf(registry, registry.get(m)!)) {
          const allowed = readable.has(m) && enters.every((e) => readable.has(e)) && fields.every((f) => sudo.orm.access.fieldAllowed(env.user, f));
          const expected = allowed ? 'ok' : 'AccessError';
          const got = await outcome(env.model(m).search_count([leaf]));
          expect(got, `${role}: ${m} ${JSON.stringify(leaf)} (enters ${enters.join(' > ')})`).to.equal(expected);
          if (readable.has(m)) (got === 'ok' ? answered++ : refused++);
        }
      }
    }
    // the matrix is not vacuous: leaves were both refused and answered on models the roles can read
    expect(refused).to.be.above(50);
    expect(answered).to.be.above(50);
  });

  it('restricts what a path matches to the target records the role\'s rules let it see', async () => {
    const registry = sudo.registry;
    let restricted = 0;
    for (const [role, env] of Object.entries(roles)) {
      const visible = new Map<string, Set<number>>();
      const visibleOf = async (model: string) => {
        if (!visible.has(model)) visible.set(model, new Set(await env.model(model).search([])));
        return visible.get(model)!;
      };
      for (const meta of registry.all()) {
        if ((await outcome(env.model(meta.name).search_count([]))) !== 'ok') continue;
        const own = [...(await visibleOf(meta.name))];
        for (const f of meta.fields.values()) {
          if (!f.comodel || (await outcome(env.model(f.comodel).search_count([]))) !== 'ok') continue;
          // links as stored (read as the system), kept where the target is visible to the role
          const targets = await visibleOf(f.comodel);
          const rows = await sudo.model(meta.name).read(own, [f.name]);
          const linked = (r: Record<string, unknown>): number[] => {
            const v = r[f.name];
            return Array.isArray(v) ? (f.type === 'many2one' ? [v[0] as number] : (v as number[])) : [];
          };
          const expected = rows.filter((r) => linked(r).some((id) => targets.has(id))).map((r) => r.id as number).sort((a, b) => a - b);
          const all = rows.filter((r) => linked(r).length > 0).length;
          if (all > expected.length) restricted++;
          const got = (await env.model(meta.name).search([[`${f.name}.id`, '!=', 0]])).sort((a, b) => a - b);
          expect(got, `${role}: ${meta.name}.${f.name}.id != 0`).to.deep.equal(expected);
        }
      }
    }
    // portal users see only their own partner and user: paths into the others' must have been cut
    expect(restricted).to.be.above(0);
  });

  it('portal: a user made invisible by a rule is not matched through a path', async () => {
    const operators: Domain = [['user_ids.login', '=', 'admin']];
    expect(await sudo.model('im_livechat.channel').search_count(operators)).to.equal(1);
    expect(await roles.portal.model('im_livechat.channel').search_count(operators)).to.equal(0);
    expect(await roles.portal.model('im_livechat.channel').search_count([['user_ids', 'ilike', 'admin']])).to.equal(0);
    expect(await roles.portal.model('website').search_count([['create_uid.partner_id.email', '=ilike', '%']])).to.equal(0);
    expect(await roles.internal.model('im_livechat.channel').search_count(operators)).to.equal(1);
  });

  describe('the external probe, replayed without a cookie', () => {
    it('no longer answers questions about chat lines, operators and the admin\'s e-mail', async () => {
      expect(await sudo.model('im_livechat.channel').search_count([['channel_ids.channel_message_ids.body', '=like', '%4111-1111%']])).to.equal(1);
      const visitor = new RpcClient(tk.url);
      const probes: Array<[string, Domain]> = [
        ['im_livechat.channel', [['channel_ids.channel_message_ids.body', '=like', '%4111-1111%']]],
        ['im_livechat.channel', [['channel_ids.uuid', '=like', '%']]],
        ['im_livechat.channel', [['user_ids.login', '=like', 'a%']]],
        ['im_livechat.channel', [['user_ids', 'ilike', 'admin']]],
        ['im_livechat.channel', [['channel_ids', 'in', [cardChannel]]]],
        ['website.page', [['create_uid.partner_id.email', '=ilike', 'a%']]],
        ['website.page', [['create_uid', 'ilike', 'adm']]],
        ['im_livechat.channel.rule', [['channel_id.channel_ids.anonymous_name', '=ilike', '%']]],
      ];
      for (const [model, domain] of probes) {
        const answer = await visitor.rpc('/web/dataset/call_kw', { model, method: 'search_count', args: [domain], kwargs: {} });
        expect(answer.result, `${model} ${JSON.stringify(domain)}`).to.equal(undefined);
        expect(answer.error?.data.name, `${model} ${JSON.stringify(domain)}`).to.equal('AccessError');
      }
    });

    it('refuses the 1,000-leaf request that stalled the server within 200 ms, and /health stays quick', async () => {
      const orTree = (n: number): Domain => (n === 1
        ? [['country_id.state_ids.country_id.state_ids.country_id.state_ids.name', 'ilike', 'zz']]
        : ['|', ...orTree(n >> 1), ...orTree(n - (n >> 1))]);
      const visitor = new RpcClient(tk.url);
      for (const n of [1000, 100]) {
        const started = cpuMs();
        const answer = await visitor.rpc('/web/dataset/call_kw', { model: 'res.country.state', method: 'search_count', args: [orTree(n)], kwargs: {} });
        expect(answer.error?.data.name).to.equal('ValidationError');
        expect(answer.error?.data.message).to.match(/^Domain too complex/);
        // the work the request costs (client and server share this process), whatever the machine's load
        expect(cpuMs() - started, `N = ${n}`).to.be.below(200);
      }
      const started = performance.now();
      const calls = Array.from({ length: 12 }, () => visitor.rpc('/web/dataset/call_kw', { model: 'res.country.state', method: 'search_count', args: [orTree(100)], kwargs: {} }));
      const health = await visitor.get('/health');
      expect(health.status).to.equal(200);
      // the probe made /health wait 3.5 s; now the twelve refusals and the check take a few ms each
      expect(performance.now() - started).to.be.below(1500);
      for (const answer of await Promise.all(calls)) expect(answer.error?.data.name).to.equal('ValidationError');
    });

    it('refuses a 380,000-leaf domain (3.8 MB): a visitor\'s body is too large, a signed-in user\'s domain too complex, at once', async () => {
      const params = { model: 'res.country', method: 'search_count', args: [Array.from({ length: 380_000 }, () => [0, '=', 1])], kwargs: {} };
      expect(JSON.stringify(params).length).to.be.below(4 * 1024 * 1024);
      const visitor = new RpcClient(tk.url);
      // CPU time, not wall time: the server runs in this process, and a loaded machine stretches the wall clock
      // while the work done stays the same (the client's JSON.stringify of 3.8 MB is counted too).
      let started = cpuMs();
      const refused = await visitor.rpc('/web/dataset/call_kw', params);
      expect(refused.error?.data.message).to.equal('Request body too large');
      expect(cpuMs() - started).to.be.below(1500);
      // signed-in users may send up to 4 MB (images); the ORM refuses the domain before any work
      const ivy = new RpcClient(tk.url);
      await ivy.authenticate('ivy@example.com', 'internal-pass-123');
      started = cpuMs();
      const answer = await ivy.rpc('/web/dataset/call_kw', params);
      expect(answer.error?.data.name).to.equal('ValidationError');
      expect(answer.error?.data.message).to.match(/^Domain too complex/);
      // parsing the 3.8 MB JSON body alone takes 0.1-0.5 s of CPU (outside the ORM, which answers within ms)
      expect(cpuMs() - started).to.be.below(2000);
    });
  });
});

/** CPU milliseconds this process has used (user + system). */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
