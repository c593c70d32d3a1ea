import { lazy, Suspense } from 'react';
import { useBackoffice } from '@platform/web/backoffice/client';
import type { MailingStatistics } from './mailing-progress';

// apexcharts needs the DOM and is large: its own chunk, loaded when statistics are shown.
const Chart = lazy(() => import('react-apexcharts'));

const FIGURES = ['sent', 'delivered', 'opened', 'clicked', 'bounced', 'unsubscribed'] as const;
const LABELS: Record<(typeof FIGURES)[number], string> = {
  sent: 'Sent', delivered: 'Delivered', opened: 'Opened', clicked: 'Clicked', bounced: 'Bounced', unsubscribed: 'Unsubscribed',
};

function rate(n: number, of: number): string {
  return of ? `${Math.round((n / of) * 100)}%` : '—';
}

/** The figures of a mailing as a bar chart (apexcharts) and, for everyone, as a table of numbers. */
export function MailingStatisticsPanel({ stats }: { stats: MailingStatistics }) {
  const { _t } = useBackoffice();
  const labels = FIGURES.map((f) => _t(LABELS[f]));
  const values = FIGURES.map((f) => stats[f]);
  return (
    <section className="card mt-4" aria-labelledby="stats-title">
      <div className="card-body">
        <h2 id="stats-title" className="h5">{_t('Statistics')}</h2>
        <div className="row g-3">
          <div className="col-12 col-lg-7">
            {/* The chart repeats the table beside it: screen readers and the keyboard get the table (inert). */}
            <div inert className="mailing-chart">
              <Suspense fallback={null}>
                <Chart type="bar" height={260} series={[{ name: _t('Recipients'), data: values }]}
                  options={{
                    chart: { toolbar: { show: false }, animations: { enabled: false } },
                    plotOptions: { bar: { horizontal: true, distributed: true, borderRadius: 3 } },
                    colors: ['#0b5ed7', '#198754', '#6f42c1', '#0aa2c0', '#dc3545', '#fd7e14'],
                    legend: { show: false },
                    dataLabels: { enabled: true },
                    xaxis: { categories: labels, labels: { formatter: (v: string) => String(Math.round(Number(v))) } },
                    tooltip: { enabled: false },
                  }} />
              </Suspense>
            </div>
          </div>
          <div className="col-12 col-lg-5">
            <table className="table table-sm mailing-figures">
              <caption className="visually-hidden">{_t('Statistics')}</caption>
              <thead><tr><th scope="col">{_t('Figure')}</th><th scope="col" className="text-end">{_t('Recipients')}</th><th scope="col" className="text-end">{_t('Rate')}</th></tr></thead>
              <tbody>
                {FIGURES.map((f, i) => (
                  <tr key={f} data-figure={f}>
                    <th scope="row" className="fw-normal">{labels[i]}</th>
                    <td className="text-end">{stats[f]}</td>
                    <td className="text-end">{f === 'sent' ? rate(stats.sent, stats.total) : rate(stats[f], f === 'delivered' || f === 'bounced' ? stats.sent : stats.delivered)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </div>
    </section>
  );
}
