/*
 * What browser and server share about surveys: question types, states, the posted field names
 * (`<survey>_<page>_<question>`), page-prop types and URLs. No Node or DOM API here.
 */
export const QUESTION_TYPES = [
  ['free_text', 'Multiple lines text box'], ['textbox', 'Single line text box'], ['numerical_box', 'Numerical value'],
  ['date', 'Date'], ['datetime', 'Date and time'], ['simple_choice', 'Multiple choice: only one answer'],
  ['multiple_choice', 'Multiple choice: multiple answers allowed'], ['matrix', 'Matrix'],
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number][0];
export const STAGES = [['draft', 'Draft'], ['open', 'In progress'], ['closed', 'Closed'], ['permanent', 'Permanent']] as const;
export const INPUT_STATES = [['new', 'Not started yet'], ['skip', 'Partially completed'], ['done', 'Completed']] as const;
export type InputState = (typeof INPUT_STATES)[number][0];
export const ANSWER_TYPES = [['text', 'Text'], ['number', 'Number'], ['date', 'Date'], ['free_text', 'Free text'], ['suggestion', 'Suggestion']] as const;

/** The longest single-line answer and free text a visitor may post (bounds, not the survey's rules). */
export const TEXT_MAX = 4096;
export const FREE_TEXT_MAX = 20_000;
/** The browser gives up on a submit after this long and opens the network error modal. */
export const SURVEY_AJAX_TIMEOUT_MS = 5000;
/** Text answers per page of a results table. */
export const RECORD_LIMIT = 10;

export interface LabelSpec { id: number; value: string }

/** A question as the page, the validation and the results see it (plain data). */
export interface QuestionSpec {
  id: number;
  pageId: number;
  surveyId: number;
  question: string;
  type: QuestionType;
  matrix_subtype: 'simple' | 'multiple';
  /** Choices, or matrix columns. */
  labels: LabelSpec[];
  /** Matrix rows. */
  rows: LabelSpec[];
  display_mode: 'columns' | 'dropdown';
  comments_allowed: boolean;
  comments_message: string;
  comment_count_as_answer: boolean;
  validation_required: boolean;
  validation_email: boolean;
  validation_length_min: number | null;
  validation_length_max: number | null;
  validation_min_float_value: number | null;
  validation_max_float_value: number | null;
  validation_min_date: string | null;
  validation_max_date: string | null;
  validation_error_msg: string;
  constr_mandatory: boolean;
  constr_error_msg: string;
}

/** The posted name of a question's answer: `<survey>_<page>_<question>`. */
export function questionTag(q: Pick<QuestionSpec, 'surveyId' | 'pageId' | 'id'>): string {
  return `${q.surveyId}_${q.pageId}_${q.id}`;
}

/** Form values as posted: field name -> string (a checked box posts its label id). */
export type PostedAnswers = Record<string, string | undefined>;

/** Prefill: field name -> list of values (texts, numbers as text, dates, label ids as text). */
export type PrefillAnswers = Record<string, string[]>;

export const surveyUrls = {
  start: (surveyId: number, token?: string) => `/survey/start/${surveyId}${token ? `/${token}` : ''}`,
  fill: (surveyId: number, token: string, prev = false) => `/survey/fill/${surveyId}/${token}${prev ? '/prev' : ''}`,
  submit: (surveyId: number) => `/survey/submit/${surveyId}`,
  prefill: (surveyId: number, token: string, pageId?: number) => `/survey/prefill/${surveyId}/${token}${pageId ? `/${pageId}` : ''}`,
  scores: (surveyId: number, token: string) => `/survey/scores/${surveyId}/${token}`,
  print: (surveyId: number, token?: string) => `/survey/print/${surveyId}${token ? `/${token}` : ''}`,
  results: (surveyId: number) => `/survey/results/${surveyId}`,
};
