/**
 * `npm run bench -- survey [--answers=100000] [--runs=9] [--rounds=3] [--sqlite | --pg]`
 *
 * The results page of a survey with 100,000 answers (inputs, each with ~12 answer lines: 1.2M rows)
 * as a survey manager, on SQLite then PostgreSQL (TEST_DATABASE_URL, else the local test server):
 * all answers, finished only, filtered (a choice, a matrix cell, both and finished), and a far page of
 * a text table, measured over HTTP on one process, next to baselines from the same run: a bare Koa
 * handler serving the same HTML (the transport's share) and the lines grouped by label in raw knex
 * (what counting the lines costs). Each figure is the median of `--rounds` rounds, each the median of
 * `--runs` requests after two warm-ups. Goal: under 300 ms.
 */
import '@platform/kernel/production-env';
import http from 'node:http';
import Koa from 'koa';
import { UserAccounts } from '@platform/base';
import { bootTestKernel, type TestKernel } from '../test/support/harness';
import { RpcClient } from '../test/support/rpc-client';
import { makeSurvey, validAnswers } from '@modules/survey/test/support';
import { SurveyResults } from '@modules/survey';
import { median, ms, timeOnce } from './stats';

function flag(args: string[], name: string, fallback: number): number {
  const arg = args.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.split('=')[1]) : fallback;
}

/** `count` finished inputs with their lines, written in batches (pseudo-random choices). */
async function seed(tk: TestKernel, count: number) {
  const env = tk.sudo();
  const f = await makeSurvey(env);
  const a = await validAnswers(f);
  const colours = await Promise.all(['Red', 'Green', 'Blue'].map((v) => f.labelOf(f.ids.colour, v)));
  const fruits = await Promise.all(['Apple', 'Pear', 'Plum'].map((v) => f.labelOf(f.ids.fruits, v)));
  const grades = await Promise.all(['Bad', 'Good'].map((v) => f.labelOf(f.ids.grid, v)));
  const rows = await Promise.all(['Food', 'Service'].map((v) => f.labelOf(f.ids.grid, v, true)));
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
  let x = 7;
  const rnd = () => { x = (x * 1103515245 + 12345) % 2147483648; return x / 2147483648; };
  const db = env.db;
  const CHUNK = 2000;
  for (let start = 0; start < count; start += CHUNK) {
    const n = Math.min(CHUNK, count - start);
    await db.transaction(async (trx) => {
      const inputs = Array.from({ length: n }, (_, i) => ({
        survey_id: f.surveyId, token: `b${String(start + i).padStart(11, '0')}-0000-4000-8000-000000000000`.slice(0, 36), state: rnd() < 0.8 ? 'done' : 'skip', type: 'manually', create_date: now, write_date: now,
      }));
      await trx.batchInsert('survey_user_input', inputs, 500);
      const ids = (await trx('survey_user_input').where('survey_id', f.surveyId).orderBy('id', 'desc').limit(n).select('id')).map((r: { id: number }) => Number(r.id));
      const lines: Array<Record<string, unknown>> = [];
      const line = (input: number, question: number, v: Record<string, unknown>) => lines.push({ user_input_id: input, survey_id: f.surveyId, question_id: question, skipped: false, quizz_mark: 0, create_date: now, ...v });
      for (const id of ids) {
        line(id, f.ids.free, { answer_type: 'free_text', value_free_text: `Answer ${id}: ${a.page1[f.tag(f.ids.free)]}` });
        line(id, f.ids.email, { answer_type: 'text', value_text: `user${id}@example.com` });
        line(id, f.ids.nick, { answer_type: 'text', value_text: `nick${id % 1000}` });
        line(id, f.ids.age, { answer_type: 'number', value_number: 18 + (id % 60) });
        line(id, f.ids.birthday, { answer_type: 'date', value_date: `20${10 + (id % 15)}-05-01` });
        line(id, f.ids.when, { skipped: true });
        line(id, f.ids.colour, { answer_type: 'suggestion', value_suggested: colours[Math.floor(rnd() * 3)] });
        for (const fr of fruits) if (rnd() < 0.5) line(id, f.ids.fruits, { answer_type: 'suggestion', value_suggested: fr });
        for (const r of rows) line(id, f.ids.grid, { answer_type: 'suggestion', value_suggested: grades[Math.floor(rnd() * 2)], value_suggested_row: r });
        line(id, f.ids.grid2, { skipped: true });
      }
      await trx.batchInsert('survey_user_input_line', lines, 500);
    });
  }
  await db.raw('analyze');
  return { f, colours };
}

interface Measured { name: string; rounds: number[] }

/** One database: seed, give the inputs their result keys (the first page), then `rounds` rounds of `runs` requests per case. */
async function measure(pg: boolean, answers: number, runs: number, rounds: number): Promise<{ dialect: string; rows: Measured[]; header: string }> {
  const saved = process.env.TEST_DATABASE_URL;
  if (pg) process.env.TEST_DATABASE_URL = saved && /^postgres/.test(saved) ? saved : 'postgres://postgres@127.0.0.1:5432/test';
  else delete process.env.TEST_DATABASE_URL;
  const tk = await bootTestKernel({ modules: ['survey'], http: true });
  if (saved === undefined) delete process.env.TEST_DATABASE_URL; else process.env.TEST_DATABASE_URL = saved;
  try {
    const seeded = Date.now();
    const { f, colours } = await seed(tk, answers);
    const db = tk.sudo().db;
    const lineCount = Number((await db('survey_user_input_line').count({ n: '*' }).first())?.n ?? 0);
    await tk.get(UserAccounts).create({ name: 'Manager', login: 'manager', password: 'password-123', groups: ['survey.group_survey_manager'] });
    const manager = new RpcClient(tk.url);
    await manager.authenticate('manager', 'password-123');
    const path = `/survey/results/${f.surveyId}`;
    // The first page after a bulk import gives every input its result key (ResultKeys.fill).
    const firstPage = await timeOnce(async () => {
      const first = await manager.get(path);
      if (first.status !== 200) throw new Error(`${path}: ${first.status}`);
    });
    // What autovacuum / a periodic ANALYZE would have done after a bulk load (PostgreSQL's index-only
    // scans need the visibility map).
    await db.raw(pg ? 'vacuum analyze' : 'analyze');
    const html = await (await manager.get(path)).text();
    const bare = new Koa();
    bare.use((ctx) => { ctx.type = 'html'; ctx.body = html; });
    const bareServer = http.createServer(bare.callback()).listen(0);
    const bareUrl = `http://127.0.0.1:${(bareServer.address() as { port: number }).port}/`;
    const grid = await f.labelOf(f.ids.grid, 'Good');
    const food = await f.labelOf(f.ids.grid, 'Food', true);
    const page = async (query: string) => {
      const res = await manager.get(`${path}${query}`);
      if (res.status !== 200) throw new Error(`${path}${query}: ${res.status}`);
      return res.text();
    };
    const cases: Array<[string, () => Promise<unknown>]> = [
      ['baseline: bare Koa serving the same HTML', async () => (await fetch(bareUrl)).text()],
      ['baseline: raw knex, lines grouped by label', () => db('survey_user_input_line').where('survey_id', f.surveyId).where('answer_type', 'suggestion').groupBy('question_id', 'value_suggested', 'value_suggested_row').select('question_id', 'value_suggested', 'value_suggested_row').count({ n: '*' })],
      ['results page, all answers', () => page('')],
      ['results page, finished only', () => page('?finished')],
      ['results page, filtered by a choice (0,answer)', () => page(`?0,${colours[0]}`)],
      ['results page, filtered by a matrix cell (row,answer)', () => page(`?${food},${grid}`)],
      ['results page, both filters, finished only', () => page(`?0,${colours[0]}&${food},${grid}&finished`)],
      ['text answers, page 5,000 of 10,000 (pager)', async () => (await manager.get(`${path}/answers?question=${f.ids.free}&page=4999`)).text()],
    ];
    for (const [, fn] of cases) { await fn(); await fn(); }
    const rows: Measured[] = cases.map(([name]) => ({ name, rounds: [] }));
    for (let r = 0; r < rounds; r++) {
      const samples = cases.map(() => [] as number[]);
      for (let i = 0; i < runs; i++) for (const [c, [, fn]] of cases.entries()) samples[c].push(await timeOnce(fn));
      samples.forEach((s, c) => rows[c].rounds.push(median(s)));
    }
    bareServer.close();
    const dialect = tk.sudo().dialect;
    const header = `${dialect}: ${answers} answers, ${lineCount} answer lines (seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s); `
      + `first page after the import (result keys for every input): ${ms(firstPage)}; page ${html.length} bytes`;
    return { dialect, rows, header };
  } finally {
    await tk.stop();
  }
}

export async function run(args: string[]): Promise<void> {
  const answers = flag(args, 'answers', 100_000);
  const runs = flag(args, 'runs', 9);
  const rounds = flag(args, 'rounds', 3);
  const only = args.includes('--pg') ? [true] : args.includes('--sqlite') ? [false] : [false, true];
  console.log(`Node ${process.version}; medians of ${rounds} rounds of ${runs} requests each (after two warm-ups), over HTTP on one process`);
  let worst = 0;
  for (const pg of only) {
    const { rows, header } = await measure(pg, answers, runs, rounds);
    console.log(`\n${header}`);
    for (const r of rows) {
      const m = median(r.rounds);
      if (r.name.startsWith('results page')) worst = Math.max(worst, m);
      console.log(`  ${r.name.padEnd(54)} median ${ms(m).padStart(9)}   (rounds: ${r.rounds.map((x) => ms(x)).join(', ')})`);
    }
  }
  console.log(`\nslowest results page: ${ms(worst)} (goal < 300 ms) ${worst < 300 ? 'OK' : 'OVER'}`);
}
