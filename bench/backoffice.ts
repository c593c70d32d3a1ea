/**
 * `npm run bench -- backoffice [--sqlite] [--pg] [--rows=N] [--runs=N] [--warmups=N]`
 *
 * The back office's list of contacts on 100,000 res.partner rows, as an internal user (not the
 * superuser: access rights and record rules are checked) opens it: the page of 80 rows with the
 * list's columns plus the count (`search_read` + `search_count`), a name search, and the group-by
 * view (`read_group` by country). Timed in the server (call_kw in a transaction, as the route runs
 * it), over HTTP on the loopback (the two JSON-RPC calls the browser sends, in parallel), and against
 * raw knex doing the same work, alternately in the same run. Goal: under 300 ms of server time.
 */
import { loadConfig } from '@platform/core/config';
import { UserAccounts } from '@platform/base';
import { Kernel, type BootOptions } from '@platform/kernel/kernel';
import { startServer, type RunningServer } from '@platform/kernel/server';
import { callKw } from '@platform/orm/call-kw';
import { EnvFactory } from '@platform/orm/env-factory';
import type { Env } from '@platform/orm/environment';
import { knexDialect } from '@platform/db/connection';
import type { Knex } from 'knex';
import { RpcClient } from '../test/support/rpc-client';
import { chooseDatabases, redact, throwawayDatabase } from './bench-databases';
import { seedPartners } from './orm-workload';
import { compare, ms } from './stats';

const GOAL_MS = 300;
const PAGE = 80;
const COLUMNS = ['name', 'email', 'phone', 'city', 'country_id'];

interface Options {
  databases: Array<'sqlite' | 'postgres'>;
  rows: number;
  runs: number;
  warmups: number;
  pgAdminUrl: string;
}

export async function run(args: string[]): Promise<void> {
  const num = (flag: string, fallback: number): number => {
    const arg = args.find((a) => a.startsWith(`--${flag}=`));
    const n = arg ? Number(arg.split('=')[1]) : fallback;
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${flag} must be a non-negative integer`);
    return n;
  };
  const bad = args.find((a) => !['--sqlite', '--pg'].includes(a) && !/^--(rows|runs|warmups)=/.test(a));
  if (bad) throw new Error(`Unknown option '${bad}' (expected --sqlite, --pg, --rows=N, --runs=N, --warmups=N)`);
  const { databases, pgAdminUrl } = await chooseDatabases(args);
  const opts: Options = { databases, rows: num('rows', 100_000), runs: num('runs', 15), warmups: num('warmups', 3), pgAdminUrl };
  console.log(`Node ${process.version}; ${opts.rows} partners; ${opts.warmups} warm-ups + ${opts.runs} runs per case; list page of ${PAGE} rows, columns ${COLUMNS.join(', ')}`);
  for (const dialect of opts.databases) await benchDatabase(dialect, opts);
}

function bootOptions(databaseUrl: string): BootOptions {
  return { config: { ...loadConfig({ LOG_LEVEL: 'silent' }), databaseUrl, adminPassword: 'bench-admin-password', demo: false }, install: ['website'], autoInstall: false };
}

/** What the list sends when it opens: the page and the count. */
function listCalls(env: Env, domain: unknown[]): Promise<unknown> {
  return env.transaction((e) => Promise.all([
    callKw(e, 'res.partner', 'search_read', [domain, COLUMNS], { offset: 0, limit: PAGE }),
    callKw(e, 'res.partner', 'search_count', [domain]),
  ]));
}

/** The same by hand: one page ordered by name, its countries' names, and the count. */
async function rawList(db: Knex, nameLike?: string): Promise<unknown> {
  const filter = (q: Knex.QueryBuilder) => (nameLike ? q.whereRaw(knexDialect(db) === 'sqlite' ? 'name LIKE ?' : 'name ILIKE ?', [`%${nameLike}%`]) : q);
  const rows = await filter(db('res_partner')).orderBy('name').orderBy('id').limit(PAGE).select(['id', ...COLUMNS]);
  const countryIds: number[] = [...new Set((rows as Array<{ country_id: number | null }>).map((r) => r.country_id))].filter((v): v is number => typeof v === 'number');
  const countries = countryIds.length ? await db('res_country').whereIn('id', countryIds).select('id', 'name') : [];
  const count = await filter(db('res_partner')).count({ n: '*' }).first();
  return { rows: rows.length, countries: countries.length, count };
}

async function benchDatabase(dialect: 'sqlite' | 'postgres', opts: Options): Promise<void> {
  const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const database = await throwawayDatabase(dialect, opts.pgAdminUrl);
  let kernel: Kernel | undefined;
  let server: RunningServer | undefined;
  try {
    console.log(`\n=== ${label} (${redact(database.url)}) ===`);
    kernel = await Kernel.boot(bootOptions(database.url));
    const db = kernel.db;
    await seedPartners(db, opts.rows);
    const uid = await kernel.container.get(UserAccounts).create({ name: 'Bench User', login: 'bench', password: 'bench-password', groups: ['base.group_user'] });
    const [user] = await kernel.container.get(EnvFactory).superuser().model('res.users').read([uid], ['partner_id']);
    const env = kernel.container.get(EnvFactory).forUser({ id: uid, partnerId: (user.partner_id as [number, string])[0], groups: new Set(['base.group_user']) }, null, 'en_US');
    server = await startServer(kernel, 0, { scheduler: false });
    const client = new RpcClient(`http://127.0.0.1:${server.port}`);
    await client.authenticate('bench', 'bench-password');
    const httpList = (domain: unknown[]) => Promise.all([
      client.callKw('res.partner', 'search_read', [domain, COLUMNS], { offset: 0, limit: PAGE }),
      client.callKw('res.partner', 'search_count', [domain]),
    ]);
    const search = [['name', 'ilike', 'Partner 4242']];
    const cases = [
      { name: 'open the list: search_read 80 + search_count', raw: () => rawList(db), orm: () => listCalls(env, []) },
      { name: 'same over HTTP (2 JSON-RPC calls in parallel)', raw: () => rawList(db), orm: () => httpList([]) },
      { name: "search name ilike 'Partner 4242'", raw: () => rawList(db, 'Partner 4242'), orm: () => listCalls(env, search) },
      {
        name: 'group by country (read_group)',
        raw: () => db('res_partner').select('country_id').count({ n: '*' }).groupBy('country_id'),
        orm: () => env.transaction((e) => callKw(e, 'res.partner', 'read_group', [[], ['country_id'], ['country_id']], { lazy: true })),
      },
    ];
    const table: string[][] = [['case', 'raw knex median', 'ours median', 'ours p90', `median < ${GOAL_MS} ms`]];
    for (const c of cases) {
      const r = await compare(c.raw, c.orm, { warmups: opts.warmups, runs: opts.runs });
      table.push([c.name, ms(r.baseline.median), ms(r.candidate.median), ms(r.candidate.p90), r.candidate.median < GOAL_MS ? 'met' : 'NOT met']);
    }
    const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
    const line = (r: string[]) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
    console.log(line(table[0]));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const r of table.slice(1)) console.log(line(r));
  } finally {
    if (server) await server.stop();
    else if (kernel) await kernel.stop();
    await database.drop();
  }
}
