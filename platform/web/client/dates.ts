import moment from 'moment';
import { useMemo } from 'react';
import { useLanguage } from './web-context';

export interface DateFormatter {
  date(value: string | Date): string;
  datetime(value: string | Date): string;
  time(value: string | Date): string;
  fromNow(value: string | Date): string;
}

/** Server timestamps are UTC strings without zone (`YYYY-MM-DD HH:mm:ss`); show them in local time. */
function parse(value: string | Date): moment.Moment {
  if (value instanceof Date) return moment(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? moment(value, 'YYYY-MM-DD') : moment.utc(value).local();
}

const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number, number]> = [
  // unit, seconds in it, used below this many seconds (moment's thresholds)
  ['second', 1, 45], ['minute', 60, 45 * 60], ['hour', 3600, 22 * 3600], ['day', 86400, 26 * 86400],
  ['month', 30 * 86400, 320 * 86400], ['year', 365 * 86400, Infinity],
];

/**
 * "3 minutes ago" in the page's language (`fr_FR` -> "il y a 3 minutes") through the browser's own
 * Intl data, so no moment locale is shipped.
 */
function relativeTime(value: moment.Moment, locale: string): string {
  const seconds = (value.valueOf() - Date.now()) / 1000;
  const [unit, size] = RELATIVE_UNITS.find(([, , below]) => Math.abs(seconds) < below)!;
  return new Intl.RelativeTimeFormat(locale.replace('_', '-'), { numeric: 'auto' }).format(Math.round(seconds / size), unit);
}

/** `locale` (a res.lang code such as `fr_FR`) words relative times; without it they are moment's English. */
export function dateFormatter(dateFormat: string, timeFormat: string, locale?: string): DateFormatter {
  return {
    date: (v) => parse(v).format(dateFormat),
    datetime: (v) => parse(v).format(`${dateFormat} ${timeFormat}`),
    time: (v) => parse(v).format(timeFormat),
    fromNow: (v) => (locale ? relativeTime(parse(v), locale) : parse(v).fromNow()),
  };
}

/** Dates in the visitor's language formats (res.lang date_format / time_format) and words. */
export function useDates(): DateFormatter {
  const { dateFormat, timeFormat, code } = useLanguage();
  return useMemo(() => dateFormatter(dateFormat, timeFormat, code), [dateFormat, timeFormat, code]);
}
