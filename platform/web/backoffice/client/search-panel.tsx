import { useEffect, useState, type FormEvent } from 'react';
import type { Domain } from '@platform/core/domain-types';
import { useBackoffice } from './backoffice-context';
import { AUDIT_FIELDS, callKw, parseDomainText, type FieldInfo, type Fields } from './orm';

const OPERATORS: Record<string, string[]> = {
  text: ['ilike', 'not ilike', '=', '!='],
  number: ['=', '!=', '>', '<', '>=', '<='],
  relation: ['ilike'],
  selection: ['=', '!='],
  boolean: ['=', '!='],
};
const OPERATOR_LABELS: Record<string, string> = {
  ilike: 'contains', 'not ilike': 'does not contain', '=': 'is', '!=': 'is not', '>': 'greater than', '<': 'less than', '>=': 'at least', '<=': 'at most',
};

function kind(f: FieldInfo): keyof typeof OPERATORS {
  if (['integer', 'float', 'monetary', 'date', 'datetime'].includes(f.type)) return 'number';
  if (['many2one', 'many2many', 'one2many'].includes(f.type)) return 'relation';
  if (f.type === 'selection') return 'selection';
  if (f.type === 'boolean') return 'boolean';
  return 'text';
}

const FILTERABLE = new Set(['char', 'text', 'html', 'integer', 'float', 'monetary', 'boolean', 'date', 'datetime', 'selection', 'many2one', 'many2many']);
const GROUPABLE = new Set(['char', 'boolean', 'selection', 'many2one', 'date', 'datetime', 'integer']);

/**
 * The list's search: text in the names, conditions built field by field (written in the domain
 * language into the URL), saved searches (ir.filters, per user) and the group-by field.
 */
export function SearchPanel({ model, fields, searchField, domain }: { model: string; fields: Fields; searchField?: string; domain: Domain }) {
  const { _t, route, navigate } = useBackoffice();
  const [text, setText] = useState(route.q ?? '');
  const filterable = Object.keys(fields).filter((n) => fields[n].store && FILTERABLE.has(fields[n].type) && n !== 'id').sort((a, b) => fields[a].string.localeCompare(fields[b].string));
  const [field, setField] = useState(filterable[0] ?? '');
  const [operator, setOperator] = useState('');
  const [value, setValue] = useState('');
  const [saved, setSaved] = useState<Array<{ id: number; name: string; domain: string }>>([]);
  const [filterName, setFilterName] = useState('');
  const extra = parseDomainText(route.domain);
  const f = fields[field];
  const ops = f ? OPERATORS[kind(f)] : [];
  const op = ops.includes(operator) ? operator : ops[0];

  useEffect(() => setText(route.q ?? ''), [route.q]);
  const loadSaved = () => callKw<Array<{ id: number; name: string; domain: string }>>('ir.filters', 'search_read', [[['model_id', '=', model]], ['name', 'domain']]).then(setSaved, () => setSaved([]));
  useEffect(() => {
    loadSaved();
  }, [model]);

  const go = (changes: Partial<typeof route>) => navigate({ ...route, page: undefined, ...changes });
  const search = (e: FormEvent) => {
    e.preventDefault();
    go({ q: text.trim() || undefined });
  };
  const addCondition = (e: FormEvent) => {
    e.preventDefault();
    if (!f) return;
    let v: unknown = value;
    if (f.type === 'boolean') v = value === 'true';
    else if (['integer', 'float', 'monetary'].includes(f.type)) v = Number(value);
    go({ domain: JSON.stringify([...extra, [field, op, v]]) });
    setValue('');
  };
  const removeCondition = (i: number) => {
    const rest = extra.filter((_, j) => j !== i);
    go({ domain: rest.length ? JSON.stringify(rest) : undefined });
  };
  const saveFilter = async (e: FormEvent) => {
    e.preventDefault();
    if (!filterName.trim()) return;
    await callKw('ir.filters', 'create', [{ name: filterName.trim(), model_id: model, domain: JSON.stringify(domain) }]);
    setFilterName('');
    await loadSaved();
  };
  const describe = (leaf: unknown): string => {
    if (!Array.isArray(leaf)) return String(leaf);
    const [name, o, v] = leaf as [string, string, unknown];
    const label = fields[name]?.string ?? name;
    const shown = fields[name]?.type === 'selection' ? fields[name].selection?.find(([k]) => k === v)?.[1] ?? v : Array.isArray(v) ? v.join(', ') : v === false ? _t('not set') : v;
    return `${label} ${_t(OPERATOR_LABELS[o] ?? o)} ${String(shown)}`;
  };

  return (
    <div className="card card-body mb-3 py-2 search-panel">
      <div className="row g-2 align-items-end">
        <form className="col-12 col-md-4" role="search" onSubmit={search}>
          <label className="form-label small mb-0" htmlFor="list-search">{_t('Search')}{searchField ? ` (${fields[searchField].string})` : ''}</label>
          <div className="input-group input-group-sm">
            <input id="list-search" className="form-control" type="search" value={text} maxLength={200} onChange={(e) => setText(e.target.value)} />
            <button className="btn btn-outline-secondary" type="submit">{_t('Search')}</button>
          </div>
        </form>
        <div className="col-6 col-md-3">
          <label className="form-label small mb-0" htmlFor="list-groupby">{_t('Group by')}</label>
          <select id="list-groupby" className="form-select form-select-sm" value={route.groupby ?? ''} onChange={(e) => go({ groupby: e.target.value || undefined })}>
            <option value="">{_t('No grouping')}</option>
            {Object.keys(fields).filter((n) => fields[n].store && GROUPABLE.has(fields[n].type) && !AUDIT_FIELDS.has(n)).map((n) => <option key={n} value={n}>{fields[n].string}</option>)}
          </select>
        </div>
        <div className="col-6 col-md-3">
          <label className="form-label small mb-0" htmlFor="list-saved">{_t('Saved searches')}</label>
          <select id="list-saved" className="form-select form-select-sm" value="" onChange={(e) => {
            const s = saved.find((x) => String(x.id) === e.target.value);
            if (s) go({ q: undefined, groupby: undefined, domain: s.domain === '[]' ? undefined : s.domain });
          }}>
            <option value="">{saved.length ? _t('Choose…') : _t('None yet')}</option>
            {saved.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
          </select>
        </div>
      </div>
      <form className="row g-2 align-items-end mt-1" onSubmit={addCondition} aria-label={_t('Add a condition')}>
        <div className="col-12 col-md-3">
          <label className="form-label small mb-0" htmlFor="filter-field">{_t('Field')}</label>
          <select id="filter-field" className="form-select form-select-sm" value={field} onChange={(e) => { setField(e.target.value); setValue(''); }}>
            {filterable.map((n) => <option key={n} value={n}>{fields[n].string}</option>)}
          </select>
        </div>
        <div className="col-5 col-md-2">
          <label className="form-label small mb-0" htmlFor="filter-operator">{_t('Condition')}</label>
          <select id="filter-operator" className="form-select form-select-sm" value={op} onChange={(e) => setOperator(e.target.value)}>
            {ops.map((o) => <option key={o} value={o}>{_t(OPERATOR_LABELS[o])}</option>)}
          </select>
        </div>
        <div className="col-7 col-md-3">
          <label className="form-label small mb-0" htmlFor="filter-value">{_t('Value')}</label>
          {f?.type === 'selection' || f?.type === 'boolean' ? (
            <select id="filter-value" className="form-select form-select-sm" value={value} onChange={(e) => setValue(e.target.value)} required>
              <option value="">{_t('Choose…')}</option>
              {(f.type === 'boolean' ? [['true', _t('Yes')], ['false', _t('No')]] : f.selection ?? []).map(([k, l]) => <option key={k} value={k}>{l}</option>)}
            </select>
          ) : (
            <input id="filter-value" className="form-control form-control-sm" maxLength={200} required value={value} onChange={(e) => setValue(e.target.value)}
              type={['integer', 'float', 'monetary'].includes(f?.type ?? '') ? 'number' : f?.type === 'date' ? 'date' : 'text'} step="any" />
          )}
        </div>
        <div className="col-auto">
          <button type="submit" className="btn btn-sm btn-outline-primary">{_t('Add condition')}</button>
        </div>
      </form>
      {extra.length || route.q ? (
        <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
          <ul className="list-inline mb-0 d-flex flex-wrap gap-1" aria-label={_t('Active conditions')}>
            {extra.map((leaf, i) => (
              <li key={i} className="list-inline-item badge text-bg-secondary d-inline-flex align-items-center gap-1 filter-chip">
                {describe(leaf)}
                <button type="button" className="btn-close btn-close-white btn-sm" aria-label={`${_t('Remove')} ${describe(leaf)}`} onClick={() => removeCondition(i)} />
              </li>
            ))}
          </ul>
          <form className="d-flex gap-1 ms-auto" onSubmit={saveFilter}>
            <label className="visually-hidden" htmlFor="filter-save-name">{_t('Name of this search')}</label>
            <input id="filter-save-name" className="form-control form-control-sm" placeholder={_t('Name of this search')} maxLength={128} value={filterName} onChange={(e) => setFilterName(e.target.value)} />
            <button type="submit" className="btn btn-sm btn-outline-secondary text-nowrap">{_t('Save search')}</button>
          </form>
        </div>
      ) : null}
    </div>
  );
}
