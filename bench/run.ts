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
  orm: {
    description: 'install/boot time, ORM search_read and read_group vs raw knex on 100k partners (SQLite, PostgreSQL)',
    load: () => import('./orm'),
  },
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
    console.error(err);
    process.exit(1);
  },
);
