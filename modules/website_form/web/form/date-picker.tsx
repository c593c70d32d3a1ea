import moment from 'moment';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLanguage, useT } from '@platform/web/client';

/** The picker's range: 1900 to 200 years ahead (the spec's). */
export const PICKER_MIN_YEAR = 1900;
export const pickerMaxYear = () => new Date().getFullYear() + 200;

/**
 * A month calendar with ISO week numbers, opened from a date or datetime input: picking a day writes
 * it in the language's format (a datetime keeps the time typed, else midnight). Keyboard: the days
 * are buttons, Escape closes.
 */
export function DatePicker({ value, format, timeFormat, onPick, onClose, label }: {
  value: string; format: string; timeFormat?: string; label: string;
  onPick: (text: string) => void; onClose: () => void;
}) {
  const _t = useT();
  // Month and day names in the page's language, from the browser's own data (no moment locale shipped).
  const locale = useLanguage().code.replace('_', '-');
  const monthNames = useMemo(() => Array.from({ length: 12 }, (_, i) => new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, i, 1))), [locale]);
  const dayNames = useMemo(() => Array.from({ length: 7 }, (_, i) => new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1 + i))), [locale]);
  const full = timeFormat ? `${format} ${timeFormat}` : format;
  const typed = moment(value, full, false);
  const start = typed.isValid() && typed.year() >= PICKER_MIN_YEAR && typed.year() <= pickerMaxYear() ? typed : moment();
  const [month, setMonth] = useState(() => start.clone().startOf('month'));
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => { panel.current?.querySelector<HTMLElement>('select')?.focus(); }, []);

  const weeks = useMemo(() => {
    const first = month.clone().startOf('isoWeek');
    const last = month.clone().endOf('month').endOf('isoWeek');
    const rows: moment.Moment[][] = [];
    for (const d = first.clone(); d.isBefore(last); d.add(1, 'week')) rows.push([0, 1, 2, 3, 4, 5, 6].map((i) => d.clone().add(i, 'day')));
    return rows;
  }, [month]);
  const years: number[] = [];
  for (let y = PICKER_MIN_YEAR; y <= pickerMaxYear(); y++) years.push(y);
  const move = (months: number) => {
    const next = month.clone().add(months, 'month');
    if (next.year() >= PICKER_MIN_YEAR && next.year() <= pickerMaxYear()) setMonth(next);
  };
  const pick = (day: moment.Moment) => {
    const keep = typed.isValid() ? typed : moment().startOf('day');
    const chosen = day.clone().hour(keep.hour()).minute(keep.minute()).second(keep.second());
    onPick(chosen.format(full));
  };

  return (
    <div ref={panel} className="wf-date-picker card shadow p-2" role="dialog" aria-label={label}
      onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); onClose(); } }}>
      <div className="d-flex gap-1 align-items-center mb-2">
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => move(-1)} aria-label={_t('Previous month')}>‹</button>
        <select className="form-select form-select-sm" aria-label={_t('Month')} value={month.month()} onChange={(e) => setMonth(month.clone().month(Number(e.target.value)))}>
          {monthNames.map((m, i) => <option key={m} value={i}>{m}</option>)}
        </select>
        <select className="form-select form-select-sm" aria-label={_t('Year')} value={month.year()} onChange={(e) => setMonth(month.clone().year(Number(e.target.value)))}>
          {years.map((y) => <option key={y} value={y}>{y}</option>)}
        </select>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => move(1)} aria-label={_t('Next month')}>›</button>
      </div>
      <table className="table table-sm text-center mb-1 wf-calendar">
        <thead>
          <tr>
            <th scope="col" className="text-body-secondary"><abbr title={_t('Week')}>{_t('Wk')}</abbr></th>
            {dayNames.map((d) => <th scope="col" key={d}>{d}</th>)}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0].format('YYYY-MM-DD')}>
              <th scope="row" className="text-body-secondary fw-normal wf-week">{week[3].isoWeek()}</th>
              {week.map((day) => (
                <td key={day.format('YYYY-MM-DD')} className="p-0">
                  <button type="button" className={`btn btn-sm w-100 ${day.month() === month.month() ? '' : 'text-body-secondary'} ${typed.isValid() && day.isSame(typed, 'day') ? 'btn-primary' : 'btn-link text-decoration-none'}`}
                    aria-label={new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(day.year(), day.month(), day.date()))} onClick={() => pick(day)}>{day.date()}</button>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="text-end"><button type="button" className="btn btn-sm btn-outline-secondary" onClick={onClose}>{_t('Close')}</button></div>
    </div>
  );
}
