import { useEffect, useMemo, useState } from 'react';
import { useBackoffice } from './backoffice-context';
import { datesFor, formatValue } from './format';
import { FieldInput } from './field-input';
import { AUDIT_FIELDS, callKw, defaultColumns, fieldsOf, translateFields, type Fields } from './orm';
import { ScrollRegion } from './scroll-region';

export interface Line {
  /** Database id, or absent for a line not saved yet. */
  id?: number;
  key: string;
  values: Record<string, unknown>;
  changed: Record<string, unknown>;
  removed?: boolean;
}

/** The x2many commands that save the edited lines ([0,0,vals] new, [1,id,vals] changed, [2,id] removed). */
export function lineCommands(lines: Line[]): unknown[] {
  return lines.flatMap((l): unknown[] => {
    if (l.removed) return l.id ? [[2, l.id]] : [];
    if (!l.id) return [[0, 0, l.changed]];
    return Object.keys(l.changed).length ? [[1, l.id, l.changed]] : [];
  });
}

let nextKey = 1;
/** Read-only lines (statistics such as a link's clicks, possibly thousands) show the first ones only. */
const READ_ONLY_LINES = 20;

/**
 * one2many: the lines as a table whose cells are edited in place; saved with the record. A read-only
 * field shows them as text (no inputs, no remove buttons): the first lines and how many there are.
 */
export function One2manyLines({ fieldName, label, model, inverse, ids, lines, setLines, readOnly }: {
  fieldName: string; label: string; model: string; inverse?: string; ids: number[]; lines: Line[] | null; setLines(l: Line[]): void; readOnly?: boolean;
}) {
  const { data, _t } = useBackoffice();
  const dates = useMemo(() => datesFor(data.language), [data.language]);
  const [fields, setFields] = useState<Fields | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fieldsOf(model).then((f) => setFields(translateFields(f, _t)), (e: Error) => setError(e.message));
  }, [model, _t]);
  const columns = useMemo(() => {
    if (!fields) return [];
    const shown = defaultColumns(fields).filter((c) => c !== inverse && !AUDIT_FIELDS.has(c) && (readOnly || !fields[c].readonly));
    // Read-only lines are records of what happened: when is worth a column.
    return readOnly && fields.create_date ? ['create_date', ...shown] : shown;
  }, [fields, inverse, readOnly]);
  useEffect(() => {
    if (!fields || lines !== null) return;
    if (!ids.length) return setLines([]);
    // Only the latest read counts: an earlier one answering late must not replace lines being edited.
    let live = true;
    callKw<Array<Record<string, unknown>>>(model, 'read', [readOnly ? ids.slice(0, READ_ONLY_LINES) : ids, columns]).then(
      (rows) => live && setLines(rows.map((r) => ({ id: r.id as number, key: `l${r.id as number}`, values: r, changed: {} }))),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [fields, ids, lines, model, columns, setLines, readOnly]);
  if (error) return <div className="alert alert-warning small">{error}</div>;
  if (!fields || !lines) return <p className="small">{_t('Loading…')}</p>;
  const update = (key: string, name: string, v: unknown) => setLines(lines.map((l) => (l.key === key ? { ...l, values: { ...l.values, [name]: v }, changed: { ...l.changed, [name]: toWrite(fields[name].type, v) } } : l)));
  const shown = lines.filter((l) => !l.removed);
  if (readOnly) {
    return (
      <div data-field={fieldName}>
        {shown.length ? (
          <ScrollRegion label={label}>
            <table className="table table-sm align-middle one2many one2many-readonly">
              <caption className="visually-hidden">{label}</caption>
              <thead><tr>{columns.map((c) => <th key={c} scope="col">{fields[c].string}</th>)}</tr></thead>
              <tbody>
                {shown.map((l) => (
                  <tr key={l.key}>
                    {columns.map((c) => <td key={c} className={fields[c].type === 'datetime' ? 'text-nowrap' : undefined}>{formatValue(fields[c], l.values[c], dates, _t)}</td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        ) : null}
        <p className="small text-body-secondary mb-0 one2many-count">
          {ids.length > shown.length ? `${shown.length} / ${ids.length} ${_t('lines shown')}` : `${ids.length} ${_t('lines')}`}
        </p>
      </div>
    );
  }
  return (
    <>
      <ScrollRegion label={label}>
        <table className="table table-sm align-middle one2many" data-field={fieldName}>
          <thead><tr>{columns.map((c) => <th key={c} scope="col">{fields[c].string}</th>)}<th scope="col"><span className="visually-hidden">{_t('Actions')}</span></th></tr></thead>
          <tbody>
            {shown.map((l, row) => (
              <tr key={l.key}>
                {columns.map((c) => (
                  <td key={c}>
                    <FieldInput id={`${fieldName}-${row}-${c}`} name={c} field={fields[c]} value={l.values[c] ?? false} dates={dates}
                      label={`${fields[c].string} (${_t('line')} ${row + 1})`} onChange={(v) => update(l.key, c, v)} />
                  </td>
                ))}
                <td className="text-end">
                  <button type="button" className="btn btn-sm btn-outline-danger" aria-label={`${_t('Remove line')} ${row + 1}`}
                    onClick={() => setLines(lines.map((x) => (x.key === l.key ? { ...x, removed: true } : x)))}>×</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <button type="button" className="btn btn-sm btn-outline-secondary add-line" onClick={() => setLines([...lines, { key: `n${nextKey++}`, values: {}, changed: {} }])}>{_t('Add a line')}</button>
    </>
  );
}

/** A value as `write` takes it (a many2one as its id). */
export function toWrite(type: string, v: unknown): unknown {
  if (type === 'many2one') return Array.isArray(v) ? v[0] : false;
  if (type === 'many2many') return [[6, 0, (v as Array<[number, string]>).map((x) => x[0])]];
  if (type === 'image' && typeof v === 'string') return v.replace(/^data:[^,]*;base64,/, '');
  return v;
}
