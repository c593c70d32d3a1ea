/*
 * apexcharts options of the results charts (pure, so tests check them): multi_bar (matrix: a series per
 * column, grouped or stacked, a tooltip naming the answer with its 'Total Vote', y axis 'Responses'),
 * bar (multiple choice: values shown on the bars, no tooltip), pie (simple choice: no labels on the
 * slices). Legends toggle series; their keys are cut at 20 characters; axis labels at 25 (multi_bar,
 * pie) or 35 (bar), with an ellipsis.
 */
import { truncate, type GraphData, type GraphType, type ChoiceCount } from './results-types';

export const LEGEND_KEY_MAX = 20;
export const AXIS_LABEL_MAX: Record<'multi_bar' | 'bar' | 'pie', number> = { multi_bar: 25, bar: 35, pie: 25 };

type Series = Array<{ key: string; values: Array<{ text: string; count: number }> }>;
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function chartOptions(type: Exclude<GraphType, ''>, data: GraphData, opts: { stacked?: boolean; height?: number } = {}): Record<string, unknown> {
  const legend = { show: true, position: 'bottom', onItemClick: { toggleDataSeries: true }, formatter: (name: string) => truncate(name, LEGEND_KEY_MAX) };
  const height = opts.height ?? 320;
  if (type === 'pie') {
    const choices = data as ChoiceCount[];
    return {
      chart: { type: 'pie', height, animations: { enabled: false } },
      series: choices.map((c) => c.count),
      labels: choices.map((c) => truncate(c.text, AXIS_LABEL_MAX.pie)),
      dataLabels: { enabled: false },
      legend,
    };
  }
  const series = data as Series;
  if (type === 'bar') {
    const values = series[0]?.values ?? [];
    return {
      chart: { type: 'bar', height, toolbar: { show: false }, animations: { enabled: false } },
      series: [{ name: truncate(series[0]?.key ?? '', LEGEND_KEY_MAX), data: values.map((v) => v.count) }],
      xaxis: { categories: values.map((v) => truncate(v.text, AXIS_LABEL_MAX.bar)) },
      dataLabels: { enabled: true },
      tooltip: { enabled: false },
      legend: { ...legend, showForSingleSeries: true },
    };
  }
  const rows = series[0]?.values.map((v) => v.text) ?? [];
  return {
    chart: { type: 'bar', height, stacked: Boolean(opts.stacked), toolbar: { show: false }, animations: { enabled: false } },
    series: series.map((s) => ({ name: s.key, data: s.values.map((v) => v.count) })),
    xaxis: { categories: rows.map((r) => truncate(r, AXIS_LABEL_MAX.multi_bar)) },
    yaxis: { title: { text: 'Responses' }, labels: { formatter: (v: number) => String(Math.round(v)) } },
    dataLabels: { enabled: false },
    tooltip: {
      enabled: true,
      custom: ({ seriesIndex, dataPointIndex }: { seriesIndex: number; dataPointIndex: number }) => {
        const s = series[seriesIndex];
        const v = s?.values[dataPointIndex];
        return `<div class="p-2"><strong>${escape(s?.key ?? '')}</strong><br>${escape(v?.text ?? '')}<br>Total Vote: ${v?.count ?? 0}</div>`;
      },
    },
    legend: { ...legend, formatter: (name: string) => truncate(name, LEGEND_KEY_MAX) },
  };
}
