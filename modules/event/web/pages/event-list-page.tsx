import { page } from '@platform/web';
import { useT } from '@platform/web/client';
import type { EventListProps, Facet } from '../../common/page-props';
import CountryEvents from '../islands/country-events';

/** A query string of the list with one filter changed (the page goes back to 1). */
function listUrl(q: EventListProps['query'], change: Partial<EventListProps['query']> & { page?: number }): string {
  const next = { ...q, ...change };
  const params = new URLSearchParams();
  if (next.date !== 'all') params.set('date', next.date);
  if (next.type !== 'all') params.set('type', next.type);
  if (next.country !== 'all') params.set('country', next.country);
  if (change.page && change.page > 1) params.set('page', String(change.page));
  const s = params.toString();
  return s ? `/event?${s}` : '/event';
}

function FacetList({ title, items, active, url }: { title: string; items: Facet[]; active: string; url: (id: string) => string }) {
  const _t = useT();
  return (
    <nav aria-label={_t(title)} className="mb-4">
      <h2 className="h6 text-uppercase text-body-secondary">{_t(title)}</h2>
      <ul className="list-group">
        {items.map((f) => (
          <li key={f.id} className="list-group-item p-0">
            <a href={url(f.id)} aria-current={f.id === active ? 'true' : undefined}
              className={`d-flex justify-content-between align-items-center px-3 py-2 text-decoration-none${f.id === active ? ' active bg-primary text-white' : ' text-body'}`}>
              <span>{_t(f.label)}</span>
              {f.count >= 0 ? <span className={`badge rounded-pill ${f.id === active ? 'text-bg-light' : 'text-bg-secondary'}`}>{f.count}</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function EventListBody(p: EventListProps) {
  const _t = useT();
  const pages = Array.from({ length: p.pageCount }, (_, i) => i + 1).filter((n) => Math.abs(n - p.page) <= 3 || n === 1 || n === p.pageCount);
  return (
    <section className="container py-4 event-list">
      <h1 className="h2 mb-4">{_t('Events')}</h1>
      <div className="row g-4">
        <div className="col-lg-3 order-2">
          <FacetList title="Dates" items={p.dates} active={p.query.date} url={(id) => listUrl(p.query, { date: id as EventListProps['query']['date'] })} />
          <FacetList title="Types" items={p.types} active={p.query.type} url={(id) => listUrl(p.query, { type: id })} />
          <FacetList title="Countries" items={p.countries} active={p.query.country} url={(id) => listUrl(p.query, { country: id })} />
          <CountryEvents />
        </div>
        <div className="col-lg-9 order-1">
          <p className="text-body-secondary" id="event_count">{p.total === 1 ? _t('1 event') : `${p.total} ${_t('events')}`}</p>
          {p.events.length ? (
            <ul className="list-unstyled d-grid gap-3">
              {p.events.map((e) => (
                <li key={e.id} className="card shadow-sm">
                  <div className="card-body d-flex flex-column flex-sm-row gap-3 align-items-sm-center">
                    <div className="text-center border rounded px-3 py-2 bg-body-tertiary" style={{ minWidth: 110 }}>
                      <span className="fw-semibold">{e.dates}</span>
                    </div>
                    <div className="flex-grow-1">
                      <h2 className="h5 mb-1"><a href={e.url} className="stretched-link text-decoration-none">{e.name}</a></h2>
                      <p className="mb-0 text-body-secondary">
                        {e.place === 'Online' ? _t('Online') : e.place}
                        {e.type ? <span className="badge text-bg-light border ms-2">{e.type}</span> : null}
                      </p>
                    </div>
                    <div className="d-flex gap-2">
                      {e.soldOut ? <span className="badge text-bg-danger">{_t('Sold out')}</span> : null}
                      {e.published ? null : <span className="badge text-bg-warning">{_t('Not published')}</span>}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          ) : <p className="alert alert-info">{_t('No events found.')}</p>}
          {p.pageCount > 1 ? (
            <nav aria-label={_t('Pages')}>
              <ul className="pagination flex-wrap">
                {pages.map((n) => (
                  <li key={n} className={`page-item${n === p.page ? ' active' : ''}`}>
                    <a className="page-link" href={listUrl(p.query, { page: n })} aria-current={n === p.page ? 'page' : undefined}>{n}</a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
      </div>
    </section>
  );
}

export function eventListPage(props: EventListProps) {
  return page('Events', <EventListBody {...props} />);
}
