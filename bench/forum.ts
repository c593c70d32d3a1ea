/**
 * `npm run bench -- forum [--duration=10] [--connections=50] [--rounds=3] [--only=signed-in]`
 *
 * A forum question page with 50 answers and 200 comments as an anonymous visitor sees it, on one
 * process (SQLite), against a bare Koa handler answering the same HTML string, both loaded the same
 * way in the same run (autocannon), alternating rounds; medians and their ratio are printed (goal:
 * >= 30%). Visitors get it from the public page cache, re-rendered about once a second since every
 * hit counts a view (buffered, written each second). The same page for a signed-in user (rendered on
 * every request: votes, follow state, forms) is measured the same way, and the SQL queries of one
 * page (goal: <= 10, whatever the number of answers). Each load also prints the process's CPU time
 * per request (server and load generator share the process: compare it between the lines of one run).
 * `--only=signed-in` loads the signed-in page only (for a CPU profile of its render:
 * `node --cpu-prof --import tsx bench/run.ts forum --only=signed-in`).
 */
import '@platform/kernel/production-env';
import http from 'node:http';
import autocannon from 'autocannon';
import Koa from 'koa';
import type { Knex } from 'knex';
import { UserAccounts } from '@platform/base';
import { DatabaseToken } from '@platform/core/tokens';
import { bootTestKernel, type TestKernel } from '../test/support/harness';
import { RpcClient } from '../test/support/rpc-client';
import { median } from './stats';

const ANSWERS = 50;
const COMMENTS = 200;

function flag(args: string[], name: string, fallback: number): number {
  const arg = args.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.split('=')[1]) : fallback;
}

/** Requests per second, and this process's CPU time (user + system, ms) per request answered. */
interface Load { rate: number; cpuMs: number }

async function load(url: string, duration: number, connections: number, cookie?: string): Promise<Load> {
  const before = process.cpuUsage();
  const result = await autocannon({ url, duration, connections, pipelining: 1, headers: cookie ? { cookie } : {} });
  const used = process.cpuUsage(before);
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors (${result.timeouts} timeouts)`);
  return { rate: result.requests.average, cpuMs: (used.user + used.system) / 1000 / Math.max(1, result['2xx']) };
}

const show = (l: Load) => `${l.rate.toFixed(0)} req/s, ${l.cpuMs.toFixed(2)} ms CPU/req`;

/** A question with its answers (each by a different author) and comments, written directly. */
export async function seedForBench(tk: TestKernel): Promise<string> {
  const db = tk.sudo().db;
  const forumId = await tk.sudo().model('forum.forum').create({ name: 'Help' });
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
  const authors: number[] = [];
  for (let i = 0; i < 10; i++) {
    const uid = await tk.kernel.container.get(UserAccounts).create({ name: `Author ${i}`, login: `author${i}`, email: `author${i}@example.com`, password: `author-pass-${i}` });
    await db('res_users').where({ id: uid }).update({ karma: 10 + i * 100 });
    authors.push(uid);
  }
  const post = (values: Record<string, unknown>) => ({
    forum_id: forumId, post_type: 'question', state: 'active', active: true, child_count: 0, is_correct: false, has_validated_answer: false,
    favourite_count: 0, vote_count: 0, views: 0, relevancy: 0, create_date: now, write_date: now, ...values,
  });
  const [q] = await db('forum_post').insert(post({ name: 'How do I make the site fast?', content: '<p>It has many answers and comments.</p>', create_uid: authors[0] })).returning('id');
  const questionId = typeof q === 'object' ? Number(q.id) : Number(q);
  const answers = Array.from({ length: ANSWERS }, (_, i) => post({
    parent_id: questionId, create_uid: authors[i % authors.length], vote_count: i % 7,
    content: `<p>Answer ${i}: a paragraph of advice with <a href="https://example.com/${i}" rel="noopener noreferrer">a link</a> and <strong>some</strong> emphasis, long enough to look like a real answer.</p>`,
  }));
  await db.batchInsert('forum_post', answers, 50);
  const answerIds = (await db('forum_post').where({ parent_id: questionId }).select('id')).map((r: { id: number }) => Number(r.id));
  const partners = (await db('res_users').whereIn('id', authors).select('partner_id')).map((r: { partner_id: number }) => Number(r.partner_id));
  const comments = Array.from({ length: COMMENTS }, (_, i) => ({
    model: 'forum.post', res_id: answerIds[i % answerIds.length], message_type: 'comment', body: `<p>Comment ${i}: thanks, that helped.</p>`,
    author_id: partners[i % partners.length], website_published: true, create_date: now, write_date: now,
  }));
  await db.batchInsert('mail_message', comments, 100);
  await db('forum_post').where({ id: questionId }).update({ child_count: ANSWERS });
  return `/forum/help-${forumId}/question/how-do-i-make-the-site-fast-${questionId}`;
}

async function queriesOf(tk: TestKernel, url: string, cookie?: string): Promise<number> {
  const db = tk.kernel.container.get<Knex>(DatabaseToken);
  let n = 0;
  const listener = () => { n += 1; };
  db.on('query', listener);
  try {
    await (await fetch(url, { headers: cookie ? { cookie } : {} })).text();
  } finally {
    db.off('query', listener);
  }
  return n;
}

export async function run(args: string[]): Promise<void> {
  const duration = flag(args, 'duration', 10);
  const connections = flag(args, 'connections', 50);
  const rounds = flag(args, 'rounds', 3);
  const only = args.find((a) => a.startsWith('--only='))?.split('=')[1];
  if (only !== undefined && only !== 'signed-in') throw new Error(`--only takes 'signed-in', not '${only}'`);
  const tk = await bootTestKernel({ modules: ['forum'], http: true });
  try {
    const path = await seedForBench(tk);
    const url = `${tk.url}${path}`;
    const res = await fetch(url);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    const html = await res.text();
    const answersShown = (html.match(/class="[^"]*forum-post[ "]/g) ?? []).length - 1;
    const commentsShown = (html.match(/forum-comment /g) ?? []).length;
    if (answersShown !== ANSWERS || commentsShown !== COMMENTS) throw new Error(`the page shows ${answersShown} answers and ${commentsShown} comments`);
    const bare = new Koa();
    bare.use((ctx) => { ctx.type = 'html'; ctx.body = html; });
    const bareServer = http.createServer(bare.callback()).listen(0);
    const bareUrl = `http://127.0.0.1:${(bareServer.address() as { port: number }).port}/`;
    await tk.kernel.container.get(UserAccounts).create({ name: 'Reader', login: 'reader', email: 'reader@example.com', password: 'reader-pass-123' });
    const reader = new RpcClient(tk.url);
    await reader.authenticate('reader', 'reader-pass-123');
    await reader.get(path); // the session's first page (site, session caches)
    console.log(`Node ${process.version}; question page with ${ANSWERS} answers and ${COMMENTS} comments, ${html.length} bytes; ${rounds} rounds x ${duration}s, ${connections} connections`);
    console.log(`SQL queries per page: ${await queriesOf(tk, url, reader.cookie)} for a signed-in user, ${await queriesOf(tk, url)} for a visitor when rendered (none when served from the public page cache)`);
    if (only === 'signed-in') {
      bareServer.close();
      await load(url, 2, connections, reader.cookie); // warm-up
      for (let i = 0; i < rounds; i++) console.log(`  round ${i + 1}: signed in ${show(await load(url, duration, connections, reader.cookie))}`);
      return;
    }
    await load(url, 2, connections); // warm-up (JIT, caches)
    await load(bareUrl, 2, connections);
    await load(url, 2, connections, reader.cookie);
    const site: Load[] = [];
    const signedIn: Load[] = [];
    const baseline: Load[] = [];
    for (let i = 0; i < rounds; i++) {
      baseline.push(await load(bareUrl, duration, connections));
      site.push(await load(url, duration, connections));
      signedIn.push(await load(url, duration, connections, reader.cookie));
      console.log(`  round ${i + 1}: bare Koa ${show(baseline[i])}; question page (visitors) ${show(site[i])}; signed in (rendered each time) ${show(signedIn[i])}; `
        + `signed in / bare ${((signedIn[i].rate / baseline[i].rate) * 100).toFixed(1)}%`);
    }
    bareServer.close();
    const rate = (ls: Load[]) => median(ls.map((l) => l.rate));
    const cpu = (ls: Load[]) => median(ls.map((l) => l.cpuMs)).toFixed(2);
    const ratio = rate(site) / rate(baseline);
    console.log(`forum question page: median ${rate(site).toFixed(0)} req/s vs bare Koa static ${rate(baseline).toFixed(0)} req/s = ${(ratio * 100).toFixed(1)}% (goal >= 30%)`);
    console.log(`  signed in (no cache): median ${rate(signedIn).toFixed(0)} req/s = ${((rate(signedIn) / rate(baseline)) * 100).toFixed(1)}% of bare Koa (goal >= 35%)`);
    console.log(`  CPU per request (this process: server and load generator), medians: bare Koa ${cpu(baseline)} ms, visitors ${cpu(site)} ms, signed in ${cpu(signedIn)} ms`);
  } finally {
    await tk.stop();
  }
}
