import { page } from '@platform/web';
import { useT } from '@platform/web/client';
import { dayTitle } from '../../common/event-dates';
import type { EventDetail } from '../../server/services/event-catalog';
import type { AgendaDay, TrackCard } from '../../server/services/event-tracks';
import ProposalForm from '../islands/proposal-form';
import TrackSearch from '../islands/track-search';

function EventNav({ event, active }: { event: EventDetail; active: 'tracks' | 'agenda' | 'proposal' }) {
  const _t = useT();
  const item = (key: typeof active, url: string, label: string) => (
    <li className="nav-item"><a className={`nav-link${active === key ? ' active' : ''}`} aria-current={active === key ? 'page' : undefined} href={url}>{_t(label)}</a></li>
  );
  return (
    <>
      <nav aria-label={_t('Breadcrumb')}><ol className="breadcrumb"><li className="breadcrumb-item"><a href="/event">{_t('Events')}</a></li><li className="breadcrumb-item"><a href={event.urls.page}>{event.name}</a></li></ol></nav>
      <ul className="nav nav-pills mb-4 flex-wrap">
        {item('tracks', event.urls.tracks, 'Talks')}
        {item('agenda', event.urls.agenda, 'Agenda')}
        {event.websiteTrackProposal ? item('proposal', event.urls.proposal, 'Propose a talk') : null}
      </ul>
    </>
  );
}

function TracksBody({ event, tracks, tags, tagId }: { event: EventDetail; tracks: TrackCard[]; tags: Array<{ id: number; name: string; url: string }>; tagId: number | null }) {
  const _t = useT();
  return (
    <section className="container py-4">
      <EventNav event={event} active="tracks" />
      <h1 className="h3">{_t('Talks')}: {event.name}</h1>
      {tags.length ? (
        <p className="d-flex flex-wrap gap-2" aria-label={_t('Tags')}>
          <a href={event.urls.tracks} className={`btn btn-sm ${tagId ? 'btn-outline-secondary' : 'btn-secondary'}`}>{_t('All')}</a>
          {tags.map((t) => <a key={t.id} href={t.url} className={`btn btn-sm ${tagId === t.id ? 'btn-secondary' : 'btn-outline-secondary'}`}>{t.name}</a>)}
        </p>
      ) : null}
      {tracks.length ? (
        <div className="row g-3">
          {tracks.map((t) => (
            <div key={t.id} className="col-md-6">
              <article className="card h-100">
                <div className="card-body">
                  <h2 className="h5"><a href={t.url}>{t.name}</a></h2>
                  <p className="text-body-secondary mb-1">{t.speaker}{t.time ? ` · ${t.time}` : ''}{t.room ? ` · ${t.room}` : ''}</p>
                  <p className="mb-0">{t.tags.map((g) => <span key={g.id} className="badge text-bg-light border me-1">{g.name}</span>)}</p>
                </div>
              </article>
            </div>
          ))}
        </div>
      ) : <p className="alert alert-info">{_t('No talks yet.')}</p>}
    </section>
  );
}

export function tracksPage(p: Parameters<typeof TracksBody>[0]) {
  return page('Talks of %s', <TracksBody {...p} />, { titleArgs: [p.event.name] });
}

function TrackBody({ event, track }: { event: EventDetail; track: TrackCard }) {
  const _t = useT();
  return (
    <section className="container py-4" style={{ maxWidth: 900 }}>
      <EventNav event={event} active="tracks" />
      <h1 className="h3">{track.name}</h1>
      <p className="text-body-secondary">{track.time}{track.room ? ` · ${track.room}` : ''}</p>
      <p>{track.tags.map((g) => <a key={g.id} href={g.url} className="badge text-bg-light border me-1 text-decoration-none">{g.name}</a>)}</p>
      {track.description ? <div className="mb-4" style={{ whiteSpace: 'pre-line' }}>{track.description}</div> : null}
      {track.speaker ? (
        <aside className="card"><div className="card-body"><h2 className="h6">{_t('Speaker')}</h2><p className="fw-semibold mb-1">{track.speaker}</p>{track.biography ? <p className="mb-0" style={{ whiteSpace: 'pre-line' }}>{track.biography}</p> : null}</div></aside>
      ) : null}
    </section>
  );
}

export function trackPage(p: Parameters<typeof TrackBody>[0]) {
  return page('%s', <TrackBody {...p} />, { titleArgs: [p.track.name] });
}

function AgendaBody({ event, days, lang }: { event: EventDetail; days: AgendaDay[]; lang: string }) {
  const _t = useT();
  return (
    <section className="container py-4">
      <EventNav event={event} active="agenda" />
      <h1 className="h3">{_t('Agenda')}: {event.name}</h1>
      <TrackSearch />
      {days.length ? days.map((d) => (
        <div key={d.day} className="mb-4">
          <h2 className="h5">{dayTitle(d.day, lang)}</h2>
          <div className="table-responsive" tabIndex={0} role="region" aria-label={`${_t('Agenda')} ${dayTitle(d.day, lang)}`}>
            <table className="table table-bordered align-top agenda">
              <thead><tr><th scope="col">{_t('Time')}</th>{d.rooms.map((r) => <th key={r} scope="col">{r || _t('Other')}</th>)}</tr></thead>
              <tbody>
                {d.rows.map((row, i) => (
                  <tr key={i}>
                    <th scope="row" className="text-nowrap fw-normal">{row.time}</th>
                    {row.cells.map((c, k) => (c === 'covered' ? null : (
                      <td key={k} rowSpan={c.rowspan} className="event_track">
                        {c.track ? (
                          <>
                            <a href={c.track.url} className="fw-semibold">{c.track.name}</a>
                            <div className="small text-body-secondary">{c.track.speaker}</div>
                            <div className="small">{c.track.tags.map((g) => g.name).join(', ')}</div>
                          </>
                        ) : null}
                      </td>
                    )))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )) : <p className="alert alert-info">{_t('The agenda is not published yet.')}</p>}
    </section>
  );
}

export function agendaPage(p: Parameters<typeof AgendaBody>[0]) {
  return page('Agenda of %s', <AgendaBody {...p} />, { titleArgs: [p.event.name] });
}

export interface ProposalProps {
  event: EventDetail;
  tags: Array<{ id: number; name: string }>;
  csrfToken: string;
  values?: Record<string, unknown>;
  errors?: Record<string, string>;
  sent?: boolean;
}

function ProposalBody({ event, tags, csrfToken, values, errors, sent }: ProposalProps) {
  const _t = useT();
  return (
    <section className="container py-4" style={{ maxWidth: 900 }}>
      <EventNav event={event} active="proposal" />
      <h1 className="h3">{_t('Propose a talk')}</h1>
      {sent ? <div className="alert alert-success" role="status">{_t('Thank you for your proposal! The organizers will review it and come back to you.')}</div>
        : <ProposalForm action={event.urls.proposalPost} csrfToken={csrfToken} tags={tags} values={values} errors={errors} />}
    </section>
  );
}

export function proposalPage(p: ProposalProps, status = 200) {
  return page('Propose a talk', <ProposalBody {...p} />, { status });
}
