/*
 * Event dates as people read them: in the event's own time zone (a talk at 9:00 in Brussels is at 9:00
 * for everyone reading about it), in the page's language. Stored dates are UTC text (`YYYY-MM-DD HH:MM:SS`).
 */
const utc = (text: string) => new Date(`${text.replace(' ', 'T')}Z`);
const locale = (lang: string) => lang.replace('_', '-');

/** "Mar 5" or "Mar 5–7" (or "Mar 30 – Apr 2") in the event's time zone. */
export function shortRange(begin: string, end: string, tz: string, lang = 'en_US'): string {
  const day = new Intl.DateTimeFormat(locale(lang), { timeZone: tz, month: 'short', day: 'numeric' });
  const b = day.format(utc(begin));
  const e = day.format(utc(end));
  return b === e ? b : `${b} – ${e}`;
}

/** "Thursday, March 5, 2026, 9:00 AM" in the event's time zone. */
export function longDate(moment: string, tz: string, lang = 'en_US'): string {
  return new Intl.DateTimeFormat(locale(lang), { timeZone: tz, dateStyle: 'full', timeStyle: 'short' }).format(utc(moment));
}

/** "9:00 AM" in the event's time zone. */
export function timeOf(moment: string, tz: string, lang = 'en_US'): string {
  return new Intl.DateTimeFormat(locale(lang), { timeZone: tz, timeStyle: 'short' }).format(utc(moment));
}

/** The day (YYYY-MM-DD) of a moment in a time zone. */
export function dayIn(moment: string, tz: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(utc(moment));
  return parts;
}

/** "Thursday, March 5" for an agenda day (YYYY-MM-DD). */
export function dayTitle(day: string, lang = 'en_US'): string {
  return new Intl.DateTimeFormat(locale(lang), { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(new Date(`${day}T12:00:00Z`));
}

/** The calendar day (year, month 1-12, day) of an instant in a time zone. */
export function calendarDayIn(ms: number, tz: string): { year: number; month: number; day: number } {
  const [year, month, day] = dayIn(new Date(ms).toISOString().slice(0, 19).replace('T', ' '), tz).split('-').map(Number);
  return { year, month, day };
}

/** Milliseconds `tz` is ahead of UTC at the instant `ms`. */
function offsetMs(ms: number, tz: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
    .formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second')) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant midnight starts a calendar day in a time zone (`month` and `day` may overflow, as in
 * Date.UTC: day 32 is the next month's first). Twice, for a day whose offset changes overnight.
 */
export function midnightIn(year: number, month: number, day: number, tz: string): number {
  const wall = Date.UTC(year, month - 1, day);
  const first = wall - offsetMs(wall, tz);
  return wall - offsetMs(first, tz);
}
