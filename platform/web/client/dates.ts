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

export function dateFormatter(dateFormat: string, timeFormat: string): DateFormatter {
  return {
    date: (v) => parse(v).format(dateFormat),
    datetime: (v) => parse(v).format(`${dateFormat} ${timeFormat}`),
    time: (v) => parse(v).format(timeFormat),
    fromNow: (v) => parse(v).fromNow(),
  };
}

/** Dates in the visitor's language formats (res.lang date_format / time_format). */
export function useDates(): DateFormatter {
  const { dateFormat, timeFormat } = useLanguage();
  return useMemo(() => dateFormatter(dateFormat, timeFormat), [dateFormat, timeFormat]);
}
