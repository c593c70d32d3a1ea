import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { utcText } from '@platform/common';
import type { Env } from '@platform/orm';
import { parseDate, parseNumber } from '../../common/answer-validation';
import { questionTag, type InputState, type PostedAnswers, type PrefillAnswers, type QuestionSpec } from '../../common/survey-types';
import { ResultKeys } from './result-keys';
import { SurveyStructureReader, type PageInfo, type SurveyStructure } from './survey-structure';

export interface InputInfo {
  id: number;
  surveyId: number;
  token: string;
  state: InputState;
  partnerId: number | null;
  lastPageId: number | null;
}

type LineValues = Record<string, unknown>;
const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A person's answers (survey.user_input, reached by its token) and their lines: the only writer of
 * both. Rows, never columns: each value is a line (a text, a number, a date, a chosen label, a cell).
 */
@injectable()
export class SurveyAnswers {
  constructor(
    @inject(SurveyStructureReader) private readonly structure: SurveyStructureReader,
    @inject(ResultKeys) private readonly keys: ResultKeys,
  ) {}

  /** A new input with a fresh random token (an invitation, or a visitor starting the survey). */
  async create(env: Env, surveyId: number, opts: { partnerId?: number | null; email?: string; type?: 'manually' | 'link'; testEntry?: boolean } = {}): Promise<InputInfo> {
    const token = randomUUID();
    const now = utcText();
    const [row] = await env.db('survey_user_input').insert({
      survey_id: surveyId, token, state: 'new', type: opts.type ?? 'manually', partner_id: opts.partnerId ?? null,
      email: opts.email ?? null, test_entry: opts.testEntry ?? false, create_uid: env.uid, create_date: now, write_uid: env.uid, write_date: now,
    }).returning('id');
    return { id: Number(typeof row === 'object' ? row.id : row), surveyId, token, state: 'new', partnerId: opts.partnerId ?? null, lastPageId: null };
  }

  /** The input of this token, only if it answers this survey (a token of another survey is unknown here). */
  async byToken(env: Env, surveyId: number, token: string): Promise<InputInfo | null> {
    if (!TOKEN.test(token)) return null;
    const r = await env.db('survey_user_input').where({ token, survey_id: surveyId }).first();
    if (!r) return null;
    return { id: Number(r.id), surveyId, token, state: r.state, partnerId: r.partner_id ? Number(r.partner_id) : null, lastPageId: r.last_displayed_page_id ? Number(r.last_displayed_page_id) : null };
  }

  /**
   * Saves a page's answers (already validated) and moves the input on: `done` after the last page
   * going forward, else `skip`. One transaction: the old lines of these questions go, the new come.
   */
  async savePage(env: Env, s: SurveyStructure, input: InputInfo, page: PageInfo, values: PostedAnswers, goBack: boolean): Promise<{ state: InputState }> {
    const last = s.pages[s.pages.length - 1]?.id === page.id;
    const state: InputState = last && !goBack ? 'done' : 'skip';
    await env.transaction(async (tx) => {
      // The input's row first (locked on PostgreSQL): two saves of one input never interleave, so its
      // result key always describes the lines the last one left.
      const locked = tx.db('survey_user_input').where({ id: input.id });
      if (tx.dialect === 'postgres') locked.forUpdate();
      await locked.first('id');
      const qIds = page.questions.map((q) => q.id);
      if (qIds.length) await tx.db('survey_user_input_line').where({ user_input_id: input.id }).whereIn('question_id', qIds).delete();
      const marks = await this.labelMarks(tx, page);
      const now = utcText();
      const rows = page.questions.flatMap((q) => this.linesOf(q, values, marks)).map((l) => ({
        user_input_id: input.id, survey_id: s.survey.id, skipped: false, quizz_mark: 0, ...l,
        create_uid: env.uid, create_date: now, write_uid: env.uid, write_date: now,
      }));
      for (let i = 0; i < rows.length; i += 200) await tx.db('survey_user_input_line').insert(rows.slice(i, i + 200));
      const score = await tx.db('survey_user_input_line').where({ user_input_id: input.id }).sum({ s: 'quizz_mark' }).first();
      await tx.db('survey_user_input').where({ id: input.id }).update({
        state, last_displayed_page_id: page.id, quizz_score: Number(score?.s ?? 0), write_date: now, write_uid: env.uid,
      });
      await this.keys.assign(tx.db, s.survey.id, input.id, state);
    });
    return { state };
  }

  private async labelMarks(env: Env, page: PageInfo): Promise<Map<number, number>> {
    const ids = page.questions.flatMap((q) => q.labels.map((l) => l.id));
    if (!ids.length) return new Map();
    const rows = await env.db('survey_label').whereIn('id', ids).select('id', 'quizz_mark');
    return new Map(rows.map((r) => [Number(r.id), Number(r.quizz_mark ?? 0)]));
  }

  /** The lines of one question's answer: empty -> one skipped line (the reference's saving). */
  linesOf(q: QuestionSpec, values: PostedAnswers, marks: Map<number, number> = new Map()): LineValues[] {
    const tag = questionTag(q);
    const raw = (values[tag] ?? '').trim();
    const base = { question_id: q.id };
    const skipped = [{ ...base, skipped: true }];
    switch (q.type) {
      case 'free_text': return raw ? [{ ...base, answer_type: 'free_text', value_free_text: values[tag] }] : skipped;
      case 'textbox': return raw ? [{ ...base, answer_type: 'text', value_text: raw }] : skipped;
      case 'numerical_box': return raw ? [{ ...base, answer_type: 'number', value_number: parseNumber(raw) }] : skipped;
      case 'date': case 'datetime': return raw ? [{ ...base, answer_type: 'date', value_date: parseDate(raw, q.type === 'datetime') }] : skipped;
      default: break;
    }
    const lines: LineValues[] = [];
    const choose = (label: number, row?: number) => lines.push({ ...base, answer_type: 'suggestion', value_suggested: label, value_suggested_row: row ?? null, quizz_mark: marks.get(label) ?? 0 });
    if (q.type === 'simple_choice' && raw && raw !== '-1') choose(Number(raw));
    if (q.type === 'multiple_choice') for (const l of q.labels) if (values[`${tag}_${l.id}`]) choose(l.id);
    if (q.type === 'matrix') {
      for (const r of q.rows) {
        if (q.matrix_subtype === 'simple') { const v = values[`${tag}_${r.id}`]; if (v) choose(Number(v), r.id); }
        else for (const c of q.labels) if (values[`${tag}_${r.id}_${c.id}`]) choose(c.id, r.id);
      }
    }
    const comment = (values[`${tag}_comment`] ?? '').trim();
    if (q.comments_allowed && comment) lines.push({ ...base, answer_type: 'text', value_text: comment });
    return lines.length ? lines : skipped;
  }

  /** GET prefill: field name -> list of values, from the non-skipped lines (of one page, or all). */
  async prefill(env: Env, s: SurveyStructure, input: InputInfo, pageId?: number): Promise<PrefillAnswers> {
    const questions = s.pages.filter((p) => !pageId || p.id === pageId).flatMap((p) => p.questions);
    const byId = new Map(questions.map((q) => [q.id, q]));
    if (!byId.size) return {};
    const lines = await env.db('survey_user_input_line').where({ user_input_id: input.id, skipped: false }).whereIn('question_id', [...byId.keys()]).orderBy('id');
    const out: PrefillAnswers = {};
    const add = (key: string, v: string) => (out[key] ??= []).push(v);
    for (const l of lines) {
      const q = byId.get(Number(l.question_id))!;
      const tag = questionTag(q);
      if (l.answer_type === 'text' && ['simple_choice', 'multiple_choice', 'matrix'].includes(q.type)) add(`${tag}_comment`, String(l.value_text));
      else if (l.answer_type === 'text') add(tag, String(l.value_text));
      else if (l.answer_type === 'free_text') add(tag, String(l.value_free_text));
      else if (l.answer_type === 'number') add(tag, String(Number(l.value_number)));
      else if (l.answer_type === 'date') add(tag, String(l.value_date));
      else if (l.answer_type === 'suggestion') {
        if (q.type === 'matrix') add(`${tag}_${l.value_suggested_row}`, String(l.value_suggested));
        else add(tag, String(l.value_suggested));
      }
    }
    return out;
  }

  /** GET scores: question id -> sum of the marks of the chosen labels. */
  async scores(env: Env, input: InputInfo): Promise<Record<string, number>> {
    const rows = await env.db('survey_user_input_line').where({ user_input_id: input.id, skipped: false }).groupBy('question_id').select('question_id').sum({ total: 'quizz_mark' });
    return Object.fromEntries((rows as Array<{ question_id: number; total: unknown }>).map((r) => [String(r.question_id), Number(r.total ?? 0)]));
  }

  /** The structure reader, for routes that hold an input. */
  load(env: Env, surveyId: number): Promise<SurveyStructure | null> {
    return this.structure.load(env, surveyId);
  }
}

