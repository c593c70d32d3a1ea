import { page } from '@platform/web';
import { useT } from '@platform/web/client';
import type { EventDetail } from '../../server/services/event-catalog';
import { longDate } from '../../common/event-dates';

export interface CompleteProps {
  event: EventDetail;
  location: string;
  attendees: Array<{ name: string; email: string; ticket: string | null; state: string; code: string }>;
}

function CompleteBody({ event, location, attendees }: CompleteProps) {
  const _t = useT();
  const confirmed = attendees.every((a) => a.state === 'open');
  return (
    <section className="container py-4" id="registration_complete">
      <h1 className="h3">{_t('Registration confirmed!')}</h1>
      <p className="lead">{event.name}</p>
      <p>{longDate(event.begin, event.tz)} ({event.tz}) · {location || _t('Online')}</p>
      <div className="alert alert-success" role="status">
        {confirmed ? _t('Each attendee gets a confirmation e-mail with the event attached and a link to cancel.') : _t('Your registration is waiting for the organizer\'s confirmation.')}
      </div>
      <div className="table-responsive" tabIndex={0} role="region" aria-label={_t('Attendees')}>
        <table className="table">
          <thead><tr><th scope="col">{_t('Name')}</th><th scope="col">{_t('E-mail')}</th><th scope="col">{_t('Ticket')}</th><th scope="col">{_t('Registration code')}</th></tr></thead>
          <tbody>{attendees.map((a, i) => <tr key={i}><td>{a.name}</td><td>{a.email}</td><td>{a.ticket ?? _t('Registration')}</td><td className="font-monospace">{a.code}</td></tr>)}</tbody>
        </table>
      </div>
      <p className="d-flex gap-2 flex-wrap">
        <a className="btn btn-outline-secondary" href={event.urls.ics} download>{_t('Add to calendar')}</a>
        <a className="btn btn-primary" href={event.urls.page}>{_t('Back to the event')}</a>
      </p>
    </section>
  );
}

export function completePage(p: CompleteProps) {
  return page('Registration confirmed', <CompleteBody {...p} />);
}

function CancelBody({ event, name, action, token, csrfToken, state }: { event: EventDetail; name: string; action: string; token: string; csrfToken: string; state: string }) {
  const _t = useT();
  return (
    <section className="container py-5" style={{ maxWidth: 720 }}>
      <h1 className="h3">{_t('Cancel your registration')}</h1>
      <p>{name} · <strong>{event.name}</strong></p>
      {state === 'cancel' ? <div className="alert alert-info" role="status">{_t('This registration is cancelled.')}</div> : (
        <form method="post" action={action}>
          <input type="hidden" name="csrf_token" value={csrfToken} />
          <input type="hidden" name="token" value={token} />
          <p>{_t('Your seat goes to someone else. This cannot be undone.')}</p>
          <button type="submit" className="btn btn-danger">{_t('Cancel my registration')}</button>
        </form>
      )}
      <p className="mt-3"><a href={event.urls.page}>{_t('Back to the event')}</a></p>
    </section>
  );
}

export function cancelPage(p: Parameters<typeof CancelBody>[0]) {
  return page('Cancel your registration', <CancelBody {...p} />);
}
