/**
 * `npm run bench -- callkw [--sqlite] [--pg]`
 *
 * How long /health takes while one address sends call_kw bursts (issue 19's probe), against /health
 * on the idle server in the same run: 40 heavy search_counts at once (the largest domain visitors may
 * send, 50 conditions on the 5,000 country states), the probe's 40 x 200 conditions (refused before any
 * work), and 20 full search_reads of the states at once. The bursts come from another process; the
 * budget of each address is emptied before each burst, so every round meets the same limits.
 */
import type { Knex } from 'knex';
import { DatabaseToken } from '@platform/core/tokens';
import { bootTestKernel } from '../test/support/harness';
import { burstFromAnotherProcess } from '../test/support/burst';
import { rawRequest } from '@platform/http/test/support';
import { chooseDatabases } from './bench-databases';
import { median } from './stats';

const heavyDomain = (n: number): unknown[] => [...Array(n - 1).fill('|'), ...Array.from({ length: n }, (_, i) => ['name', 'ilike', `zz${i}q`])];
const body = (method: string, args: unknown[]) => JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: { model: 'res.country.state', method, args } });

function summary(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `p50 ${median(sorted).toFixed(1)} ms, p95 ${sorted[Math.floor(sorted.length * 0.95)].toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms (${sorted.length} probes)`;
}

async function probeHealth(url: string, until: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  do {
    const started = performance.now();
    await rawRequest(url, '/health');
    latencies.push(performance.now() - started);
  } while (!until());
  return latencies;
}

export async function run(args: string[]): Promise<void> {
  const { databases, pgAdminUrl } = await chooseDatabases(args);
  for (const dialect of databases) {
    const saved = process.env.TEST_DATABASE_URL;
    if (dialect === 'postgres') process.env.TEST_DATABASE_URL = pgAdminUrl;
    else delete process.env.TEST_DATABASE_URL;
    const tk = await bootTestKernel({ modules: [], http: true, config: { trustProxyHops: 1 } });
    if (saved === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = saved;
    const db = tk.kernel.container.get<Knex>(DatabaseToken);
    try {
      console.log(`\n${dialect}:`);
      let probes = 0;
      const idle = await probeHealth(tk.url, () => ++probes >= 200);
      console.log(`  /health, idle:                                ${summary(idle)}`);
      const alone: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        await rawRequest(tk.url, '/web/dataset/call_kw', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${i}` }, body: body('search_count', [heavyDomain(50)]) });
        alone.push(performance.now() - started);
      }
      console.log(`  one heavy call alone (50 conditions):         median ${median(alone).toFixed(1)} ms`);
      const bursts: Array<[string, string, number]> = [
        ['40 x search_count, 50 conditions', body('search_count', [heavyDomain(50)]), 40],
        ['40 x search_count, 200 conditions (probe)', body('search_count', [heavyDomain(200)]), 40],
        ['20 x full search_read of the states', body('search_read', [[], ['name', 'code', 'country_id']]), 20],
      ];
      for (const [name, payload, count] of bursts) {
        await db('rate_limit').delete();
        let done = false;
        const burst = burstFromAnotherProcess(`${tk.url}/web/dataset/call_kw`, payload, count, '203.0.113.9').finally(() => { done = true; });
        const during = await probeHealth(tk.url, () => done);
        const answers = await burst;
        const outcome = new Map<string, number>();
        for (const a of answers) {
          const key = a.error ? (a.error.code === 429 ? '429' : a.error.data.name) : 'ran';
          outcome.set(key, (outcome.get(key) ?? 0) + 1);
        }
        console.log(`  /health during ${name.padEnd(42)} ${summary(during)}; ${[...outcome].map(([k, n]) => `${n} ${k}`).join(', ')}`);
      }
    } finally {
      await tk.stop();
    }
  }
}
