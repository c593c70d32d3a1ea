import { dateFormatter, type DateFormatter } from '../../client/dates';
import type { LanguageInfo } from '../../client/web-context';
import type { FieldInfo } from './orm';

export function datesFor(language: LanguageInfo): DateFormatter {
  return dateFormatter(language.dateFormat, language.timeFormat, language.code);
}

/** A value as a list cell or read-only field shows it, dates in the user's language format. */
export function formatValue(field: FieldInfo | undefined, value: unknown, dates: DateFormatter, _t: (s: string) => string): string {
  if (!field) return value === false || value == null ? '' : String(value);
  switch (field.type) {
    case 'boolean':
      return value ? _t('Yes') : _t('No');
    case 'many2one':
      return Array.isArray(value) ? String(value[1]) : '';
    case 'many2many':
    case 'one2many':
      return Array.isArray(value) ? `${value.length} ${_t('records')}` : '';
    case 'selection':
      return value ? field.selection?.find(([k]) => k === value)?.[1] ?? String(value) : '';
    case 'date':
      return typeof value === 'string' ? dates.date(value) : '';
    case 'datetime':
      return typeof value === 'string' ? dates.datetime(value) : '';
    case 'image':
    case 'binary':
      return value ? _t('(file)') : '';
    case 'json':
      return value === false || value == null ? '' : JSON.stringify(value);
    default:
      return value === false || value == null ? '' : String(value);
  }
}
