import { useEffect, useRef, useState } from 'react';
import { useT } from '@platform/web/client';
import { chartOptions } from '../../common/chart-options';
import type { GraphData, GraphType } from '../../common/results-types';

type Chart = { render(): Promise<unknown>; destroy(): void; updateOptions(o: Record<string, unknown>): Promise<unknown> };

/**
 * One question's chart. apexcharts is imported on demand (its own chunk, loaded by the results page
 * only) and does nothing unless the results container is on the page.
 */
export function ResultsChart({ questionId, graphType, graphData }: { questionId: number; graphType: Exclude<GraphType, ''>; graphData: GraphData }) {
  const _t = useT();
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const [stacked, setStacked] = useState(false);
  useEffect(() => {
    let cancelled = false;
    if (!document.querySelector('.js_surveyresult')) return undefined;
    void import('apexcharts').then(({ default: ApexCharts }) => {
      if (cancelled || !el.current) return;
      const options = chartOptions(graphType, graphData, { stacked });
      const c = new ApexCharts(el.current, options) as unknown as Chart;
      chart.current = c;
      void c.render().then(() => el.current?.setAttribute('data-rendered', 'true'));
    });
    return () => { cancelled = true; chart.current?.destroy(); chart.current = null; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [graphType, graphData]);
  const toggle = () => {
    const next = !stacked;
    setStacked(next);
    void chart.current?.updateOptions({ chart: { stacked: next } });
  };
  return (
    <div className="survey_graph" data-question_id={questionId} data-graph_type={graphType} data-graph-data={JSON.stringify(graphData)}>
      {graphType === 'multi_bar' ? (
        <div className="btn-group btn-group-sm mb-2" role="group" aria-label={_t('Chart layout')}>
          <button type="button" className={`btn ${stacked ? 'btn-outline-secondary' : 'btn-secondary'}`} aria-pressed={!stacked} onClick={stacked ? toggle : undefined}>{_t('Grouped')}</button>
          <button type="button" className={`btn ${stacked ? 'btn-secondary' : 'btn-outline-secondary'}`} aria-pressed={stacked} onClick={stacked ? undefined : toggle}>{_t('Stacked')}</button>
        </div>
      ) : null}
      <div ref={el} className="survey-chart" style={{ minHeight: 320 }} />
    </div>
  );
}
