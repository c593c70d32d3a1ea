/**
 * Entry of `npm run bench -- <name> [args...]`. Each benchmark is a module exporting
 * `run(args)`; it is imported only when chosen so one bench's setup cost never touches another.
 * To add a benchmark: create bench/<name>.ts with `export async function run(args: string[])`
 * and add one line to BENCHES.
 */
interface BenchEntry {
  description: string;
  load: () => Promise<{ run(args: string[]): Promise<void> }>;
}

const BENCHES: Record<string, BenchEntry> = {
  backoffice: {
    description: 'back office list of 100k partners as an internal user: search_read 80 + search_count, name search, group by (in-process, over HTTP, vs raw knex)',
    load: () => import('./backoffice'),
  },
  callkw: {
    description: '/health latency while one address sends call_kw bursts (40 heavy search_counts, 20 full search_reads) vs idle (SQLite, PostgreSQL)',
    load: () => import('./callkw'),
  },
  bus: { description: '10k WebSocket clients: memory per connection; 1,000 msg/s across two processes on PostgreSQL (p50/p99); long-poll round trip', load: () => import('./bus') },
  event: {
    description: '/event with 1,000 events and an event page vs a bare Koa handler serving the same HTML; 200 parallel registrations for the last 10 seats (SQLite, PostgreSQL)',
    load: () => import('./event'),
  },
  forum: {
    description: 'a forum question page with 50 answers and 200 comments, req/s vs a bare Koa handler serving the same HTML; SQL queries per page',
    load: () => import('./forum'),
  },
  home: {
    description: 'home page req/s vs a bare Koa static handler; JavaScript an anonymous visitor downloads on the home page',
    load: () => import('./home'),
  },
  orm: {
    description: 'install/boot time, ORM search_read and read_group vs raw knex on 100k partners (SQLite, PostgreSQL)',
    load: () => import('./orm'),
  },
  redirect: { description: 'GET /r/<code> rate vs a bare 302 server (autocannon), read_group by day over 1M clicks', load: () => import('./redirect') },
  survey: { description: 'a survey results page with 100,000 answers (1.2M answer lines) as a manager on SQLite and PostgreSQL: all, finished, filtered vs a bare Koa handler and raw knex counts (--sqlite or --pg for one)', load: () => import('./survey') },
  shop: {
    description: '/shop with 10,000 products and a product page with variants vs a bare Koa handler serving the same HTML; 100 buyers checking out at once: p95, orders lost or doubled (SQLite, PostgreSQL)',
    load: () => import('./shop'),
  },
  mailing: { description: 'send 10,000 mails of a mailing to a local SMTP sink vs nodemailer alone (pooled) on the same sink', load: () => import('./mailing') },
};

function usage(): string {
  const names = Object.entries(BENCHES).map(([name, b]) => `  ${name.padEnd(10)} ${b.description}`);
  return ['Usage: npm run bench -- <name> [args...]', '', 'Available benchmarks:', ...names].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h') {
    console.log(usage());
    return 0;
  }
  const entry = Object.hasOwn(BENCHES, name) ? BENCHES[name] : undefined;
  if (!entry) {
    console.error(`Unknown benchmark '${name}'.\n\n${usage()}`);
    return 2;
  }
  const bench = await entry.load();
  await bench.run(args);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    // Knex puts the whole SQL in the message (a batch insert is megabytes): keep the head and the stack.
    const e = err instanceof Error ? err : new Error(String(err));
    const frames = (e.stack ?? '').split('\n').filter((l) => l.trimStart().startsWith('at ')).slice(0, 10);
    console.error([`${e.name}: ${e.message.length > 500 ? `${e.message.slice(0, 500)}...` : e.message}`, ...frames].join('\n'));
    process.exit(1);
  },
);
