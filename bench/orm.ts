/**
 * `npm run bench -- orm [--sqlite] [--pg] [--rows=N] [--runs=N] [--warmups=N]`
 *
 * Per database: install time (first boot of a fresh database), boot time of the installed database,
 * then ORM calls against equivalent raw knex on the same connection pool, timed alternately in the
 * same run. Without --sqlite/--pg, SQLite runs always and PostgreSQL runs when reachable.
 */
import { loadConfig } from '@platform/core/config';
import { Kernel, type BootOptions } from '@platform/kernel/kernel';
import { EnvFactory } from '@platform/orm/env-factory';
import { chooseDatabases, redact, throwawayDatabase } from './bench-databases';
import { ormReadGroup, ormSearchRead, rawReadGroup, rawSearchRead, sameGroups, seedPartners } from './orm-workload';
import { compare, median, ms, timeOnce } from './stats';

const GOAL_RATIO = 1.5;
/** The first boot in the process also requires and compiles (tsx) every module's code: say so in the output. */
let firstBootInProcess = true;

interface Options {
  databases: Array<'sqlite' | 'postgres'>;
  rows: number;
  runs: number;
  warmups: number;
  pgAdminUrl: string;
}

export async function run(args: string[]): Promise<void> {
  const opts = await parseArgs(args);
  console.log(`Node ${process.version}, ${process.platform}/${process.arch}; ${opts.rows} partners; ${opts.warmups} warm-ups + ${opts.runs} runs per query`);
  for (const dialect of opts.databases) await benchDatabase(dialect, opts);
}

async function parseArgs(args: string[]): Promise<Options> {
  const num = (flag: string, fallback: number): number => {
    const arg = args.find((a) => a.startsWith(`--${flag}=`));
    const n = arg ? Number(arg.split('=')[1]) : fallback;
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${flag} must be a non-negative integer`);
    return n;
  };
  const known = ['--sqlite', '--pg'];
  const bad = args.find((a) => !known.includes(a) && !/^--(rows|runs|warmups)=/.test(a));
  if (bad) throw new Error(`Unknown option '${bad}' (expected --sqlite, --pg, --rows=N, --runs=N, --warmups=N)`);
  const { databases, pgAdminUrl } = await chooseDatabases(args);
  return { databases, rows: num('rows', 100_000), runs: num('runs', 15), warmups: num('warmups', 3), pgAdminUrl };
}

function bootOptions(databaseUrl: string): BootOptions {
  return {
    config: { ...loadConfig({ LOG_LEVEL: 'silent' }), databaseUrl, adminPassword: 'x', demo: false },
    install: ['website'],
    autoInstall: false,
  };
}

async function benchDatabase(dialect: 'sqlite' | 'postgres', opts: Options): Promise<void> {
  const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const database = await throwawayDatabase(dialect, opts.pgAdminUrl);
  let kernel: Kernel | undefined;
  try {
    console.log(`\n=== ${label} (${redact(database.url)}) ===`);
    const installMs = await timeOnce(async () => (kernel = await Kernel.boot(bootOptions(database.url))));
    // Boot the installed database a few times: a single boot is at the mercy of the machine's noise.
    const boots: number[] = [];
    for (let i = 0; i < 3; i++) {
      await kernel!.stop();
      kernel = undefined;
      boots.push(await timeOnce(async () => (kernel = await Kernel.boot(bootOptions(database.url)))));
    }
    const codeLoad = firstBootInProcess ? ', incl. first-time module code loading' : '';
    firstBootInProcess = false;
    console.log(`install (cold start, fresh DB, website + deps${codeLoad}): ${ms(installMs)}`);
    console.log(`boot of the installed DB: median ${ms(median(boots))} (${boots.map((b) => b.toFixed(0)).join(', ')} ms)`);

    const db = kernel!.db;
    const seeded = await timeOnce(() => seedPartners(db, opts.rows));
    const count = async (table: string) => Number((await db(table).count({ n: '*' }).first())?.n ?? 0);
    console.log(`seeded ${opts.rows} partners in ${ms(seeded)}; rows: res_partner=${await count('res_partner')}, res_country=${await count('res_country')}`);

    const env = kernel!.container.get(EnvFactory).superuser();
    const sr = { orm: await ormSearchRead(env), raw: await rawSearchRead(db) };
    const rg = { orm: await ormReadGroup(env), raw: await rawReadGroup(db) };
    console.log(`same results: search_read ${JSON.stringify(sr.orm) === JSON.stringify(sr.raw) ? 'yes' : 'NO'} (${sr.orm.length} rows), `
      + `read_group ${sameGroups(rg.orm, rg.raw) ? 'yes' : 'NO'} (${rg.orm.length} groups)`);

    const cases = [
      { name: 'search_read active, 4 fields, limit 1000', raw: () => rawSearchRead(db), orm: () => ormSearchRead(env) },
      { name: 'read_group create_date:day, all rows', raw: () => rawReadGroup(db), orm: () => ormReadGroup(env) },
    ];
    const table: string[][] = [['query', 'raw median', 'raw p90', 'ORM median', 'ORM p90', 'ORM/raw', `goal <= ${GOAL_RATIO}`]];
    for (const c of cases) {
      const r = await compare(c.raw, c.orm, { warmups: opts.warmups, runs: opts.runs });
      const ratio = r.candidate.median / r.baseline.median;
      table.push([c.name, ms(r.baseline.median), ms(r.baseline.p90), ms(r.candidate.median), ms(r.candidate.p90),
        ratio.toFixed(2), ratio <= GOAL_RATIO ? 'met' : 'NOT met']);
    }
    printTable(label, table);
  } finally {
    if (kernel) await kernel.stop();
    await database.drop();
  }
}

function printTable(label: string, rows: string[][]): void {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(`\n${label}:`);
  console.log(line(rows[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows.slice(1)) console.log(line(r));
}
