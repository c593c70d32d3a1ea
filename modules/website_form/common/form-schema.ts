/*
 * A website form's rules as one yup schema built from the form's fields: formik checks it in the
 * browser, and the endpoint checks the very same schema on what was posted (the server is the
 * authority; the conversions of form-values.ts then apply the target model's field types).
 */
import { EMAIL_RE } from '@platform/common';
import { mixed, object, type AnyObject, type ObjectSchema, ValidationError } from 'yup';
import { FILE_ACCEPT, type FormInput, MAX_FILE_BYTES, MAX_FILES } from './form-block';
import { DATE_MESSAGE, DATETIME_MESSAGE, type DateParser, MAX_TEXT_CHARS, parseFormDate } from './form-values';

/** A file as both sides see it: the browser's File and the server's upload both give these. */
export interface FileInfo { name: string; size: number }
/** One field's value: text, the ticks of a checkbox group, a single checkbox, or files. */
export type FormValue = string | string[] | boolean | FileInfo[];
export type FormValues = Record<string, FormValue>;

export interface SchemaContext {
  /** The language's formats (moment tokens). */
  dateFormat: string;
  timeFormat: string;
  parse: DateParser;
  /** Translates a message (the page's language in the browser, the request's on the server). */
  t: (text: string) => string;
}

/** Most characters of a one-line input (a model's char field may have its own, smaller size). */
export const MAX_LINE_CHARS = 256;

const NUMBER = /^-?\d{1,12}([.,]\d{1,6})?$/;
const ACCEPTED_EXTENSIONS = FILE_ACCEPT.split(',');

export const MESSAGES = {
  required: 'This field is required.',
  tickOne: 'Tick at least one option.',
  attachOne: 'Attach at least one file.',
  email: 'Enter a valid e-mail address, such as name@example.com.',
  url: 'Enter a full web address, such as https://example.com.',
  number: 'Enter a number.',
  choice: 'Choose one of the options.',
  tooLong: 'At most %s characters.',
  tooManyFiles: 'At most %s files.',
  fileTooLarge: 'A file is too large: at most %s MB each.',
  fileType: 'This type of file is not accepted (PDF, images, ZIP, text).',
} as const;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function list<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return Boolean(url.protocol && (url.host || url.protocol === 'mailto:' || url.protocol === 'tel:'));
  } catch {
    return false;
  }
}

/** The problem of one input's value, or null (the rules, in the order a person fixes them). */
export function inputProblem(input: FormInput, value: unknown, ctx: SchemaContext): string | null {
  const { t } = ctx;
  const allowed = new Set(input.choices.map(([v]) => v));
  switch (input.type) {
    case 'hidden':
      return null;
    case 'checkbox':
      return input.required && value !== true ? t(MESSAGES.required) : null;
    case 'checkboxes': {
      const ticked = list<string>(value);
      if (input.required && !ticked.length) return t(MESSAGES.tickOne);
      return input.checkChoices && ticked.some((v) => !allowed.has(v)) ? t(MESSAGES.choice) : null;
    }
    case 'file': {
      const files = list<FileInfo>(value);
      if (input.required && !files.length) return t(MESSAGES.attachOne);
      if (files.length > MAX_FILES) return t(MESSAGES.tooManyFiles).replace('%s', String(MAX_FILES));
      if (files.some((f) => f.size > MAX_FILE_BYTES)) return t(MESSAGES.fileTooLarge).replace('%s', String(MAX_FILE_BYTES / (1024 * 1024)));
      const bad = files.some((f) => !ACCEPTED_EXTENSIONS.some((ext) => f.name.toLowerCase().endsWith(ext)));
      return bad ? t(MESSAGES.fileType) : null;
    }
    default: {
      const typed = text(value);
      if (!typed.trim()) return input.required ? t(MESSAGES.required) : null;
      const max = input.type === 'textarea' ? MAX_TEXT_CHARS : MAX_LINE_CHARS;
      if (typed.length > max) return t(MESSAGES.tooLong).replace('%s', String(max));
      switch (input.type) {
        case 'email': return EMAIL_RE.test(typed.trim()) ? null : t(MESSAGES.email);
        case 'url': return isUrl(typed.trim()) ? null : t(MESSAGES.url);
        case 'number': return NUMBER.test(typed.trim()) ? null : t(MESSAGES.number);
        case 'date':
          return parseFormDate(typed, ctx.dateFormat, ctx.parse) ? null : t(DATE_MESSAGE).replace('%s', typed);
        case 'datetime':
          return parseFormDate(typed, `${ctx.dateFormat} ${ctx.timeFormat}`, ctx.parse) ? null : t(DATETIME_MESSAGE).replace('%s', typed);
        case 'select':
        case 'radio':
          return input.checkChoices && !allowed.has(typed) ? t(MESSAGES.choice) : null;
        default:
          return null;
      }
    }
  }
}

/** The form's schema: one test per input, named by the input (formik marks the field it names). */
export function formSchema(inputs: FormInput[], ctx: SchemaContext): ObjectSchema<AnyObject> {
  const shape: Record<string, ReturnType<typeof mixed>> = {};
  for (const input of inputs) {
    if (input.type === 'hidden') continue;
    shape[input.name] = mixed().test(input.name, '', function check(value) {
      const problem = inputProblem(input, value, ctx);
      return problem ? this.createError({ message: problem }) : true;
    });
  }
  return object(shape);
}

/** The values a form starts with: empty, or what a refused post without JavaScript had typed. */
export function initialFormValues(inputs: FormInput[], typed: Record<string, string | string[]> = {}): FormValues {
  const values: FormValues = {};
  for (const input of inputs) {
    const given = typed[input.name];
    const all = Array.isArray(given) ? given : given === undefined ? [] : [given];
    if (input.type === 'hidden') continue;
    if (input.type === 'checkbox') values[input.name] = all.some((v) => CHECKED.has(v.trim().toLowerCase()));
    else if (input.type === 'checkboxes') values[input.name] = all;
    else if (input.type === 'file') values[input.name] = [];
    else values[input.name] = all[0] ?? '';
  }
  return values;
}

const CHECKED = new Set(['true', 'on', '1', 'yes']);

/**
 * The values a post carries, in the schema's shape: the posted strings by name (repeated names as
 * lists) and the files by field (`name[index]` already folded to `name`).
 */
export function postedFormValues(inputs: FormInput[], posted: Record<string, string[]>, files: Array<{ field: string; name: string; size: number }>): FormValues {
  const values = initialFormValues(inputs, posted);
  for (const input of inputs) {
    if (input.type === 'file') values[input.name] = files.filter((f) => f.field === input.name).map((f) => ({ name: f.name, size: f.size }));
  }
  return values;
}

/** Every field's message at once (what the server answers), by field name. */
export async function schemaErrors(schema: ObjectSchema<AnyObject>, values: FormValues): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const errors: Record<string, string> = {};
    for (const e of err.inner.length ? err.inner : [err]) if (e.path && !errors[e.path]) errors[e.path] = e.message;
    return errors;
  }
}
