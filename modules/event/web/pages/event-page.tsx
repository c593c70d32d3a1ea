import { page } from '@platform/web';
import { useT } from '@platform/web/client';
import { longDate } from '../../common/event-dates';
import { FEW_SEATS, SEAT_MESSAGES } from '../../common/event-rules';
import type { RegistrationFormData } from '../../common/page-props';
import type { EventDetail } from '../../server/services/event-catalog';
import RegistrationForm from '../islands/registration-form';
import { AttendeeForm, type AttendeeTicket } from './attendee-form';

export interface EventPageProps {
  event: EventDetail;
  location: string;
  form: RegistrationFormData;
  /** The description, sanitised when it was written. */
  lang: string;
}

function EventHeader({ event, location }: { event: EventDetail; location: string }) {
  const _t = useT();
  return (
    <header className="mb-4">
      <nav aria-label={_t('Breadcrumb')}><ol className="breadcrumb"><li className="breadcrumb-item"><a href="/event">{_t('Events')}</a></li><li className="breadcrumb-item active" aria-current="page">{event.name}</li></ol></nav>
      <h1 className="display-6">{event.name}</h1>
      <p className="lead mb-1">
        <time dateTime={`${event.begin.replace(' ', 'T')}Z`}>{longDate(event.begin, event.tz)}</time> – <time dateTime={`${event.end.replace(' ', 'T')}Z`}>{longDate(event.end, event.tz)}</time>
        <span className="text-body-secondary small ms-1">({event.tz})</span>
      </p>
      <p className="text-body-secondary mb-2">{location || _t('Online')}</p>
      <a className="btn btn-outline-secondary btn-sm" href={event.urls.ics} download>{_t('Add to calendar')}</a>
      {event.type ? <span className="badge text-bg-light border ms-2">{event.type}</span> : null}
    </header>
  );
}

function EventBody({ event, location, form, lang }: EventPageProps) {
  const _t = useT();
  return (
    <section className="container py-4 event-page">
      <EventHeader event={event} location={location} />
      <div className="row g-4">
        <div className="col-lg-8 order-lg-1 order-2">
          {event.description ? <div className="event-description" dangerouslySetInnerHTML={{ __html: event.description }} /> : null}
          {event.websiteTrack ? (
            <p className="d-flex gap-2 flex-wrap">
              <a className="btn btn-outline-primary" href={event.urls.tracks}>{_t('Talks')}</a>
              <a className="btn btn-outline-primary" href={event.urls.agenda}>{_t('Agenda')}</a>
              {event.websiteTrackProposal ? <a className="btn btn-outline-primary" href={event.urls.proposal}>{_t('Propose a talk')}</a> : null}
            </p>
          ) : null}
        </div>
        <div className="col-lg-4 order-lg-2 order-1">
          <div className="card shadow-sm">
            <div className="card-body">
              <h2 className="h5 card-title">{_t('Registration')}</h2>
              {form.open && form.seatsLeft !== null && form.seatsLeft < FEW_SEATS ? <p className="text-warning-emphasis fw-semibold" id="seats_left">{_t(SEAT_MESSAGES.onlyLeft(form.seatsLeft))}</p> : null}
              {form.open ? <RegistrationForm action={event.urls.registrationAttendees} jsonAction={event.urls.registrationNew} selects={form.selects} lang={lang} />
                : <p className="alert alert-info mb-0" role="status">{_t(form.closedReason === SEAT_MESSAGES.soldOut ? 'Sold out: every seat is taken.' : SEAT_MESSAGES.closed)}</p>}
              {form.expired.length ? <ul className="small text-body-secondary mt-3 mb-0">{form.expired.map((x) => <li key={x.label}>{x.label}: {_t('sales ended on')} {x.deadline}</li>)}</ul> : null}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

export function eventPage(props: EventPageProps) {
  return page('%s', <EventBody {...props} />, { titleArgs: [props.event.name], description: `${props.event.name}: ${props.location || 'online'}` });
}

/** The attendee page (no JavaScript, or a refused post): the same form as the modal's. */
function AttendeesBody(p: { event: EventDetail; tickets: AttendeeTicket[]; csrfToken: string; values?: Record<string, unknown>; errors?: Record<string, string> }) {
  const _t = useT();
  return (
    <section className="container py-4">
      <h1 className="h3 mb-3">{_t('Attendees')}: {p.event.name}</h1>
      <AttendeeForm t={_t} action={p.event.urls.registrationConfirm} csrfToken={p.csrfToken} tickets={p.tickets} values={p.values} errors={p.errors} />
      <p className="mt-3"><a href={p.event.urls.page}>{_t('Back to the event')}</a></p>
    </section>
  );
}

export function attendeesPage(p: Parameters<typeof AttendeesBody>[0], status = 200) {
  return page('Attendees', <AttendeesBody {...p} />, { status });
}

function MessageBody({ title, message, back, tone }: { title: string; message: string; back: { url: string; label: string }; tone: 'info' | 'danger' | 'success' }) {
  const _t = useT();
  return (
    <section className="container py-5" style={{ maxWidth: 720 }}>
      <h1 className="h3">{_t(title)}</h1>
      <div className={`alert alert-${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>{_t(message)}</div>
      <a href={back.url} className="btn btn-outline-primary">{_t(back.label)}</a>
    </section>
  );
}

/** A refusal or a notice as a page (sold out meanwhile, closed, unknown ticket...). */
export function messagePage(title: string, message: string, back: { url: string; label: string }, status = 200, tone: 'info' | 'danger' | 'success' = 'danger') {
  return page(title, <MessageBody title={title} message={message} back={back} tone={tone} />, { status });
}
