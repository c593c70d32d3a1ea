import { useEffect, useRef, useState } from 'react';
import { rpc, RpcError } from '@platform/web/client';
import { useBackoffice, type BackofficeViewProps } from '@platform/web/backoffice/client';

interface Report {
  days: string[];
  series: Array<{ event: string; counts: number[] }>;
  funnel: Array<{ event: string; count: number }>;
}

const LABELS: Record<string, string> = {
  product_view: 'Product views', product_add_to_cart: 'Added to cart', customer_checkout: 'Checkouts started', customer_signin: 'Sign-ins',
  customer_signup: 'Sign-ups', order_checkout: 'Payment pages', order_payment: 'Payments', order_confirmed: 'Orders confirmed',
};
const RANGES = [7, 30, 90] as const;

type Chart = { render(): Promise<unknown>; destroy(): void };

/**
 * The shop's first-party analytics for sales managers: the funnel from product views to confirmed
 * orders and the events per day (apexcharts, loaded in the browser only), over 7, 30 or 90 days.
 */
export default function ShopAnalytics(_props: BackofficeViewProps) {
  const { _t } = useBackoffice();
  const [days, setDays] = useState<number>(30);
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState('');
  const funnelEl = useRef<HTMLDivElement>(null);
  const dailyEl = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    rpc<Report>('/shop/stats/report', { days }).then((r) => { if (live) setReport(r); }, (err: unknown) => { if (live) setError(err instanceof RpcError ? err.message : String(err)); });
    return () => { live = false; };
  }, [days]);

  useEffect(() => {
    if (!report) return undefined;
    let charts: Chart[] = [];
    let cancelled = false;
    void import('apexcharts').then(({ default: ApexCharts }) => {
      if (cancelled || !funnelEl.current || !dailyEl.current) return;
      charts = [
        new ApexCharts(funnelEl.current, {
          chart: { type: 'bar', height: 320, toolbar: { show: false }, animations: { enabled: false } },
          plotOptions: { bar: { horizontal: true, distributed: true, barHeight: '70%' } },
          series: [{ name: _t('Events'), data: report.funnel.map((f) => f.count) }],
          xaxis: { categories: report.funnel.map((f) => _t(LABELS[f.event] ?? f.event)) },
          legend: { show: false },
        }),
        new ApexCharts(dailyEl.current, {
          chart: { type: 'line', height: 320, toolbar: { show: false }, animations: { enabled: false } },
          series: report.series.filter((s) => s.counts.some((n) => n > 0)).map((s) => ({ name: _t(LABELS[s.event] ?? s.event), data: s.counts })),
          xaxis: { categories: report.days, tickAmount: 10, labels: { rotate: -45 } },
          yaxis: { min: 0, forceNiceScale: true, labels: { formatter: (v: number) => String(Math.round(v)) } },
          stroke: { width: 2 },
        }),
      ];
      for (const c of charts) void c.render();
    });
    return () => {
      cancelled = true;
      for (const c of charts) c.destroy();
    };
  }, [report, _t]);

  // Each step as a share of the funnel's widest step (product views, unless the events started later).
  const first = Math.max(0, ...(report?.funnel.map((f) => f.count) ?? []));
  return (
    <div className="container-fluid py-3 shop-analytics">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0">{_t('Shop analytics')}</h1>
        <div className="btn-group" role="group" aria-label={_t('Period')}>
          {RANGES.map((n) => (
            <button key={n} type="button" className={`btn btn-sm ${n === days ? 'btn-primary' : 'btn-outline-primary'}`} aria-pressed={n === days} onClick={() => setDays(n)}>
              {_t('%s days').replace('%s', String(n))}
            </button>
          ))}
        </div>
      </div>
      {error ? <div className="alert alert-danger" role="alert">{error}</div> : null}
      <div className="row g-3">
        <div className="col-lg-5">
          <div className="card h-100"><div className="card-body">
            <h2 className="h6">{_t('Funnel')}</h2>
            <div ref={funnelEl} />
            {report ? (
              <table className="table table-sm mb-0 shop-funnel">
                <tbody>
                  {report.funnel.map((f) => (
                    <tr key={f.event} data-event={f.event}>
                      <th scope="row" className="fw-normal">{_t(LABELS[f.event] ?? f.event)}</th>
                      <td className="text-end">{f.count}</td>
                      <td className="text-end text-body-secondary">{first ? `${Math.round((f.count / first) * 100)} %` : '–'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : <p className="text-body-secondary">{_t('Loading...')}</p>}
          </div></div>
        </div>
        <div className="col-lg-7">
          <div className="card h-100"><div className="card-body">
            <h2 className="h6">{_t('Per day')}</h2>
            <div ref={dailyEl} />
          </div></div>
        </div>
      </div>
    </div>
  );
}
