import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useBackoffice } from './backoffice-context';
import { FieldInput } from './field-input';
import { datesFor } from './format';
import { One2manyLines, lineCommands, toWrite, type Line } from './one2many-lines';
import { AUDIT_FIELDS, callKw, fieldsOf, translateFields, type Fields } from './orm';
import { useRecordTitle } from './record-title';
import { useUnsavedChanges } from './unsaved-changes';

type Values = Record<string, unknown>;
const WIDE = new Set(['text', 'html', 'one2many', 'many2many', 'json', 'image']);

/** many2many ids -> [id, name] pairs for the tags. */
async function withNames(fields: Fields, record: Values): Promise<Values> {
  const out = { ...record };
  for (const [name, f] of Object.entries(fields)) {
    if (f.type !== 'many2many' || !Array.isArray(record[name])) continue;
    const ids = record[name] as number[];
    out[name] = ids.length ? await callKw<Array<[number, string]>>(f.relation!, 'name_search', [], { args: [['id', 'in', ids]], limit: ids.length }) : [];
  }
  return out;
}

/**
 * The form of any model from its metadata: every field type, create, edit, duplicate and delete (with
 * a confirmation), translated fields per language; all through call_kw, so the server's rights and
 * record rules decide, and its refusals are shown. `extraActions` lets a replacing view add buttons.
 */
export function GenericForm({ model, id, extraActions }: { model: string; id?: number; extraActions?: (record: Values, reload: () => void) => ReactNode }) {
  const { data, _t, route, navigate } = useBackoffice();
  const dates = useMemo(() => datesFor(data.language), [data.language]);
  const [fields, setFields] = useState<Fields | null>(null);
  const [record, setRecord] = useState<Values | null>(null);
  const [title, setTitle] = useState<string | null>(null);
  const [changes, setChanges] = useState<Values>({});
  const [lines, setLines] = useState<Record<string, Line[] | null>>({});
  const [lang, setLang] = useState(data.session.lang);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // While a record (or another language of it) loads, nothing can be typed that the load would drop.
  const [loading, setLoading] = useState(true);
  const [missing, setMissing] = useState<string[]>([]);
  const deleteButton = useRef<HTMLButtonElement>(null);
  // One timer hides the "Saved." message; a new save cancels the last one's, or that stale timer
  // would hide this save's message moments after it shows.
  const savedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(savedTimer.current), []);

  const load = useCallback(async () => {
    setError(null);
    setLoading(true);
    try {
      const f = translateFields(await fieldsOf(model), _t);
      setFields(f);
      if (id) {
        const [[row], named] = await Promise.all([
          callKw<Values[]>(model, 'read', [[id]], { context: { lang } }),
          // The record's display name (its model's name field, whichever it is).
          callKw<Array<[number, string]>>(model, 'name_search', [], { args: [['id', '=', id]], limit: 1, context: { lang } }),
        ]);
        setRecord(await withNames(f, row));
        setTitle(named[0]?.[1] || `#${id}`);
      } else {
        const defaults = await callKw<Values>(model, 'default_get', [Object.keys(f).filter((n) => !f[n].readonly)]);
        setRecord(await withNames(f, defaults));
      }
      setChanges({});
      setLines({});
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setLoading(false);
    }
  }, [model, id, lang, _t]);
  useEffect(() => {
    load();
  }, [load]);

  const values = useMemo(() => ({ ...record, ...changes }), [record, changes]);
  // One setter per one2many field, stable across renders (the lines' loading effect depends on it).
  const setters = useRef(new Map<string, (l: Line[]) => void>());
  const setLinesOf = (n: string) => {
    let set = setters.current.get(n);
    if (!set) {
      set = (l: Line[]) => setLines((prev) => ({ ...prev, [n]: l }));
      setters.current.set(n, set);
    }
    return set;
  };
  useRecordTitle(id ? title : null);
  const dirty = Object.keys(changes).length > 0 || Object.values(lines).some((l) => l && lineCommands(l).length);
  // Leaving with unsaved changes asks first (reload, menu, breadcrumb, back button).
  const savedAll = useUnsavedChanges(dirty);

  if (!fields || !record) return error ? <div className="alert alert-danger" role="alert">{error}</div> : <p>{_t('Loading…')}</p>;

  const names = Object.keys(fields).filter((n) => !AUDIT_FIELDS.has(n));
  const translatable = names.some((n) => fields[n].translate) && data.languages.length > 1;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    // The previous outcome goes at once: a message on screen is always this save's.
    clearTimeout(savedTimer.current);
    setSaved(false);
    setError(null);
    const empty = names.filter((n) => fields[n].required && !fields[n].readonly && (values[n] === false || values[n] == null || values[n] === ''));
    setMissing(empty);
    if (empty.length) return setError(`${_t('Some required fields are empty:')} ${empty.map((n) => fields[n].string).join(', ')}`);
    const vals: Values = {};
    for (const [n, v] of Object.entries(changes)) vals[n] = toWrite(fields[n].type, v);
    for (const [n, l] of Object.entries(lines)) if (l && lineCommands(l).length) vals[n] = lineCommands(l);
    setBusy(true);
    try {
      if (id) {
        if (Object.keys(vals).length) await callKw(model, 'write', [[id], vals], { context: { lang } });
        await load();
      } else {
        const newId = await callKw<number>(model, 'create', [vals], { context: { lang } });
        savedAll();
        navigate({ ...route, view: 'form', id: newId }, true);
      }
      setSaved(true);
      savedTimer.current = setTimeout(() => setSaved(false), 2500);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const duplicate = async () => {
    try {
      const newId = await callKw<number>(model, 'copy', [id]);
      navigate({ ...route, view: 'form', id: newId });
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const remove = async () => {
    try {
      await callKw(model, 'unlink', [[id]]);
      savedAll();
      navigate({ menu: route.menu, model, view: 'list' });
    } catch (err) {
      setConfirming(false);
      setError((err as Error).message);
    }
  };
  const input = (n: string) => (
    <FieldInput id={`field-${n}`} name={n} field={fields[n]} value={values[n] ?? false} dates={dates} readOnly={fields[n].readonly} invalid={missing.includes(n)}
      imageUrl={id ? `/web/image/${model}/${id}/${n}?unique=${String(record.write_date ?? '')}` : undefined}
      onChange={(v) => { setChanges({ ...changes, [n]: v }); setMissing(missing.filter((m) => m !== n)); }} />
  );
  const labelled = (n: string) => {
    const f = fields[n];
    if (f.type === 'one2many') {
      return (
        <div className="col-12" key={n}>
          <h2 className="h6 mt-2">{f.string}</h2>
          <One2manyLines fieldName={n} label={f.string} model={f.relation!} inverse={f.relation_field} ids={(record[n] as number[]) ?? []} readOnly={f.readonly}
            lines={lines[n] ?? null} setLines={setLinesOf(n)} />
        </div>
      );
    }
    const group = f.type === 'image' || f.type === 'json' || f.type === 'many2many' || f.type === 'html';
    return (
      <div className={WIDE.has(f.type) ? 'col-12' : 'col-12 col-md-6'} key={n} data-field={n}>
        {group ? <span className="form-label d-block" id={`label-${n}`}>{f.string}{f.required ? ' *' : ''}</span>
          : <label className="form-label" htmlFor={`field-${n}`}>{f.string}{f.required ? ' *' : ''}{f.translate ? <span className="badge text-bg-light ms-1">{lang}</span> : null}</label>}
        {group && f.type === 'many2many' ? <div role="group" aria-labelledby={`label-${n}`}><label className="visually-hidden" htmlFor={`field-${n}`}>{`${_t('Add')} ${f.string}`}</label>{input(n)}</div>
            : group && f.type === 'html' ? <div role="group" aria-labelledby={`label-${n}`}>{input(n)}</div>
            : group && f.type === 'image' ? <div role="group" aria-labelledby={`label-${n}`}><label className="visually-hidden" htmlFor={`field-${n}`}>{`${_t('Upload')} ${f.string}`}</label>{input(n)}</div>
              : input(n)}
      </div>
    );
  };

  return (
    <form onSubmit={save} aria-labelledby="form-title" className="backoffice-form" noValidate>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id="form-title" className="h4 mb-0 me-auto">{id ? title : _t('New record')}</h1>
        {translatable ? (
          <div className="d-flex align-items-center gap-1">
            <label htmlFor="form-lang" className="small text-nowrap">{_t('Language')}</label>
            <select id="form-lang" className="form-select form-select-sm w-auto" value={lang} disabled={dirty} onChange={(e) => { setLoading(true); setLang(e.target.value); }}>
              {data.languages.map((l) => <option key={l.code} value={l.code}>{l.name}</option>)}
            </select>
          </div>
        ) : null}
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>{_t('Save')}</button>
        <button type="button" className="btn btn-outline-secondary btn-sm" disabled={!dirty} onClick={() => { setChanges({}); setLines({}); setMissing([]); setError(null); }}>{_t('Discard')}</button>
        {id ? <button type="button" className="btn btn-outline-secondary btn-sm" onClick={duplicate}>{_t('Duplicate')}</button> : null}
        {id ? <button type="button" ref={deleteButton} className="btn btn-outline-danger btn-sm" onClick={() => setConfirming(true)}>{_t('Delete')}</button> : null}
        {id && extraActions ? extraActions(record, load) : null}
      </div>
      <div aria-live="polite">
        {saved ? <div className="alert alert-success py-2">{_t('Saved.')}</div> : null}
        {error ? <div className="alert alert-danger py-2" role="alert">{error}</div> : null}
      </div>
      {confirming ? (
        <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="alertdialog" aria-labelledby="confirm-delete">
          <span id="confirm-delete" className="me-auto">{_t('Delete this record? This cannot be undone.')}</span>
          <button type="button" className="btn btn-danger btn-sm" autoFocus onClick={remove}>{_t('Delete')}</button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => { setConfirming(false); deleteButton.current?.focus(); }}>{_t('Cancel')}</button>
        </div>
      ) : null}
      <fieldset disabled={loading} aria-busy={loading} className="card"><div className="card-body row g-3">{names.map(labelled)}</div></fieldset>
      {id ? (
        <p className="small text-body-secondary mt-2">
          {record.create_date ? `${_t('Created on')} ${dates.datetime(String(record.create_date))}` : ''}
          {record.write_date ? ` · ${_t('Last Updated on')} ${dates.datetime(String(record.write_date))}` : ''}
        </p>
      ) : null}
    </form>
  );
}
