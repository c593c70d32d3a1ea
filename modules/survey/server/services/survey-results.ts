import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { Env } from '@platform/orm';
import { knexDialect } from '@platform/db';
import type { ChoiceCount, QuestionResult, ResultFilter, ResultsPageData, TextPage } from '../../common/results-types';
import { RECORD_LIMIT, type QuestionSpec } from '../../common/survey-types';
import { ResultKeys } from './result-keys';
import { SurveyStructureReader, type SurveyStructure } from './survey-structure';

const LINES = 'survey_user_input_line';
/** Up to this many keys in scope are listed in the statement; more go as one array parameter. */
const LISTED_KEYS = 200;

/** The inputs a results page counts: the keys in scope (null: every key) and their counts. */
interface Scope {
  /** Key ids in scope; null when every input past 'new' is (no filter, not finished only). */
  keyIds: number[] | null;
  total: number;
  answered: Map<number, { answered: number; skipped: number }>;
  /** `question:label:row` -> lines */
  cells: Map<string, number>;
  comments: Map<number, number>;
}

const CHOICE_TYPES = ['simple_choice', 'multiple_choice', 'matrix'];

/** The column of each text-like question type, and its answer type. */
const TEXT_COLUMNS: Record<string, [string, string]> = {
  free_text: ['value_free_text', 'free_text'], textbox: ['value_text', 'text'], numerical_box: ['value_number', 'number'],
  date: ['value_date', 'date'], datetime: ['value_date', 'date'],
};

/**
 * The results of a survey for its managers. Counts come from the inputs grouped by result key (one
 * indexed GROUP BY, see ResultKeys); the scope (filters, finished) is decided once per key. Number
 * statistics and the first page of each text table read the lines of the keys in scope over one index
 * range each.
 */
@injectable()
export class SurveyResults {
  constructor(
    @inject(SurveyStructureReader) private readonly structure: SurveyStructureReader,
    @inject(ResultKeys) private readonly keys: ResultKeys,
  ) {}

  /** The counts of the inputs in scope (inputs without a key get theirs first). */
  async scope(db: Knex, surveyId: number, filters: ResultFilter[], finished: boolean): Promise<Scope> {
    await this.keys.fill(db, surveyId);
    const groups = await this.keys.counts(db, surveyId);
    const s: Scope = { keyIds: [], total: 0, answered: new Map(), cells: new Map(), comments: new Map() };
    for (const g of groups) {
      const k = this.keys.parse(g.key);
      if (!this.keys.inScope(k, filters, finished)) continue;
      s.keyIds!.push(g.id);
      s.total += g.n;
      const entry = (q: number) => {
        let e = s.answered.get(q);
        if (!e) s.answered.set(q, (e = { answered: 0, skipped: 0 }));
        return e;
      };
      for (const q of k.answered) entry(q).answered += g.n;
      for (const q of k.skipped) entry(q).skipped += g.n;
      for (const q of k.comments) s.comments.set(q, (s.comments.get(q) ?? 0) + g.n);
      for (const [q, l, r] of k.cells) s.cells.set(`${q}:${l}:${r}`, (s.cells.get(`${q}:${l}:${r}`) ?? 0) + g.n);
    }
    if (!filters.length && !finished) s.keyIds = null;
    return s;
  }

  /** Restricts a query on the lines to the keys in scope. */
  private inScope(db: Knex, q: Knex.QueryBuilder, scope: Scope): Knex.QueryBuilder {
    if (!scope.keyIds) return q;
    if (scope.keyIds.length <= LISTED_KEYS) return q.whereIn(`${LINES}.result_key_id`, scope.keyIds.length ? scope.keyIds : [0]);
    if (knexDialect(db) === 'postgres') return q.whereRaw(`${LINES}.result_key_id = any(?::int[])`, [scope.keyIds]);
    return q.whereRaw(`${LINES}.result_key_id in (select value from json_each(?))`, [JSON.stringify(scope.keyIds)]);
  }

  /** One page (from 0) of a question's text answers in scope (`comments`: its comment lines), in the reference's order. */
  private async textPage(db: Knex, scope: Scope, q: QuestionSpec, comments: boolean, page: number): Promise<TextPage> {
    const [column, answerType] = comments ? ['value_text', 'text'] : TEXT_COLUMNS[q.type];
    const total = comments ? scope.comments.get(q.id) ?? 0 : scope.answered.get(q.id)?.answered ?? 0;
    const last = Math.max(0, Math.ceil(total / RECORD_LIMIT) - 1);
    const p = Math.min(Math.max(0, page), last);
    // The page's ids first, from the index alone (an OFFSET over the table would read every row it skips).
    const ids = this.inScope(db, db(LINES).where(`${LINES}.question_id`, q.id).where('answer_type', answerType), scope)
      .orderBy('id').offset(p * RECORD_LIMIT).limit(RECORD_LIMIT).select('id');
    const rows = total ? (await db(LINES).whereIn('id', ids).orderBy('id').select(column)) as Array<Record<string, unknown>> : [];
    return { rows: rows.map((r) => (column === 'value_number' ? String(Number(r[column])) : String(r[column] ?? ''))), total, page: p };
  }

  /** A page of one question's text answers (or comments) for the results table's pager; null when the question is not the survey's. */
  async answersPage(env: Env, surveyId: number, questionId: number, comments: boolean, page: number, filters: ResultFilter[], finished: boolean): Promise<TextPage | null> {
    const s = await this.structure.load(env, surveyId);
    const q = s?.pages.flatMap((p) => p.questions).find((x) => x.id === questionId);
    if (!q || (comments ? !q.comments_allowed : !TEXT_COLUMNS[q.type])) return null;
    return this.textPage(env.db, await this.scope(env.db, surveyId, filters, finished), q, comments, page);
  }

  async compute(env: Env, surveyId: number, filters: ResultFilter[], finished: boolean): Promise<ResultsPageData | null> {
    const s = await this.structure.load(env, surveyId);
    if (!s) return null;
    const db = env.db;
    const scope = await this.scope(db, surveyId, filters, finished);
    // The statements of the questions are independent: on PostgreSQL they run side by side on the pool.
    const questionsOf = s.pages.flatMap((p) => p.questions);
    const [numbers, firstPages, commentPages] = await Promise.all([
      this.numberStats(db, s, scope),
      Promise.all(questionsOf.map((q) => (TEXT_COLUMNS[q.type] ? this.textPage(db, scope, q, false, 0) : null))),
      Promise.all(questionsOf.map((q) => (q.comments_allowed && CHOICE_TYPES.includes(q.type) ? this.textPage(db, scope, q, true, 0) : null))),
    ]);
    const texts = new Map(questionsOf.map((q, i) => [q.id, firstPages[i]]));
    const comments = new Map(questionsOf.map((q, i) => [q.id, commentPages[i]]));
    const pages = [];
    for (const p of s.pages) {
      const questions: QuestionResult[] = [];
      for (const q of p.questions) {
        const a = scope.answered.get(q.id) ?? { answered: 0, skipped: 0 };
        const r: QuestionResult = { id: q.id, question: q.question, type: q.type, summary: { total_inputs: scope.total, ...a }, graphType: '', graphData: [] };
        if (q.type === 'simple_choice' || q.type === 'multiple_choice') {
          const choices: ChoiceCount[] = q.labels.map((l) => ({ text: l.value, count: scope.cells.get(`${q.id}:${l.id}:0`) ?? 0, answer_id: l.id }));
          r.choices = choices;
          r.graphType = q.type === 'simple_choice' ? 'pie' : 'bar';
          r.graphData = q.type === 'simple_choice' ? choices : [{ key: q.question, values: choices }];
        } else if (q.type === 'matrix') {
          const cells: Record<string, number> = {};
          for (const row of q.rows) for (const col of q.labels) cells[`${row.id},${col.id}`] = scope.cells.get(`${q.id}:${col.id}:${row.id}`) ?? 0;
          r.matrix = { cols: q.labels, rows: q.rows, counts: cells };
          r.graphType = 'multi_bar';
          r.graphData = q.labels.map((col) => ({ key: col.value, values: q.rows.map((row) => ({ text: row.value, count: cells[`${row.id},${col.id}`], answer_id: col.id })) }));
        } else {
          const first = texts.get(q.id);
          if (first) r.texts = first;
          if (q.type === 'numerical_box') r.numbers = numbers.get(q.id) ?? { average: 0, min: 0, max: 0, sum: 0, most_common: [] };
        }
        const commented = comments.get(q.id);
        if (commented) r.comments = commented;
        questions.push(r);
      }
      pages.push({ id: p.id, title: p.title, questions });
    }
    const labels = await this.filterLabels(db, filters);
    return { surveyId, title: s.survey.title, pages, filters, filterLabels: labels, finished, totalInputs: scope.total, recordLimit: RECORD_LIMIT };
  }

  /**
   * Average, minimum, maximum, sum and the five most common values of each number question, from its
   * values in scope counted in index order (one row per distinct value).
   */
  private async numberStats(db: Knex, s: SurveyStructure, scope: Scope) {
    const out = new Map<number, NonNullable<QuestionResult['numbers']>>();
    await Promise.all(s.pages.flatMap((p) => p.questions).filter((x) => x.type === 'numerical_box').map(async (q) => {
      const values = (await this.inScope(db, db(LINES).where(`${LINES}.question_id`, q.id).where('answer_type', 'number'), scope)
        .groupBy('value_number').select('value_number').count({ n: '*' })) as Array<{ value_number: unknown; n: unknown }>;
      let count = 0;
      let sum = 0;
      let min = Infinity;
      let max = -Infinity;
      const counted: Array<[number, number]> = [];
      for (const v of values) {
        if (v.value_number === null) continue;
        const x = Number(v.value_number);
        const n = Number(v.n);
        count += n;
        sum += x * n;
        min = Math.min(min, x);
        max = Math.max(max, x);
        counted.push([x, n]);
      }
      counted.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
      out.set(q.id, {
        average: count ? Math.round((sum / count) * 100) / 100 : 0, min: count ? min : 0, max: count ? max : 0, sum,
        most_common: counted.slice(0, 5),
      });
    }));
    return out;
  }

  private async filterLabels(db: Knex, filters: ResultFilter[]): Promise<string[]> {
    if (!filters.length) return [];
    const ids = [...new Set(filters.flatMap((f) => [f.row_id, f.answer_id]).filter(Boolean))];
    const rows = await db('survey_label').whereIn('id', ids).select('id', 'value');
    const name = new Map(rows.map((r) => [Number(r.id), String(r.value)]));
    return filters.map((f) => (f.row_id ? `${name.get(f.row_id) ?? f.row_id}: ${name.get(f.answer_id) ?? f.answer_id}` : name.get(f.answer_id) ?? String(f.answer_id)));
  }
}
