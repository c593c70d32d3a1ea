/*
 * The rules of every question type, one module for the browser (formik's validationSchema) and the
 * server (the submit route checks the page again with the same schema). Messages are the reference's.
 * Mandatory is checked first; a question answers at most one message, keyed by its bare tag.
 */
import { mixed, object, type AnyObject, type ObjectSchema } from 'yup';
import { FREE_TEXT_MAX, TEXT_MAX, questionTag, type PostedAnswers, type QuestionSpec } from './survey-types';

export const MSG_EMAIL = 'This answer must be an email address';
export const MSG_NUMBER = 'This is not a number';
export const MSG_DATE = 'This is not a date';
export const MSG_DATETIME = 'This is not a date/time';
export const MSG_TOO_LONG = 'This answer is too long.';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A date and time: `YYYY-MM-DD hh:mm:ss`, or ISO 8601 (`T`, seconds optional, `Z` or an offset). */
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const blank = (v: unknown): boolean => text(v).trim() === '';

/** A number as the reference's float() reads it, or null. */
export function parseNumber(raw: string): number | null {
  const s = raw.trim();
  if (!NUMBER.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/**
 * A real day (`YYYY-MM-DD`) or moment, or null. Moments come as `YYYY-MM-DD hh:mm:ss` (the reference's
 * form) or ISO 8601 (a browser's `YYYY-MM-DDThh:mm`, with an offset or `Z`), and are returned in one
 * sortable UTC form, `YYYY-MM-DD hh:mm:ss` (what is stored): text order is time order, so ranges and
 * sorting compare the text. A moment without an offset is UTC (the reference stores it as posted).
 */
export function parseDate(raw: string, withTime: boolean): string | null {
  const s = raw.trim();
  const m = (withTime ? DATETIME : DATE).exec(s);
  if (!m) return null;
  const [y, mo, d, h = '0', mi = '0', se = '0'] = m.slice(1, 7).map((x) => x ?? '0');
  const t = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +se));
  if (t.getUTCFullYear() !== +y || t.getUTCMonth() !== +mo - 1 || t.getUTCDate() !== +d || +h > 23 || +mi > 59 || +se > 59) return null;
  if (!withTime) return s;
  const offset = m[7] && m[7].toUpperCase() !== 'Z' ? /^([+-])(\d{2}):?(\d{2})$/.exec(m[7]) : null;
  if (offset && (+offset[2] > 23 || +offset[3] > 59)) return null;
  const shift = offset ? (offset[1] === '-' ? -1 : 1) * (+offset[2] * 60 + +offset[3]) * 60_000 : 0;
  const utc = new Date(t.getTime() - shift);
  if (utc.getUTCFullYear() < 1 || utc.getUTCFullYear() > 9999) return null;
  return utc.toISOString().slice(0, 19).replace('T', ' ');
}

/** A question's bound (min or max date) in the form its answers are compared in, or null when unset or unreadable. */
export function dateBound(bound: string | null, withTime: boolean): string | null {
  if (!bound || !bound.trim()) return null;
  const b = bound.trim();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(b) ? b : null;
  if (!withTime) return day ?? parseDate(b, true)?.slice(0, 10) ?? null;
  return parseDate(day ? `${day} 00:00:00` : b, true);
}

/** The posted keys of a question starting with `<tag>_` (its choices, rows, cells, comment). */
export function keysOf(values: PostedAnswers, tag: string): string[] {
  return Object.keys(values).filter((k) => k.startsWith(`${tag}_`) && values[k] !== undefined);
}

/** The message a question's posted answer gets, or null when it passes. */
export function validateQuestion(q: QuestionSpec, values: PostedAnswers): string | null {
  const tag = questionTag(q);
  const answer = text(values[tag]);
  switch (q.type) {
    case 'free_text':
      if (q.constr_mandatory && blank(answer)) return q.constr_error_msg;
      return answer.length > FREE_TEXT_MAX ? MSG_TOO_LONG : null;
    case 'textbox': {
      if (q.constr_mandatory && blank(answer)) return q.constr_error_msg;
      if (answer.length > TEXT_MAX) return MSG_TOO_LONG;
      const a = answer.trim();
      if (a && q.validation_email && !EMAIL.test(a)) return MSG_EMAIL;
      if (a && q.validation_required) {
        const min = q.validation_length_min ?? 0;
        const max = q.validation_length_max ?? Infinity;
        if (a.length < min || a.length > max) return q.validation_error_msg;
      }
      return null;
    }
    case 'numerical_box': {
      if (q.constr_mandatory && blank(answer)) return q.constr_error_msg;
      if (blank(answer)) return null;
      const n = parseNumber(answer);
      if (n === null) return MSG_NUMBER;
      if (q.validation_required) {
        const min = q.validation_min_float_value ?? -Infinity;
        const max = q.validation_max_float_value ?? Infinity;
        if (n < min || n > max) return q.validation_error_msg;
      }
      return null;
    }
    case 'date':
    case 'datetime': {
      if (q.constr_mandatory && blank(answer)) return q.constr_error_msg;
      if (blank(answer)) return null;
      const withTime = q.type === 'datetime';
      const d = parseDate(answer, withTime);
      if (d === null) return withTime ? MSG_DATETIME : MSG_DATE;
      if (q.validation_required) {
        const min = dateBound(q.validation_min_date, withTime);
        const max = dateBound(q.validation_max_date, withTime);
        if ((min && d < min) || (max && d > max)) return q.validation_error_msg;
      }
      return null;
    }
    case 'simple_choice': {
      const comment = values[`${tag}_comment`];
      if (text(comment).length > TEXT_MAX) return MSG_TOO_LONG;
      if (!q.constr_mandatory) return null;
      if (blank(answer)) return q.constr_error_msg;
      if (answer === '-1' && q.comment_count_as_answer && blank(comment)) return q.constr_error_msg;
      return null;
    }
    case 'multiple_choice': {
      const comment = text(values[`${tag}_comment`]);
      if (comment.length > TEXT_MAX) return MSG_TOO_LONG;
      if (!q.constr_mandatory) return null;
      const candidates = keysOf(values, tag).filter((k) => k !== `${tag}_-1` && k !== `${tag}_comment`);
      const other = values[`${tag}_-1`] !== undefined;
      if (candidates.length && candidates.every((k) => blank(values[k]))) return q.constr_error_msg;
      if (!candidates.length && q.comment_count_as_answer && (!other || blank(comment))) return q.constr_error_msg;
      if (!candidates.length && !q.comment_count_as_answer) return q.constr_error_msg;
      return null;
    }
    case 'matrix': {
      if (text(values[`${tag}_comment`]).length > TEXT_MAX) return MSG_TOO_LONG;
      if (!q.constr_mandatory) return null;
      const cells = keysOf(values, tag).filter((k) => k !== `${tag}_comment` && !blank(values[k]));
      const answeredRows = q.matrix_subtype === 'simple' ? cells.length : new Set(cells.map((k) => k.slice(0, k.lastIndexOf('_')))).size;
      return answeredRows !== q.rows.length ? q.constr_error_msg : null;
    }
    default:
      return null;
  }
}

/** The page's form as one yup schema: a test per question tag, reading the sibling keys it needs. */
export function pageSchema(questions: QuestionSpec[]): ObjectSchema<AnyObject> {
  const shape: Record<string, ReturnType<typeof mixed>> = {};
  for (const q of questions) {
    shape[questionTag(q)] = mixed().test(`q${q.id}`, '', function check() {
      const message = validateQuestion(q, this.parent as PostedAnswers);
      return message ? this.createError({ message }) : true;
    });
  }
  return object(shape);
}

/** Every question's message at once (what the submit answers), keyed by tag. */
export function validatePage(questions: QuestionSpec[], values: PostedAnswers): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const q of questions) {
    const m = validateQuestion(q, values);
    if (m) errors[questionTag(q)] = m;
  }
  return errors;
}
