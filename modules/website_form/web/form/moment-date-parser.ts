import moment from 'moment';
import type { DateParser } from '../../common/form-values';

/**
 * Strict parsing with moment (the browser's form and the server's check use this same function): the
 * text must match the format exactly and be a real date (no 31 February).
 */
export const momentDateParser: DateParser = (text, format) => {
  const m = moment(text, format, true);
  if (!m.isValid()) return null;
  if (m.year() < 1 || m.year() > 9999) return null;
  return { year: m.year(), month: m.month() + 1, day: m.date(), hour: m.hour(), minute: m.minute(), second: m.second() };
};
