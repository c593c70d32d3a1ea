import { lazy, Suspense, useEffect, useState } from 'react';
import { rpc, RpcError, useDates } from '@platform/web/client';
import { useBackoffice } from '@platform/web/backoffice/client';
import { CHAT_RATINGS, ratingOf, REPORT_PERIODS, type RatingsReport } from '../../common/chat-ratings';

// apexcharts needs the DOM and is large: its own chunk, loaded with the report.
const Chart = lazy(() => import('react-apexcharts'));

const COLOURS: Record<string, string> = { happy: '#198754', neutral: '#fd7e14', unhappy: '#dc3545' };

/**
 * Live Chat > Ratings: how visitors rated their conversations over a period (satisfaction, average,
 * counts by smiley), a stacked chart per day (apexcharts; the table of counts beside it says the same
 * to screen readers) and the latest comments.
 */
export default function RatingsReportView() {
  const { _t } = useBackoffice();
  const dates = useDates();
  const [days, setDays] = useState<number>(REPORT_PERIODS[0]);
  const [report, setReport] = useState<RatingsReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let gone = false;
    setReport(null);
    rpc<RatingsReport>('/im_livechat/ratings/report', { days })
      .then((r) => { if (!gone) setReport(r); })
      .catch((err: unknown) => { if (!gone) setError(err instanceof RpcError ? err.message : String(err)); });
    return () => { gone = true; };
  }, [days]);

  return (
    <div className="container-fluid py-3 o_livechat_ratings_report">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h4 me-auto mb-0">{_t('Live chat ratings')}</h1>
        <label className="d-flex align-items-center gap-2 mb-0">
          <span>{_t('Period')}</span>
          <select className="form-select form-select-sm w-auto" value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {[...REPORT_PERIODS].sort((a, b) => a - b).map((d) => <option key={d} value={d}>{_t('Last %s days').replace('%s', String(d))}</option>)}
          </select>
        </label>
      </div>
      {error ? <div className="alert alert-danger" role="alert">{error}</div> : null}
      {!report && !error ? <p className="text-body-secondary" role="status">{_t('Loading…')}</p> : null}
      {report ? (
        <>
          <div className="row g-3 mb-3">
            <Figure label={_t('Satisfaction')} value={report.satisfaction === null ? '—' : `${report.satisfaction}%`} hint={_t('share of 😊')} testId="satisfaction" />
            <Figure label={_t('Average')} value={report.average === null ? '—' : `${report.average} / 10`} testId="average" />
            <Figure label={_t('Ratings')} value={String(report.total)} testId="total" />
          </div>
          <div className="row g-3">
            <div className="col-12 col-xl-8">
              <section className="card h-100" aria-labelledby="ratings-per-day">
                <div className="card-body">
                  <h2 id="ratings-per-day" className="h6">{_t('Ratings per day')}</h2>
                  {report.total === 0 ? <p className="text-body-secondary o_ratings_empty">{_t('No rating in this period yet.')}</p> : (
                    // The chart repeats the counts table: screen readers and the keyboard get the table (inert).
                    <div inert className="o_ratings_chart">
                      <Suspense fallback={null}>
                        <Chart type="bar" height={280}
                          series={CHAT_RATINGS.map((r) => ({ name: `${r.face} ${_t(r.label)}`, data: report.perDay.map((d) => d[r.key]) }))}
                          options={{
                            chart: { stacked: true, toolbar: { show: false }, animations: { enabled: false } },
                            colors: CHAT_RATINGS.map((r) => COLOURS[r.key]),
                            xaxis: { categories: report.perDay.map((d) => dates.date(d.day)), labels: { rotate: -45, hideOverlappingLabels: true } },
                            yaxis: { labels: { formatter: (v: number) => String(Math.round(v)) } },
                            dataLabels: { enabled: false },
                            legend: { position: 'top' },
                          }} />
                      </Suspense>
                    </div>
                  )}
                  <table className="table table-sm mt-2 mb-0 o_ratings_counts">
                    <caption className="visually-hidden">{_t('Ratings by smiley')}</caption>
                    <thead><tr><th scope="col">{_t('Rating')}</th><th scope="col" className="text-end">{_t('Count')}</th><th scope="col" className="text-end">{_t('Share')}</th></tr></thead>
                    <tbody>
                      {CHAT_RATINGS.map((r) => (
                        <tr key={r.key} data-rating={r.key}>
                          <th scope="row" className="fw-normal"><span aria-hidden="true">{r.face}</span> {_t(r.label)}</th>
                          <td className="text-end">{report.counts[r.key]}</td>
                          <td className="text-end">{report.total ? `${Math.round((report.counts[r.key] / report.total) * 100)}%` : '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>
            </div>
            <div className="col-12 col-xl-4">
              <section className="card h-100" aria-labelledby="ratings-comments">
                <div className="card-body">
                  <h2 id="ratings-comments" className="h6">{_t('Latest comments')}</h2>
                  {report.comments.length === 0 ? <p className="text-body-secondary">{_t('No comment in this period.')}</p> : (
                    <ul className="list-unstyled mb-0 o_ratings_comments">
                      {report.comments.map((c) => (
                        <li key={`${c.channel_id}-${c.date}`} className="border-bottom py-2">
                          <div className="d-flex gap-2 small text-body-secondary">
                            <span aria-hidden="true">{ratingOf(c.rate).face}</span>
                            <span className="visually-hidden">{_t(ratingOf(c.rate).label)}</span>
                            <span className="me-auto">{c.visitor}{c.operator ? ` → ${c.operator}` : ''}</span>
                            <time dateTime={c.date}>{dates.date(c.date)}</time>
                          </div>
                          <p className="mb-0">{c.feedback}</p>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </section>
            </div>
          </div>
        </>
      ) : null}
    </div>
  );
}

function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <div className="col-12 col-sm-4">
      <div className="card text-center h-100" data-figure={testId}>
        <div className="card-body py-3">
          <div className="small text-body-secondary">{label}{hint ? <span className="d-block">{hint}</span> : null}</div>
          <div className="fs-3 fw-semibold">{value}</div>
        </div>
      </div>
    </div>
  );
}
