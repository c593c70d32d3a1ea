import { page } from '@platform/web';
import { useT } from '@platform/web/client';
import { checkinUrl } from '../../common/checkin';
import type { CheckinList } from '../../server/services/event-checkin';

export interface CheckinProps {
  event: { id: number; name: string; url: string };
  q: string;
  list: CheckinList;
  csrfToken: string;
  notice?: { kind: 'success'; name: string } | { kind: 'danger'; text: string };
}

/** The door screen: one search box, big rows, one button per attendee (a thumb's width on a phone). */
function CheckinBody({ event, q, list, csrfToken, notice }: CheckinProps) {
  const _t = useT();
  const action = checkinUrl(event.id);
  return (
    <section className="container py-3" style={{ maxWidth: 720 }}>
      <nav aria-label={_t('Breadcrumb')}><ol className="breadcrumb mb-2"><li className="breadcrumb-item"><a href={event.url}>{event.name}</a></li><li className="breadcrumb-item active" aria-current="page">{_t('Check-in')}</li></ol></nav>
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{_t('Check-in')}</h1>
        <p className="mb-0 fs-5" aria-live="polite"><strong>{list.attended}</strong> / {list.expected} {_t('checked in')}</p>
      </div>
      {notice ? (
        <div className={`alert alert-${notice.kind} py-2`} role="status">
          {notice.kind === 'success' ? _t('%s is checked in.').replace('%s', notice.name) : _t(notice.text)}
        </div>
      ) : null}
      <form method="get" action={action} role="search" className="mb-3">
        <label className="form-label" htmlFor="checkin_q">{_t('Name, e-mail or registration code')}</label>
        <div className="input-group input-group-lg">
          <input id="checkin_q" type="search" name="q" className="form-control" defaultValue={q} maxLength={128} autoComplete="off" autoCapitalize="off" spellCheck={false} enterKeyHint="search" autoFocus={!notice || notice.kind === 'success'} />
          <button type="submit" className="btn btn-primary">{_t('Search')}</button>
        </div>
      </form>
      {list.rows.length === 0 ? <p className="text-body-secondary">{q ? _t('No attendee matches this search.') : _t('No confirmed attendee yet.')}</p> : (
        <ul className="list-group">
          {list.rows.map((r) => (
            <li key={r.id} className={`list-group-item d-flex flex-wrap align-items-center gap-2 py-3${r.state === 'done' ? ' list-group-item-success' : ''}`}>
              <div className="flex-grow-1 text-break" style={{ minWidth: '12rem' }}>
                <div className="fw-semibold fs-5">{r.name}</div>
                <div className="small text-body-secondary">{r.email} · <span className="font-monospace">{r.code}</span>{r.ticket ? ` · ${r.ticket}` : ''}</div>
              </div>
              {r.state === 'done' ? <span className="badge text-bg-success fs-6">{_t('Checked in')}</span> : (
                <form method="post" action={action} className="ms-auto">
                  <input type="hidden" name="csrf_token" value={csrfToken} />
                  <input type="hidden" name="registration" value={r.id} />
                  <input type="hidden" name="q" value={q} />
                  <button type="submit" className="btn btn-success btn-lg" aria-label={`${_t('Check in')} ${r.name}`}>{_t('Check in')}</button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
      {list.more ? <p className="small text-body-secondary mt-2">{_t('More attendees match: refine the search.')}</p> : null}
    </section>
  );
}

export function checkinPage(p: CheckinProps, status = 200) {
  return page('Check-in: %s', <CheckinBody {...p} />, { titleArgs: [p.event.name], status });
}
