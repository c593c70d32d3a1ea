import type { Knex } from 'knex';
import { defineModel, fields, type Env } from '@platform/orm';
import { QUESTION_TYPES, STAGES, INPUT_STATES, ANSWER_TYPES } from '../../common/survey-types';

export const SURVEY_MODEL = 'survey.survey';
export const PAGE_MODEL = 'survey.page';
export const QUESTION_MODEL = 'survey.question';
export const LABEL_MODEL = 'survey.label';
export const INPUT_MODEL = 'survey.user_input';
export const LINE_MODEL = 'survey.user_input_line';

const COUNTERS = ['survey.group_survey_manager', 'base.group_system'];

/** How many inputs of a survey match `where` (a count over the index on survey_id). */
async function countInputs(env: Env, surveyId: number, where: (q: Knex.QueryBuilder) => unknown): Promise<number> {
  const q = env.db('survey_user_input').where({ survey_id: surveyId, test_entry: false });
  where(q);
  return Number((await q.count({ n: '*' }).first())?.n ?? 0);
}

/** A survey: its pages hold the questions; `stage` closed refuses new answers. */
export const SurveySurvey = defineModel({
  name: SURVEY_MODEL,
  description: 'Survey',
  order: 'id',
  recName: 'title',
  fields: {
    title: fields.char({ required: true, size: 256, string: 'Title' }),
    page_ids: fields.one2many(PAGE_MODEL, 'survey_id', { string: 'Pages' }),
    stage: fields.selection(STAGES, { required: true, default: 'open', string: 'Stage' }),
    auth_required: fields.boolean({ default: false, string: 'Login required' }),
    users_can_go_back: fields.boolean({ default: false, string: 'Users can go back' }),
    quizz_mode: fields.boolean({ default: false, string: 'Quiz mode' }),
    description: fields.text({ string: 'Description' }),
    thank_you_message: fields.text({ string: 'Thank you message' }),
    active: fields.boolean({ default: true, string: 'Active' }),
    // The reference's counters (for its managers only: the structure is public, the answers are not).
    tot_sent_survey: fields.integer({ string: 'Invitations sent', groups: COUNTERS, compute: (r, env) => countInputs(env, Number(r.id), (q) => q.where('type', 'link')) }),
    tot_start_survey: fields.integer({ string: 'Answers started', groups: COUNTERS, compute: (r, env) => countInputs(env, Number(r.id), (q) => q.whereIn('state', ['skip', 'done'])) }),
    tot_comp_survey: fields.integer({ string: 'Answers completed', groups: COUNTERS, compute: (r, env) => countInputs(env, Number(r.id), (q) => q.where('state', 'done')) }),
  },
});

export const SurveyPage = defineModel({
  name: PAGE_MODEL,
  description: 'Survey page',
  order: 'sequence, id',
  recName: 'title',
  fields: {
    title: fields.char({ required: true, size: 256, string: 'Title' }),
    survey_id: fields.many2one(SURVEY_MODEL, { required: true, ondelete: 'cascade', string: 'Survey' }),
    question_ids: fields.one2many(QUESTION_MODEL, 'page_id', { string: 'Questions' }),
    sequence: fields.integer({ default: 10, string: 'Sequence' }),
    description: fields.text({ string: 'Description' }),
  },
});

export const SurveyQuestion = defineModel({
  name: QUESTION_MODEL,
  description: 'Survey question',
  order: 'sequence, id',
  recName: 'question',
  fields: {
    question: fields.char({ required: true, size: 512, string: 'Question' }),
    page_id: fields.many2one(PAGE_MODEL, { required: true, ondelete: 'cascade', string: 'Page' }),
    sequence: fields.integer({ default: 10, string: 'Sequence' }),
    type: fields.selection(QUESTION_TYPES, { required: true, default: 'free_text', string: 'Type' }),
    matrix_subtype: fields.selection([['simple', 'One choice per row'], ['multiple', 'Multiple choices per row']], { default: 'simple', string: 'Matrix type' }),
    labels_ids: fields.one2many(LABEL_MODEL, 'question_id', { string: 'Choices (matrix columns)' }),
    labels_ids_2: fields.one2many(LABEL_MODEL, 'question_id_2', { string: 'Matrix rows' }),
    display_mode: fields.selection([['columns', 'Radio buttons'], ['dropdown', 'Selection box']], { default: 'columns', string: 'Display mode' }),
    comments_allowed: fields.boolean({ default: false, string: 'Show comments field' }),
    comments_message: fields.char({ size: 256, default: 'If other, please specify:', string: 'Comment message' }),
    comment_count_as_answer: fields.boolean({ default: false, string: 'Comment counts as an answer' }),
    validation_required: fields.boolean({ default: false, string: 'Validate entry' }),
    validation_email: fields.boolean({ default: false, string: 'Input must be an e-mail' }),
    validation_length_min: fields.integer({ string: 'Minimum text length' }),
    validation_length_max: fields.integer({ string: 'Maximum text length' }),
    validation_min_float_value: fields.float({ string: 'Minimum value' }),
    validation_max_float_value: fields.float({ string: 'Maximum value' }),
    validation_min_date: fields.char({ size: 19, string: 'Minimum date' }),
    validation_max_date: fields.char({ size: 19, string: 'Maximum date' }),
    validation_error_msg: fields.char({ size: 256, default: 'The answer you entered has an invalid format.', string: 'Validation error message' }),
    constr_mandatory: fields.boolean({ default: false, string: 'Mandatory answer' }),
    constr_error_msg: fields.char({ size: 256, default: 'This question requires an answer.', string: 'Error message' }),
  },
});

/** A choice (or matrix column) of `question_id`, or a matrix row of `question_id_2`. */
export const SurveyLabel = defineModel({
  name: LABEL_MODEL,
  description: 'Survey label',
  order: 'sequence, id',
  recName: 'value',
  fields: {
    question_id: fields.many2one(QUESTION_MODEL, { ondelete: 'cascade', string: 'Question' }),
    question_id_2: fields.many2one(QUESTION_MODEL, { ondelete: 'cascade', string: 'Question (row)' }),
    sequence: fields.integer({ default: 10, string: 'Sequence' }),
    value: fields.char({ required: true, size: 256, string: 'Suggested value' }),
    quizz_mark: fields.float({ default: 0, string: 'Score' }),
  },
});

/** One person's answers to a survey, reached by its token. */
export const SurveyUserInput = defineModel({
  name: INPUT_MODEL,
  description: 'Survey answer',
  order: 'id desc',
  recName: 'token',
  fields: {
    survey_id: fields.many2one(SURVEY_MODEL, { required: true, ondelete: 'cascade', string: 'Survey' }),
    token: fields.char({ required: true, size: 64, readonly: true, string: 'Token' }),
    test_entry: fields.boolean({ default: false, readonly: true, string: 'Test entry' }),
    state: fields.selection(INPUT_STATES, { required: true, default: 'new', readonly: true, string: 'State' }),
    type: fields.selection([['manually', 'Manually'], ['link', 'Invitation']], { default: 'manually', string: 'Type' }),
    partner_id: fields.many2one('res.partner', { ondelete: 'set null', string: 'Partner' }),
    email: fields.char({ size: 254, string: 'E-mail' }),
    last_displayed_page_id: fields.many2one(PAGE_MODEL, { ondelete: 'set null', string: 'Last displayed page' }),
    quizz_score: fields.float({ default: 0, string: 'Score' }),
    user_input_line_ids: fields.one2many(LINE_MODEL, 'user_input_id', { string: 'Answers' }),
  },
});

/** One answer value: a row per value (a choice, a matrix cell, a text), never a column per question. */
export const SurveyUserInputLine = defineModel({
  name: LINE_MODEL,
  description: 'Survey answer line',
  order: 'id',
  fields: {
    user_input_id: fields.many2one(INPUT_MODEL, { required: true, ondelete: 'cascade', string: 'Answer' }),
    survey_id: fields.many2one(SURVEY_MODEL, { required: true, ondelete: 'cascade', string: 'Survey' }),
    question_id: fields.many2one(QUESTION_MODEL, { required: true, ondelete: 'cascade', string: 'Question' }),
    skipped: fields.boolean({ default: false, string: 'Skipped' }),
    answer_type: fields.selection(ANSWER_TYPES, { string: 'Answer type' }),
    value_text: fields.char({ size: 4096, string: 'Text answer' }),
    value_number: fields.float({ string: 'Numerical answer' }),
    value_date: fields.char({ size: 19, string: 'Date answer' }),
    value_free_text: fields.text({ string: 'Free text answer' }),
    value_suggested: fields.many2one(LABEL_MODEL, { ondelete: 'cascade', string: 'Suggested answer' }),
    value_suggested_row: fields.many2one(LABEL_MODEL, { ondelete: 'cascade', string: 'Row answer' }),
    quizz_mark: fields.float({ default: 0, string: 'Score' }),
  },
});
