/*
 * How a website form's posted strings become field values: one module for the server (the authority)
 * and the browser (the same messages before posting). Pure: dates are parsed by the DateParser each side
 * passes in (moment, strict), and time zones are resolved with Intl, which both sides have.
 */
import { utcText } from '@platform/common';

/** The field types a form may write (readonly, computed and system fields never reach this list). */
export type FormFieldType = 'char' | 'text' | 'html' | 'selection' | 'integer' | 'float' | 'monetary' | 'boolean'
  | 'date' | 'datetime' | 'many2one' | 'many2many';

/** What the conversion needs to know of a whitelisted field. */
export interface FormFieldSpec {
  name: string;
  type: FormFieldType;
  required?: boolean;
  /** char: most characters. */
  size?: number;
  /** selection: the allowed keys. */
  selection?: string[];
}

/** The parts of a date (and time) read from a text. */
export interface DateParts { year: number; month: number; day: number; hour: number; minute: number; second: number }

/** Strict parsing of `text` in a moment format (`DD/MM/YYYY`, `MM/DD/YYYY HH:mm:ss`...); null when it does not match. */
export type DateParser = (text: string, format: string) => DateParts | null;

export interface ConversionContext {
  /** The site language's formats (res.lang date_format / time_format, moment tokens). */
  dateFormat: string;
  timeFormat: string;
  parse: DateParser;
  /** IANA zone the visitor typed datetimes in (the browser's, else UTC). */
  timeZone: string;
}

/** The spec's two messages, `%s` being the text typed. */
export const DATE_MESSAGE = "'%s' is not a correct date";
export const DATETIME_MESSAGE = "'%s' is not a correct datetime";

/** Longest text accepted in a text or html field (a char field has its own size). */
export const MAX_TEXT_CHARS = 10_000;
/** Most ids in one many2many field. */
export const MAX_LIST_IDS = 50;

const TRUE = new Set(['true', 'on', '1', 'yes']);
const FALSE = new Set(['false', 'off', '0', 'no', '']);

export type Converted = { ok: true; value: unknown } | { ok: false; message: string };

/** A format's variant without leading zeros (`DD/MM/YYYY HH:mm` -> `D/M/YYYY H:mm`): both are accepted. */
export function withoutLeadingZeros(format: string): string {
  return format.replace(/\bDD\b/g, 'D').replace(/\bMM\b/g, 'M').replace(/\bHH\b/g, 'H').replace(/\bhh\b/g, 'h');
}

/** Parses a date typed in the language's format, with or without leading zeros. */
export function parseFormDate(text: string, format: string, parse: DateParser): DateParts | null {
  const trimmed = text.trim();
  return parse(trimmed, format) ?? parse(trimmed, withoutLeadingZeros(format));
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Minutes `timeZone` is ahead of UTC at the instant `utcMs`. */
function zoneOffsetMinutes(utcMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60000);
}

/** Whether Intl knows the zone (a posted zone is untrusted text). */
export function isKnownTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The UTC text of a wall-clock time in `timeZone` (daylight saving included). */
export function zonedToUtc(p: DateParts, timeZone: string): string {
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  let utc = wall - zoneOffsetMinutes(wall, timeZone) * 60000;
  // Once more at the instant found: the offset may differ across a daylight-saving change.
  utc = wall - zoneOffsetMinutes(utc, timeZone) * 60000;
  return utcText(utc);
}

function ids(raw: string[]): number[] | null {
  const out: number[] = [];
  for (const part of raw.flatMap((r) => r.split(','))) {
    const t = part.trim();
    if (!t) continue;
    if (!/^\d{1,9}$/.test(t) || Number(t) === 0) return null;
    out.push(Number(t));
  }
  return [...new Set(out)];
}

/**
 * Converts what was posted for one field (one string, or several for a repeated name) to the value
 * written. Empty values were dropped before; `raw` is never empty here.
 */
export function convertValue(spec: FormFieldSpec, raw: string[], ctx: ConversionContext): Converted {
  const first = raw[0] ?? '';
  const bad = (message = `Invalid value for ${spec.name}`): Converted => ({ ok: false, message });
  switch (spec.type) {
    case 'char': {
      const value = raw.join(', ');
      return spec.size && value.length > spec.size ? bad(`At most ${spec.size} characters.`) : { ok: true, value };
    }
    case 'text':
    case 'html': {
      // html fields get text: the server escapes it (nobody posts markup into a record from a public form).
      const value = raw.join('\n');
      return value.length > MAX_TEXT_CHARS ? bad(`At most ${MAX_TEXT_CHARS} characters.`) : { ok: true, value };
    }
    case 'selection':
      return spec.selection?.includes(first) ? { ok: true, value: first } : bad('Choose one of the options.');
    case 'integer':
      return /^-?\d{1,9}$/.test(first.trim()) ? { ok: true, value: Number(first.trim()) } : bad('A whole number is expected.');
    case 'float':
    case 'monetary':
      return /^-?\d{1,12}([.,]\d{1,6})?$/.test(first.trim()) ? { ok: true, value: Number(first.trim().replace(',', '.')) } : bad('A number is expected.');
    case 'boolean': {
      const t = first.trim().toLowerCase();
      if (TRUE.has(t)) return { ok: true, value: true };
      if (FALSE.has(t)) return { ok: true, value: false };
      return bad('Yes or no is expected.');
    }
    case 'date': {
      const p = parseFormDate(first, ctx.dateFormat, ctx.parse);
      return p ? { ok: true, value: `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}` } : bad(DATE_MESSAGE.replace('%s', first));
    }
    case 'datetime': {
      const p = parseFormDate(first, `${ctx.dateFormat} ${ctx.timeFormat}`, ctx.parse);
      return p ? { ok: true, value: zonedToUtc(p, ctx.timeZone) } : bad(DATETIME_MESSAGE.replace('%s', first));
    }
    case 'many2one': {
      const list = ids([first]);
      return list && list.length === 1 ? { ok: true, value: list[0] } : bad('Choose one of the options.');
    }
    case 'many2many': {
      const list = ids(raw);
      if (!list) return bad('Choose among the options.');
      return list.length > MAX_LIST_IDS ? bad(`At most ${MAX_LIST_IDS} choices.`) : { ok: true, value: list };
    }
    default:
      return bad();
  }
}

/** `attachments[0]` -> `attachments`: files are posted as name[index] and belong to `name`. */
export function fileFieldName(posted: string): string {
  return posted.replace(/\[\d{1,4}\]$/, '');
}

/**
 * Posted fields grouped by name: a repeated name becomes a list, empty values are dropped, and a name
 * whose values were all empty is left out.
 */
export function groupPosted(posted: Record<string, string | string[] | undefined>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(posted)) {
    const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    if (values.length) out[name] = values;
  }
  return out;
}
