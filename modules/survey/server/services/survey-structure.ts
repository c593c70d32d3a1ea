import { injectable } from 'inversify';
import type { Env } from '@platform/orm';
import type { LabelSpec, QuestionSpec, QuestionType } from '../../common/survey-types';

export interface SurveyInfo {
  id: number;
  title: string;
  stage: string;
  auth_required: boolean;
  users_can_go_back: boolean;
  quizz_mode: boolean;
  description: string;
  thank_you_message: string;
  active: boolean;
}
export interface PageInfo { id: number; title: string; description: string; questions: QuestionSpec[] }
export interface SurveyStructure { survey: SurveyInfo; pages: PageInfo[] }

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * Reads a survey's pages, questions and labels (this module's own tables, three queries): the
 * structure everybody may read, which pages, validation and results are built on.
 */
@injectable()
export class SurveyStructureReader {
  async load(env: Env, surveyId: number): Promise<SurveyStructure | null> {
    const db = env.db;
    const s = await db('survey_survey').where({ id: surveyId }).first();
    if (!s) return null;
    const pages = await db('survey_page').where({ survey_id: surveyId }).orderBy([{ column: 'sequence' }, { column: 'id' }]);
    const pageIds = pages.map((p) => Number(p.id));
    const questions = pageIds.length ? await db('survey_question').whereIn('page_id', pageIds).orderBy([{ column: 'sequence' }, { column: 'id' }]) : [];
    const qIds = questions.map((q) => Number(q.id));
    const labels = qIds.length
      ? await db('survey_label').whereIn('question_id', qIds).orWhereIn('question_id_2', qIds).orderBy([{ column: 'sequence' }, { column: 'id' }])
      : [];
    const choices = new Map<number, LabelSpec[]>();
    const rows = new Map<number, LabelSpec[]>();
    for (const l of labels) {
      const target = l.question_id ? choices : rows;
      const key = Number(l.question_id ?? l.question_id_2);
      if (!target.has(key)) target.set(key, []);
      target.get(key)!.push({ id: Number(l.id), value: String(l.value) });
    }
    const specs = questions.map((q): QuestionSpec => ({
      id: Number(q.id), pageId: Number(q.page_id), surveyId, question: String(q.question), type: q.type as QuestionType,
      matrix_subtype: q.matrix_subtype === 'multiple' ? 'multiple' : 'simple',
      labels: choices.get(Number(q.id)) ?? [], rows: rows.get(Number(q.id)) ?? [],
      display_mode: q.display_mode === 'dropdown' ? 'dropdown' : 'columns',
      comments_allowed: Boolean(q.comments_allowed), comments_message: str(q.comments_message) || 'If other, please specify:',
      comment_count_as_answer: Boolean(q.comment_count_as_answer), validation_required: Boolean(q.validation_required),
      validation_email: Boolean(q.validation_email), validation_length_min: num(q.validation_length_min),
      validation_length_max: num(q.validation_length_max), validation_min_float_value: num(q.validation_min_float_value),
      validation_max_float_value: num(q.validation_max_float_value), validation_min_date: q.validation_min_date || null,
      validation_max_date: q.validation_max_date || null,
      validation_error_msg: str(q.validation_error_msg) || 'The answer you entered has an invalid format.',
      constr_mandatory: Boolean(q.constr_mandatory), constr_error_msg: str(q.constr_error_msg) || 'This question requires an answer.',
    }));
    return {
      survey: {
        id: Number(s.id), title: String(s.title), stage: String(s.stage), auth_required: Boolean(s.auth_required),
        users_can_go_back: Boolean(s.users_can_go_back), quizz_mode: Boolean(s.quizz_mode), description: str(s.description),
        thank_you_message: str(s.thank_you_message), active: Boolean(s.active),
      },
      pages: pages.map((p) => ({ id: Number(p.id), title: String(p.title), description: str(p.description), questions: specs.filter((q) => q.pageId === Number(p.id)) })),
    };
  }
}
