import { useEffect, useRef } from 'react';
import type { ClickData } from './click-data';

/** Spec section 9: 10 tick labels, 500 ms transitions. */
const TICKS = 10;
const TRANSITION_MS = 500;

type Chart = { render(): Promise<unknown>; destroy(): void };

/**
 * The line chart of clicks per day and the pie chart of clicks per country. apexcharts needs the DOM,
 * so it is loaded in the browser only, after hydration.
 */
export function ClickCharts({ data, lineLabel, pieLabel }: { data: ClickData; lineLabel: string; pieLabel: string }) {
  const lineEl = useRef<HTMLDivElement>(null);
  const pieEl = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let charts: Chart[] = [];
    let cancelled = false;
    void import('apexcharts').then(({ default: ApexCharts }) => {
      if (cancelled || !lineEl.current || !pieEl.current) return;
      const animations = { enabled: true, speed: TRANSITION_MS, dynamicAnimation: { enabled: true, speed: TRANSITION_MS } };
      charts = [
        new ApexCharts(lineEl.current, {
          chart: { type: 'line', height: 300, animations, toolbar: { show: false } },
          series: [{ name: lineLabel, data: data.perDay.map(([, n]) => n) }],
          xaxis: { categories: data.perDay.map(([d]) => d), tickAmount: TICKS, labels: { rotate: -45 } },
          yaxis: { min: 0, forceNiceScale: true, labels: { formatter: (v: number) => String(Math.round(v)) } },
          stroke: { width: 2 },
        }),
        new ApexCharts(pieEl.current, {
          chart: { type: 'pie', height: 300, animations },
          series: data.perCountry.map(([, n]) => n),
          labels: data.perCountry.map(([c]) => c),
          legend: { position: 'bottom' },
        }),
      ];
      for (const c of charts) void c.render();
    });
    return () => {
      cancelled = true;
      for (const c of charts) c.destroy();
    };
  }, [data, lineLabel, pieLabel]);
  return (
    <div className="link-charts">
      <figure>
        <figcaption>{lineLabel}</figcaption>
        <div ref={lineEl} className="link-chart" />
      </figure>
      <figure>
        <figcaption>{pieLabel}</figcaption>
        <div ref={pieEl} className="link-chart" />
        <ul className="country-counts">
          {data.perCountry.map(([c, n]) => <li key={c}><span>{c}</span> <span>{n}</span></li>)}
        </ul>
      </figure>
    </div>
  );
}
