import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { Env } from '@platform/orm';
import { TEXT_ROWS_MAX, type ChoiceCount, type QuestionResult, type ResultFilter, type ResultsPageData } from '../../common/results-types';
import { RECORD_LIMIT, type QuestionSpec } from '../../common/survey-types';
import { ResultStats, type StatCounts } from './result-stats';
import { SurveyStructureReader } from './survey-structure';

const LINES = 'survey_user_input_line';

/**
 * The results of a survey for its managers: per question a summary, counts per label (or matrix
 * cell), text answers and number statistics, from grouped queries over the answer lines (a handful of
 * queries per survey, plus one per text question), restricted by the filters and the finished flag.
 */
@injectable()
export class SurveyResults {
  constructor(
    @inject(SurveyStructureReader) private readonly structure: SurveyStructureReader,
    @inject(ResultStats) private readonly stats: ResultStats,
  ) {}

  async compute(env: Env, surveyId: number, filters: ResultFilter[], finished: boolean): Promise<ResultsPageData | null> {
    const s = await this.structure.load(env, surveyId);
    if (!s) return null;
    const db = env.db;
    // The inputs counted: past 'new' (or 'done' only), and with a line matching the filters.
    const scoped = filters.length > 0 || finished;
    const inputs = (q: Knex.QueryBuilder) => {
      q.where('survey_user_input.survey_id', surveyId).whereNot('survey_user_input.state', 'new');
      if (finished) q.where('survey_user_input.state', 'done');
      if (filters.length) q.whereIn('survey_user_input.id', this.matching(db, surveyId, filters));
      return q;
    };
    const lines = (q: Knex.QueryBuilder) => {
      // Finished only: each line looks its input up by primary key (cheaper than a list of 100k ids per statement).
      if (finished && !filters.length) q.whereExists(db('survey_user_input as fu').whereRaw(`fu.id = ${LINES}.user_input_id`).where('fu.state', 'done').select(db.raw('1')));
      else if (scoped) q.whereIn(`${LINES}.user_input_id`, inputs(db('survey_user_input').select('survey_user_input.id')));
      return q;
    };
    const total = Number((await inputs(db('survey_user_input').count({ n: '*' })).first())?.n ?? 0);
    // Question by question, so each query reads one range of an index (see the result-index migration).
    const ofQuestion = (id: number) => lines(db(LINES).where(`${LINES}.question_id`, id));

    const textsOf = async (q: QuestionSpec, column: string, answerType: string, known?: number) => {
      const rows = (await ofQuestion(q.id).where('answer_type', answerType).select(column).orderBy('id', 'desc').limit(TEXT_ROWS_MAX)) as Array<Record<string, unknown>>;
      const n = known ?? (rows.length < TEXT_ROWS_MAX ? rows.length : Number((await ofQuestion(q.id).where('answer_type', answerType).count({ n: '*' }).first())?.n ?? 0));
      return { rows: rows.map((r) => String(r[column])), total: n };
    };

    // A few statements for all questions at once (each reads ranges of one index, see the result-index
    // migration), so a scope (filters, finished) is evaluated a few times, not once per question.
    const all = s.pages.flatMap((p) => p.questions);
    const choiceIds = all.filter((q) => ['simple_choice', 'multiple_choice', 'matrix'].includes(q.type)).map((q) => q.id);
    const numberIds = all.filter((q) => q.type === 'numerical_box').map((q) => q.id);
    const numberStats = numberIds.length ? (await lines(db(LINES).whereIn('question_id', numberIds).where('answer_type', 'number').select('question_id')
      .avg({ average: 'value_number' }).min({ min: 'value_number' }).max({ max: 'value_number' }).sum({ sum: 'value_number' }).groupBy('question_id')) as Array<Record<string, unknown>>) : [];
    // Unfiltered, the running counts answer (a few hundred rows); filtered, the lines are counted.
    const running = filters.length ? null : await this.runningCounts(db, surveyId, finished, total);
    let answeredBy: Map<number, { answered: number; skipped: number }>;
    let countOf: Map<string, number>;
    if (running) {
      ({ answered: answeredBy, cells: countOf } = running);
    } else {
      const counted = all.length ? (await lines(db(LINES).whereIn('question_id', all.map((q) => q.id)).select('question_id', 'skipped').count({ n: '*' }).countDistinct({ d: 'user_input_id' })
        .groupBy('question_id', 'skipped')) as Array<{ question_id: number; skipped: unknown; n: unknown; d: unknown }>) : [];
      const suggestionCounts = choiceIds.length ? (await lines(db(LINES).whereIn('question_id', choiceIds).where('skipped', false).whereNotNull('value_suggested')
        .select('question_id', 'value_suggested', 'value_suggested_row').count({ n: '*' }).groupBy('question_id', 'value_suggested', 'value_suggested_row')) as Array<{ question_id: number; value_suggested: number; value_suggested_row: number | null; n: unknown }>) : [];
      answeredBy = new Map<number, { answered: number; skipped: number }>();
      const choiceSet = new Set(choiceIds);
      for (const c of counted) {
        const e = answeredBy.get(Number(c.question_id)) ?? { answered: 0, skipped: 0 };
        // Scalar questions have one line per input (answered or skipped); choices one per chosen label.
        if (c.skipped === true || Number(c.skipped) === 1) e.skipped += Number(c.n); else e.answered += Number(choiceSet.has(Number(c.question_id)) ? c.d : c.n);
        answeredBy.set(Number(c.question_id), e);
      }
      countOf = new Map<string, number>();
      for (const c of suggestionCounts) countOf.set(`${c.question_id}:${c.value_suggested}:${c.value_suggested_row ?? 0}`, Number(c.n));
    }
    const stats = new Map(numberStats.map((r) => [Number(r.question_id), r]));

    const pages = [];
    for (const p of s.pages) {
      const questions: QuestionResult[] = [];
      for (const q of p.questions) {
        const a = answeredBy.get(q.id) ?? { answered: 0, skipped: 0 };
        const r: QuestionResult = { id: q.id, question: q.question, type: q.type, summary: { total_inputs: total, ...a }, graphType: '', graphData: [] };
        if (q.type === 'simple_choice' || q.type === 'multiple_choice') {
          const choices: ChoiceCount[] = q.labels.map((l) => ({ text: l.value, count: countOf.get(`${q.id}:${l.id}:0`) ?? 0, answer_id: l.id }));
          r.choices = choices;
          r.graphType = q.type === 'simple_choice' ? 'pie' : 'bar';
          r.graphData = q.type === 'simple_choice' ? choices : [{ key: q.question, values: choices }];
          if (q.comments_allowed) r.comments = await textsOf(q, 'value_text', 'text');
        } else if (q.type === 'matrix') {
          const cells: Record<string, number> = {};
          for (const row of q.rows) for (const col of q.labels) cells[`${row.id},${col.id}`] = countOf.get(`${q.id}:${col.id}:${row.id}`) ?? 0;
          r.matrix = { cols: q.labels, rows: q.rows, counts: cells };
          r.graphType = 'multi_bar';
          r.graphData = q.labels.map((col) => ({ key: col.value, values: q.rows.map((row) => ({ text: row.value, count: cells[`${row.id},${col.id}`], answer_id: col.id })) }));
          if (q.comments_allowed) r.comments = await textsOf(q, 'value_text', 'text');
        } else if (q.type === 'numerical_box') {
          r.texts = await textsOf(q, 'value_number', 'number', a.answered);
          const st = stats.get(q.id);
          const common = (await ofQuestion(q.id).where('answer_type', 'number').select('value_number').count({ n: '*' })
            .groupBy('value_number').orderBy([{ column: 'n', order: 'desc' }, { column: 'value_number' }]).limit(5)) as Array<{ value_number: unknown; n: unknown }>;
          r.numbers = {
            average: Math.round(Number(st?.average ?? 0) * 100) / 100, min: Number(st?.min ?? 0), max: Number(st?.max ?? 0), sum: Number(st?.sum ?? 0),
            most_common: common.map((c) => [Number(c.value_number), Number(c.n)]),
          };
        } else if (q.type === 'free_text') {
          r.texts = await textsOf(q, 'value_free_text', 'free_text', a.answered);
        } else if (q.type === 'textbox') {
          r.texts = await textsOf(q, 'value_text', 'text', a.answered);
        } else {
          r.texts = await textsOf(q, 'value_date', 'date', a.answered);
        }
        questions.push(r);
      }
      pages.push({ id: p.id, title: p.title, questions });
    }
    const labels = await this.filterLabels(db, filters);
    return { surveyId, title: s.survey.title, pages, filters, filterLabels: labels, finished, totalInputs: total, recordLimit: RECORD_LIMIT };
  }

  /** The running counts, rebuilt first when they do not count every input (null if that fails: count the lines). */
  private async runningCounts(db: Knex, surveyId: number, finished: boolean, total: number): Promise<StatCounts | null> {
    const inputs = finished ? Number((await db('survey_user_input').where({ survey_id: surveyId }).whereNot('state', 'new').count({ n: '*' }).first())?.n ?? 0) : total;
    const counts = await this.stats.read(db, surveyId, finished, inputs);
    if (counts) return counts;
    try {
      await this.stats.rebuild(db, surveyId);
    } catch {
      return null;
    }
    return this.stats.read(db, surveyId, finished, inputs);
  }

  /**
   * Inputs with a line matching the filters: the chosen labels of choice questions (row 0), and for
   * each matrix filter its row or its answer (the reference's line domain).
   */
  private matching(db: Knex, surveyId: number, filters: ResultFilter[]) {
    const choices = filters.filter((f) => f.row_id === 0).map((f) => f.answer_id);
    const matrix = filters.filter((f) => f.row_id !== 0);
    const q = db(LINES).select('user_input_id').where('survey_id', surveyId);
    if (choices.length) q.whereIn('value_suggested', choices);
    for (const f of matrix) q.where((w) => w.where('value_suggested_row', f.row_id).orWhere('value_suggested', f.answer_id));
    return q;
  }

  private async filterLabels(db: Knex, filters: ResultFilter[]): Promise<string[]> {
    if (!filters.length) return [];
    const ids = [...new Set(filters.flatMap((f) => [f.row_id, f.answer_id]).filter(Boolean))];
    const rows = await db('survey_label').whereIn('id', ids).select('id', 'value');
    const name = new Map(rows.map((r) => [Number(r.id), String(r.value)]));
    return filters.map((f) => (f.row_id ? `${name.get(f.row_id) ?? f.row_id}: ${name.get(f.answer_id) ?? f.answer_id}` : name.get(f.answer_id) ?? String(f.answer_id)));
  }
}
