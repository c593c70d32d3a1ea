/**
 * `npm run bench -- home [--duration=10] [--connections=50] [--rounds=3]`
 *
 * The home page as an anonymous visitor sees it, on one process, against a bare Koa handler that
 * answers a static HTML string of the same size, both loaded the same way in the same run
 * (autocannon), alternating rounds; medians and their ratio are printed (goal: >= 40%).
 * Then the JavaScript an anonymous visitor downloads on the home page, measured in Chromium as the
 * encoded (gzip) bytes of every script response (goal: < 80 KB).
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

async function load(url: string, duration: number, connections: number): Promise<number> {
  const result = await autocannon({ url, duration, connections, pipelining: 1 });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
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
    const site: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < rounds; i++) {
      baseline.push(await load(`http://127.0.0.1:${barePort}/`, duration, connections));
      site.push(await load(`${tk.url}/`, duration, connections));
      console.log(`  round ${i + 1}: bare Koa ${baseline[i].toFixed(0)} req/s, home page ${site[i].toFixed(0)} req/s`);
    }
    bareServer.close();
    const ratio = median(site) / median(baseline);
    console.log(`home page: median ${median(site).toFixed(0)} req/s vs bare Koa static ${median(baseline).toFixed(0)} req/s = ${(ratio * 100).toFixed(1)}% (goal >= 40%)`);

    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const scripts: Array<{ url: string; bytes: number }> = [];
      const pending: Array<Promise<void>> = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        pending.push(response.request().sizes().then((s) => { scripts.push({ url: response.url(), bytes: s.responseBodySize }); }));
      });
      await page.goto(`${tk.url}/`, { waitUntil: 'networkidle' });
      await Promise.all(pending);
      const total = scripts.reduce((n, s) => n + s.bytes, 0);
      for (const s of scripts) console.log(`  ${new URL(s.url).pathname} ${(s.bytes / 1024).toFixed(1)} KB`);
      console.log(`JavaScript downloaded by an anonymous visitor on the home page: ${(total / 1024).toFixed(1)} KB gzipped in ${scripts.length} files (goal < 80 KB)`);
    } finally {
      await browser.close();
    }
  } finally {
    await tk.stop();
  }
}
