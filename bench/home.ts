/**
 * `npm run bench -- home [--duration=10] [--connections=50] [--rounds=3] [--no-downloads]`
 *
 * The home page as an anonymous visitor sees it, on one process, against a bare Koa handler that
 * answers a static HTML string of the same size, both loaded the same way in the same run
 * (autocannon), alternating rounds; medians and their ratio are printed (goal: >= 50%).
 * Then what an anonymous visitor downloads, measured in Chromium as the encoded (gzip) bytes of every
 * script and stylesheet response: on the home page (goals: CSS < 40 KB, JavaScript < 80 KB, and none
 * at all while it has no interactive island) and on a content page with islands (follow, comments);
 * `--no-downloads` skips this part. Each load also prints the process's CPU time per request (server
 * and load generator share the process: compare it between the lines of one run).
 */
import '@platform/kernel/production-env';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import Koa from 'koa';
import { discoverModules, defaultModuleRoots } from '@platform/kernel/discovery';
import { bootTestKernel } from '../test/support/harness';
import { launchBrowser } from '../test/support/browser';
import { median } from './stats';

function flag(args: string[], name: string, fallback: number): number {
  const arg = args.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.split('=')[1]) : fallback;
}

/** Requests per second, and this process's CPU time (user + system, ms) per request answered. */
interface Load { rate: number; cpuMs: number }

async function load(url: string, duration: number, connections: number): Promise<Load> {
  const before = process.cpuUsage();
  const result = await autocannon({ url, duration, connections, pipelining: 1 });
  const used = process.cpuUsage(before);
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rate: result.requests.average, cpuMs: (used.user + used.system) / 1000 / Math.max(1, result['2xx']) };
}

export async function run(args: string[]): Promise<void> {
  const duration = flag(args, 'duration', 10);
  const connections = flag(args, 'connections', 50);
  const rounds = flag(args, 'rounds', 3);
  // Every module `npm start` installs, with demo data: the home page as shipped.
  const modules = discoverModules(defaultModuleRoots(path.resolve(__dirname, '..'))).filter((m) => m.manifest.autoInstall).map((m) => m.manifest.name);
  const tk = await bootTestKernel({ modules, http: true, demo: true });
  try {
    const home = await (await fetch(`${tk.url}/`)).text();
    const bare = new Koa();
    bare.use((ctx) => { ctx.type = 'html'; ctx.body = home; });
    const bareServer = http.createServer(bare.callback()).listen(0);
    const barePort = (bareServer.address() as { port: number }).port;
    console.log(`Node ${process.version}; modules: ${modules.join(', ')}; home page ${home.length} bytes; ${rounds} rounds x ${duration}s, ${connections} connections`);
    await load(`${tk.url}/`, 2, connections); // warm-up (JIT, caches, asset build)
    await load(`http://127.0.0.1:${barePort}/`, 2, connections);
    const site: Load[] = [];
    const baseline: Load[] = [];
    for (let i = 0; i < rounds; i++) {
      baseline.push(await load(`http://127.0.0.1:${barePort}/`, duration, connections));
      site.push(await load(`${tk.url}/`, duration, connections));
      console.log(`  round ${i + 1}: bare Koa ${baseline[i].rate.toFixed(0)} req/s (${baseline[i].cpuMs.toFixed(3)} ms CPU/req), home page ${site[i].rate.toFixed(0)} req/s (${site[i].cpuMs.toFixed(3)} ms CPU/req), ${((site[i].rate / baseline[i].rate) * 100).toFixed(1)}%`);
    }
    bareServer.close();
    const rate = (ls: Load[]) => median(ls.map((l) => l.rate));
    const ratio = rate(site) / rate(baseline);
    console.log(`home page: median ${rate(site).toFixed(0)} req/s vs bare Koa static ${rate(baseline).toFixed(0)} req/s = ${(ratio * 100).toFixed(1)}% (goal >= 90%)`);
    console.log(`  CPU per request (this process: server and load generator), medians: bare Koa ${median(baseline.map((l) => l.cpuMs)).toFixed(3)} ms, home page ${median(site.map((l) => l.cpuMs)).toFixed(3)} ms`);

    if (args.includes('--no-downloads')) return;
    const browser = await launchBrowser();
    try {
      for (const [what, url] of [['the home page', '/'], ['a content page with islands', '/about-us']]) {
        const page = await browser.newPage();
        const files: Array<{ url: string; type: string; bytes: number }> = [];
        const pending: Array<Promise<void>> = [];
        page.on('response', (response) => {
          const type = response.request().resourceType();
          if (type !== 'script' && type !== 'stylesheet') return;
          pending.push(response.request().sizes().then((s) => { files.push({ url: response.url(), type, bytes: s.responseBodySize }); }));
        });
        await page.goto(`${tk.url}${url}`, { waitUntil: 'networkidle' });
        await Promise.all(pending);
        await page.close();
        for (const f of files) console.log(`  ${new URL(f.url).pathname} ${(f.bytes / 1024).toFixed(1)} KB`);
        const kb = (type: string) => (files.filter((f) => f.type === type).reduce((n, f) => n + f.bytes, 0) / 1024).toFixed(1);
        const count = (type: string) => files.filter((f) => f.type === type).length;
        console.log(`${what} (${url}), anonymous visitor, gzipped: CSS ${kb('stylesheet')} KB in ${count('stylesheet')} files (goal < 40 KB), JavaScript ${kb('script')} KB in ${count('script')} files (goal < 80 KB)`);
      }
    } finally {
      await browser.close();
    }
  } finally {
    await tk.stop();
  }
}
