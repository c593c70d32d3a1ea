import { injectable } from 'inversify';
import type { Knex } from 'knex';

const STAT = 'survey_result_stat';
const MARK = 'survey_result_stat_mark';
const ANSWERED = -1;
const SKIPPED = -2;

export interface StatLine { question_id: number; skipped: unknown; value_suggested: number | null; value_suggested_row: number | null }
export interface StatCounts {
  /** question -> answered/skipped inputs */
  answered: Map<number, { answered: number; skipped: number }>;
  /** `question:label:row` -> lines */
  cells: Map<string, number>;
}

const isSkipped = (v: unknown) => v === true || Number(v) === 1;

/**
 * The running counts behind the results page (see the migration). `change` is called by the answers'
 * writer in its transaction with an input's lines before and after; `read` sums them (all states, or
 * finished only), rebuilding a survey's counts from its lines when they do not count every input.
 */
@injectable()
export class ResultStats {
  private contributions(lines: StatLine[]): Map<string, number> {
    const out = new Map<string, number>();
    const add = (k: string) => out.set(k, (out.get(k) ?? 0) + 1);
    const byQuestion = new Map<number, StatLine[]>();
    for (const l of lines) byQuestion.set(Number(l.question_id), [...(byQuestion.get(Number(l.question_id)) ?? []), l]);
    for (const [q, ls] of byQuestion) {
      if (ls.some((l) => !isSkipped(l.skipped))) add(`${q}:${ANSWERED}:0`);
      if (ls.some((l) => isSkipped(l.skipped))) add(`${q}:${SKIPPED}:0`);
      for (const l of ls) if (!isSkipped(l.skipped) && l.value_suggested) add(`${q}:${l.value_suggested}:${l.value_suggested_row ?? 0}`);
    }
    return out;
  }

  /** An input's lines went from `before` (in state `was`, 'new' for none) to `after` (in state `now`). */
  async change(tx: Knex, surveyId: number, before: StatLine[], was: string, after: StatLine[], now: string): Promise<void> {
    const delta = new Map<string, number>();
    if (was !== 'new') for (const [k, n] of this.contributions(before)) delta.set(`${was}|${k}`, (delta.get(`${was}|${k}`) ?? 0) - n);
    if (now !== 'new') for (const [k, n] of this.contributions(after)) delta.set(`${now}|${k}`, (delta.get(`${now}|${k}`) ?? 0) + n);
    // In key order, so two writers never wait on each other's rows in opposite orders.
    const rows = [...delta].filter(([, n]) => n !== 0).sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, n]) => {
      const [state, rest] = key.split('|');
      const [q, label, row] = rest.split(':').map(Number);
      return { survey_id: surveyId, question_id: q, state, label_id: label, row_id: row, n };
    });
    for (const r of rows) {
      await tx(STAT).insert(r).onConflict(['question_id', 'state', 'label_id', 'row_id']).merge({ n: tx.raw(`${STAT}.n + ?`, [r.n]) });
    }
    if (was === 'new' && now !== 'new') {
      await tx(MARK).insert({ survey_id: surveyId, inputs: 1 }).onConflict(['survey_id']).merge({ inputs: tx.raw(`${MARK}.inputs + 1`) });
    }
  }

  /** The counts of a survey (finished inputs only, or all past 'new'); null when `inputs` says they are stale. */
  async read(db: Knex, surveyId: number, finished: boolean, inputs: number): Promise<StatCounts | null> {
    const mark = await db(MARK).where({ survey_id: surveyId }).first('inputs');
    if (Number(mark?.inputs ?? 0) !== inputs) return null;
    const q = db(STAT).where({ survey_id: surveyId }).select('question_id', 'label_id', 'row_id').sum({ n: 'n' }).groupBy('question_id', 'label_id', 'row_id');
    if (finished) q.where('state', 'done');
    const rows = (await q) as Array<{ question_id: number; label_id: number; row_id: number; n: unknown }>;
    const answered = new Map<number, { answered: number; skipped: number }>();
    const cells = new Map<string, number>();
    for (const r of rows) {
      const qid = Number(r.question_id);
      const e = answered.get(qid) ?? { answered: 0, skipped: 0 };
      answered.set(qid, e);
      if (Number(r.label_id) === ANSWERED) e.answered += Number(r.n);
      else if (Number(r.label_id) === SKIPPED) e.skipped += Number(r.n);
      else cells.set(`${qid}:${r.label_id}:${r.row_id}`, Number(r.n));
    }
    return { answered, cells };
  }

  /** Counts a survey again from its lines (after demo data loaded through the ORM, or deletions). */
  async rebuild(db: Knex, surveyId: number): Promise<void> {
    await db.transaction(async (tx) => {
      await tx(STAT).where({ survey_id: surveyId }).delete();
      const joined = () => tx('survey_user_input_line as l').join('survey_user_input as u', 'u.id', 'l.user_input_id').where('l.survey_id', surveyId).whereNot('u.state', 'new');
      const answered = await joined().select('l.question_id', 'u.state', 'l.skipped').countDistinct({ n: 'l.user_input_id' }).groupBy('l.question_id', 'u.state', 'l.skipped');
      const cells = await joined().where('l.skipped', false).whereNotNull('l.value_suggested').select('l.question_id', 'u.state', 'l.value_suggested', 'l.value_suggested_row').count({ n: '*' })
        .groupBy('l.question_id', 'u.state', 'l.value_suggested', 'l.value_suggested_row');
      const rows = [
        ...answered.map((r: Record<string, unknown>) => ({ survey_id: surveyId, question_id: Number(r.question_id), state: String(r.state), label_id: isSkipped(r.skipped) ? SKIPPED : ANSWERED, row_id: 0, n: Number(r.n) })),
        ...cells.map((r: Record<string, unknown>) => ({ survey_id: surveyId, question_id: Number(r.question_id), state: String(r.state), label_id: Number(r.value_suggested), row_id: Number(r.value_suggested_row ?? 0), n: Number(r.n) })),
      ];
      if (rows.length) await tx.batchInsert(STAT, rows, 200);
      const inputs = Number((await tx('survey_user_input').where({ survey_id: surveyId }).whereNot('state', 'new').count({ n: '*' }).first())?.n ?? 0);
      await tx(MARK).insert({ survey_id: surveyId, inputs }).onConflict(['survey_id']).merge({ inputs });
    });
  }
}
