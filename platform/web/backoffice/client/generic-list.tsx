import { useEffect, useMemo, useState } from 'react';
import type { Domain } from '@platform/core/domain-types';
import { RpcError } from '../../client/rpc';
import { useBackoffice } from './backoffice-context';
import { datesFor, formatValue } from './format';
import { callKw, defaultColumns, fieldsOf, nameField, parseDomainText, translateFields, type Fields } from './orm';
import { ScrollRegion } from './scroll-region';
import { SearchPanel } from './search-panel';

const PAGE = 80;

interface Group {
  label: string;
  count: number;
  domain: Domain;
}

/** The list of any model from its metadata: search, filters, group by with counts, pages, CSV export. */
export function GenericList({ model, action, title }: { model: string; action: { model: string; domain?: Domain; columns?: string[] }; title?: string }) {
  const { data, _t, route, navigate } = useBackoffice();
  const dates = useMemo(() => datesFor(data.language), [data.language]);
  const [fields, setFields] = useState<Fields | null>(null);
  const [rows, setRows] = useState<Array<Record<string, unknown>> | null>(null);
  const [groups, setGroups] = useState<Group[] | null>(null);
  const [count, setCount] = useState(0);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fieldsOf(model).then((f) => setFields(translateFields(f, _t)), (err: Error) => setError(err.message));
  }, [model, _t]);

  const columns = useMemo(() => (fields ? (action.columns ?? defaultColumns(fields)).filter((c) => fields[c]) : []), [fields, action.columns]);
  const searchField = fields ? nameField(fields) : undefined;
  const extra = useMemo(() => parseDomainText(route.domain), [route.domain]);
  const domain = useMemo<Domain>(() => [
    ...(action.domain ?? []),
    ...(route.q && searchField ? [[searchField, 'ilike', route.q]] as Domain : []),
    ...extra,
  ], [action.domain, route.q, searchField, extra]);
  const page = route.page ?? 1;
  const groupby = route.groupby && fields?.[route.groupby] ? route.groupby : undefined;

  useEffect(() => {
    if (!fields) return;
    let live = true;
    setError(null);
    const load = async () => {
      if (groupby) {
        const result = await callKw<Array<Record<string, unknown>>>(model, 'read_group', [domain, [groupby], [groupby]], { lazy: true });
        const f = fields[groupby];
        return {
          rows: null,
          count: result.reduce((n, g) => n + Number(g[`${groupby}_count`] ?? 0), 0),
          groups: result.map((g) => ({
            label: g[groupby] === false || g[groupby] == null ? _t('None') : formatValue(f, g[groupby], dates, _t) || String(g[groupby]),
            count: Number(g[`${groupby}_count`] ?? 0),
            domain: ((g.__domain as Domain) ?? []).slice(0, ((g.__domain as Domain) ?? []).length - domain.length),
          })),
        };
      }
      const [list, total] = await Promise.all([
        callKw<Array<Record<string, unknown>>>(model, 'search_read', [domain, columns], { offset: (page - 1) * PAGE, limit: PAGE }),
        callKw<number>(model, 'search_count', [domain]),
      ]);
      return { rows: list, count: total, groups: null };
    };
    load().then((r) => {
      if (!live) return;
      setRows(r.rows);
      setGroups(r.groups);
      setCount(r.count);
    }, (err: unknown) => live && setError(err instanceof RpcError || err instanceof Error ? err.message : String(err)));
    return () => {
      live = false;
    };
  }, [model, fields, columns, domain, page, groupby, dates, _t]);

  if (error && !fields) return <div className="alert alert-danger" role="alert">{error}</div>;
  if (!fields) return <p>{_t('Loading…')}</p>;

  const exportUrl = `/web/backoffice/export?${new URLSearchParams({ model, domain: JSON.stringify(domain), fields: columns.join(',') }).toString()}`;
  const last = Math.min(page * PAGE, count);
  const go = (changes: Partial<typeof route>) => navigate({ ...route, ...changes });

  return (
    <section aria-labelledby="list-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 id="list-title" className="h4 mb-0 me-auto">{title ?? model}</h1>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => navigate({ menu: route.menu, model, view: 'form' })}>{_t('New')}</button>
        <a className="btn btn-outline-secondary btn-sm" href={exportUrl} download>{_t('Export CSV')}</a>
      </div>
      <SearchPanel model={model} fields={fields} searchField={searchField} domain={domain} />
      {error ? <div className="alert alert-danger" role="alert">{error}</div> : null}
      {groups && groupby ? (
        <ScrollRegion label={`${title ?? model}: ${_t('Groups')}`}>
          <table className="table table-sm table-hover align-middle">
            <caption className="visually-hidden">{_t('Groups')}</caption>
            <thead><tr><th scope="col">{fields[groupby!].string}</th><th scope="col" className="text-end">{_t('Count')}</th></tr></thead>
            <tbody>
              {groups.map((g, i) => (
                <tr key={i}>
                  <td><a href="#" className="group-link" onClick={(e) => { e.preventDefault(); go({ groupby: undefined, page: undefined, domain: JSON.stringify([...extra, ...g.domain]) }); }}>{g.label}</a></td>
                  <td className="text-end">{g.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
      {rows && !groupby ? (
        <>
          <ScrollRegion label={title ?? model}>
            <table className="table table-sm table-hover align-middle backoffice-list">
              <caption className="visually-hidden">{_t('Records')}</caption>
              <thead>
                <tr>{columns.map((c) => <th scope="col" key={c} className={['integer', 'float', 'monetary'].includes(fields[c].type) ? 'text-end' : ''}>{fields[c].string}</th>)}</tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id as number} data-id={r.id as number}>
                    {columns.map((c, i) => (
                      <td key={c} className={['integer', 'float', 'monetary'].includes(fields[c].type) ? 'text-end' : ''}>
                        {i === 0
                          ? <a href="#" onClick={(e) => { e.preventDefault(); navigate({ menu: route.menu, model, view: 'form', id: r.id as number }); }}>{formatValue(fields[c], r[c], dates, _t) || `#${String(r.id)}`}</a>
                          : formatValue(fields[c], r[c], dates, _t)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {rows.length === 0 ? <p className="text-body-secondary">{_t('No record matches this search.')}</p> : null}
        </>
      ) : null}
      {!groupby ? (
        <nav className="d-flex align-items-center gap-2" aria-label={_t('Pages')}>
          <span className="pager-value" aria-live="polite">{count ? `${(page - 1) * PAGE + 1}-${last} / ${count}` : '0'}</span>
          <button type="button" className="btn btn-outline-secondary btn-sm" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>{_t('Previous')}</button>
          <button type="button" className="btn btn-outline-secondary btn-sm" disabled={last >= count} onClick={() => go({ page: page + 1 })}>{_t('Next')}</button>
        </nav>
      ) : <p className="small text-body-secondary">{`${count} ${_t('records')}`}</p>}
    </section>
  );
}
