import { Cluster } from './cluster';

/**
 * `npm run cluster -- --nodes 3 [--port 8080] [--node-port 8101]`: nginx on --port in front of N nodes
 * (ports --node-port, --node-port + 1, ...) on the configured database (DATABASE_URL; use PostgreSQL
 * for more than a trial: SQLite serialises every write across the nodes). Ctrl-C stops everything.
 */
function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    console.error(`--${name} needs a whole number (got ${process.argv[at + 1] ?? 'nothing'})`);
    process.exit(2);
  }
  return value;
}

async function main(): Promise<void> {
  const nodes = option('nodes', 3);
  const listenPort = option('port', 8080);
  const firstNodePort = option('node-port', 8101);
  const log = (line: string) => console.log(`[cluster] ${line}`);
  if (!process.env.DATABASE_URL?.startsWith('postgres')) log('DATABASE_URL is not PostgreSQL: the nodes share one SQLite file, one writer at a time');
  const cluster = await Cluster.start({
    nodePorts: Array.from({ length: nodes }, (_, i) => firstNodePort + i), listenPort, env: process.env, log,
  });
  log(`nginx on ${cluster.url} in front of ${nodes} nodes (ports ${firstNodePort}-${firstNodePort + nodes - 1}); logs in ${cluster.dir}`);
  const stop = () => void cluster.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
