/**
 * `npx tsx bench/page-bytes.ts`: bytes of public pages (all modules, demo data, SQLite), as sent
 * without compression and with gzip / brotli, and the web context JSON a page embeds, with the whole
 * dictionary (the baseline: what pages shipped before IslandStrings) and with its islands' strings.
 */
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { PageRenderer } from '@platform/web';
import { bootTestKernel } from '../test/support/harness';

function get(base: string, p: string, encoding?: string): Promise<{ bytes: number; body: string }> {
  return new Promise((resolve, reject) => {
    http.get(`${base}${p}`, { headers: encoding ? { 'Accept-Encoding': encoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ bytes: Buffer.concat(chunks).length, body: Buffer.concat(chunks).toString() }));
    }).on('error', reject);
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  const modules = fs.readdirSync(path.join(__dirname, '..', 'modules'));
  const tk = await bootTestKernel({ modules, http: true, demo: true });
  const renderer = tk.kernel.container.get(PageRenderer) as unknown as { islandStrings?: unknown };
  const picker = renderer.islandStrings;
  const pages = ['/about-us', '/fr/about-us', '/', '/fr', '/fr/contactus', '/fr/forum'];
  for (const p of pages) await get(tk.url, p); // build the assets, warm the caches
  for (const p of pages) {
    renderer.islandStrings = undefined;
    await tk.sudo().db('res_lang').where({ id: -1 }).update({ id: -1 }); // a write: the page caches are emptied
    const whole = await get(tk.url, p);
    renderer.islandStrings = picker;
    await tk.sudo().db('res_lang').where({ id: -1 }).update({ id: -1 });
    const plain = await get(tk.url, p);
    const gzip = await get(tk.url, p, 'gzip');
    const br = await get(tk.url, p, 'br');
    await get(tk.url, p); // cached now: the early path answers
    const early = await get(tk.url, p, 'gzip, br');
    const ctx = (body: string) => /<script type="application\/json" id="web-context">([^<]*)<\/script>/.exec(body)?.[1].length ?? 0;
    console.log(`${p.padEnd(14)} whole dictionary ${kb(whole.bytes)} (context ${kb(ctx(whole.body))}) -> islands' strings ${kb(plain.bytes)} (context ${kb(ctx(plain.body))}); gzip ${kb(gzip.bytes)}, br ${kb(br.bytes)}, early-path gzip ${kb(early.bytes)}`);
  }
  await tk.stop();
}

void main();
