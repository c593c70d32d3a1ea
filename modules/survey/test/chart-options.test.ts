import { expect } from 'chai';
import { chartOptions } from '../common/chart-options';
import { parseResultQuery, resultQuery, truncate } from '../common/results-types';

describe('survey: results charts and query strings (common/)', () => {
  const long = 'An answer text that is much longer than any axis label';

  it('pie: no labels on the slices, labels cut at 25 with an ellipsis, legend keys at 20', () => {
    const o = chartOptions('pie', [{ text: long, count: 3, answer_id: 1 }]) as any;
    expect(o.dataLabels.enabled).to.equal(false);
    expect(o.labels).to.deep.equal([`${long.slice(0, 25)}…`]);
    expect(o.legend.formatter(long)).to.equal(`${long.slice(0, 20)}…`);
    expect(o.legend.onItemClick.toggleDataSeries).to.equal(true);
  });

  it('bar: values shown, no tooltip, axis labels cut at 35', () => {
    const o = chartOptions('bar', [{ key: 'Q', values: [{ text: long, count: 2 }] }]) as any;
    expect(o.dataLabels.enabled).to.equal(true);
    expect(o.tooltip.enabled).to.equal(false);
    expect(o.xaxis.categories).to.deep.equal([`${long.slice(0, 35)}…`]);
  });

  it('multi_bar: grouped or stacked, "Responses" axis, a tooltip with the answer text and "Total Vote", labels cut at 25', () => {
    const data = [{ key: 'Good', values: [{ text: long, count: 4 }] }];
    const grouped = chartOptions('multi_bar', data) as any;
    expect(grouped.chart.stacked).to.equal(false);
    expect((chartOptions('multi_bar', data, { stacked: true }) as any).chart.stacked).to.equal(true);
    expect(grouped.yaxis.title.text).to.equal('Responses');
    expect(grouped.xaxis.categories).to.deep.equal([`${long.slice(0, 25)}…`]);
    expect(grouped.tooltip.custom({ seriesIndex: 0, dataPointIndex: 0 })).to.contain('Good').and.contain(long).and.contain('Total Vote: 4');
  });

  it('reads filters as row_id,answer_id keys until the first bad key; finished is a flag', () => {
    expect(parseResultQuery('0,12&7,15&finished')).to.deep.equal({ filters: [{ row_id: 0, answer_id: 12 }, { row_id: 7, answer_id: 15 }], finished: true });
    expect(parseResultQuery('0,12&x&3,4').filters).to.deep.equal([{ row_id: 0, answer_id: 12 }]);
    expect(resultQuery([{ row_id: 0, answer_id: 12 }], true)).to.equal('?0,12&finished');
    expect(resultQuery([], false)).to.equal('');
    expect(truncate('short', 25)).to.equal('short');
  });
});
