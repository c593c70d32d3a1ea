/**
 * `npm run bench -- survey [--answers=100000] [--runs=15] [--pg]`
 *
 * The results page of a survey with 100,000 answers (inputs, each with ~12 answer lines: 1.2M rows)
 * as a survey manager: server time of the page (all answers, finished only, filtered by a choice),
 * measured over HTTP on one process, next to a baseline in the same run: a bare Koa handler serving the
 * same HTML (the transport's share), and the results' grouped count alone in raw knex. Medians of
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
export async function seed(tk: TestKernel, count: number) {
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

export async function run(args: string[]): Promise<void> {
  const answers = flag(args, 'answers', 100_000);
  const runs = flag(args, 'runs', 15);
  if (args.includes('--pg')) process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  const tk = await bootTestKernel({ modules: ['survey'], http: true });
  try {
    const seeded = Date.now();
    const { f, colours } = await seed(tk, answers);
    const lineCount = Number((await tk.sudo().db('survey_user_input_line').count({ n: '*' }).first())?.n ?? 0);
    console.log(`Node ${process.version}, ${tk.sudo().dialect}; ${answers} answers, ${lineCount} answer lines (seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s); ${runs} runs`);
    await tk.get(UserAccounts).create({ name: 'Manager', login: 'manager', password: 'password-123', groups: ['survey.group_survey_manager'] });
    const manager = new RpcClient(tk.url);
    await manager.authenticate('manager', 'password-123');
    const path = `/survey/results/${f.surveyId}`;
    const first = await manager.get(path);
    if (first.status !== 200) throw new Error(`${path}: ${first.status}`);
    const html = await first.text();
    const bare = new Koa();
    bare.use((ctx) => { ctx.type = 'html'; ctx.body = html; });
    const bareServer = http.createServer(bare.callback()).listen(0);
    const bareUrl = `http://127.0.0.1:${(bareServer.address() as { port: number }).port}/`;
    const db = tk.sudo().db;
    const cases: Array<[string, () => Promise<unknown>]> = [
      ['bare Koa, same HTML (baseline)', async () => (await fetch(bareUrl)).text()],
      ['raw knex: grouped counts of the lines (baseline)', () => db('survey_user_input_line').where('survey_id', f.surveyId).where('answer_type', 'suggestion').groupBy('question_id', 'value_suggested', 'value_suggested_row').select('question_id', 'value_suggested', 'value_suggested_row').count({ n: '*' })],
      ['SurveyResults.compute, all answers (in process)', () => tk.get(SurveyResults).compute(tk.sudo(), f.surveyId, [], false)],
      ['results page, all answers', async () => (await manager.get(path)).text()],
      ['results page, finished only', async () => (await manager.get(`${path}?finished`)).text()],
      ['results page, filtered by a choice', async () => (await manager.get(`${path}?0,${colours[0]}`)).text()],
    ];
    for (const [, fn] of cases) { await fn(); await fn(); }
    const results = new Map<string, number[]>(cases.map(([name]) => [name, []]));
    for (let i = 0; i < runs; i++) for (const [name, fn] of cases) results.get(name)!.push(await timeOnce(fn));
    bareServer.close();
    console.log(`results page: ${html.length} bytes`);
    for (const [name, samples] of results) console.log(`  ${name.padEnd(50)} median ${ms(median(samples))}`);
    const worst = Math.max(...[...results].filter(([n]) => n.startsWith('results page')).map(([, s]) => median(s)));
    console.log(`slowest results page: ${ms(worst)} (goal < 300 ms) ${worst < 300 ? 'OK' : 'OVER'}`);
  } finally {
    await tk.stop();
  }
}
