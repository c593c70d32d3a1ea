import { useEffect, useState } from 'react';
import { defineIsland } from '@platform/web/island';
import { useT } from '@platform/web/client/web-context';
import { ClickCharts } from './click-charts';
import { loadClickData, type ClickData, type Period } from './click-data';
import { absoluteShortUrl } from './link-types';

export interface LinkStatsProps {
  linkId: number;
  url: string;
  title: string;
  shortUrl: string;
  code: string;
  count: number;
  uniqueCount: number;
  campaign: string | null;
  medium: string | null;
  source: string | null;
}

const TABS: Array<[Period, string]> = [['all', 'All Time'], ['month', 'Last Month'], ['week', 'Last Week']];

/** `/r/<code>+`: the link, its counters, and per-period charts of its clicks. */
function LinkStats(props: LinkStatsProps) {
  const _t = useT();
  const [period, setPeriod] = useState<Period>('all');
  const [data, setData] = useState<ClickData | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    setData(null);
    loadClickData(props.linkId, period, _t('Unknown'))
      .then((d) => { if (current) { setData(d); setFailed(false); } })
      .catch(() => { if (current) setFailed(true); });
    return () => { current = false; };
  }, [props.linkId, period, _t]);

  return (
    <div className="link-stats">
      <h1>{props.title}</h1>
      <dl className="link-facts">
        <dt>{_t('Target')}</dt><dd><a href={props.url} rel="noopener noreferrer">{props.url}</a></dd>
        <dt>{_t('Short link')}</dt><dd><code>{absoluteShortUrl(props.shortUrl)}</code></dd>
        {props.campaign && <><dt>{_t('Campaign')}</dt><dd>{props.campaign}</dd></>}
        {props.medium && <><dt>{_t('Channel')}</dt><dd>{props.medium}</dd></>}
        {props.source && <><dt>{_t('Source')}</dt><dd>{props.source}</dd></>}
        <dt>{_t('Clicks')}</dt><dd className="link-count">{props.count}</dd>
        <dt>{_t('Unique visitors')}</dt><dd>{props.uniqueCount}</dd>
      </dl>
      <div role="tablist" aria-label={_t('Period')} className="link-tabs">
        {TABS.map(([p, label]) => (
          <button key={p} type="button" role="tab" aria-selected={period === p} className={period === p ? 'active' : ''}
            onClick={() => setPeriod(p)}>{_t(label)}</button>
        ))}
      </div>
      <div role="tabpanel" className="link-tab-panel" aria-busy={data === null && !failed}>
        {failed && <p className="link-error" role="alert">{_t('Unable to load the statistics. Try again later.')}</p>}
        {data && data.total === 0 && <p className="no-data">{_t('There is no data to show')}</p>}
        {data && data.total > 0 && (
          <>
            <p className="period-total">{data.total} {_t('clicks')}</p>
            <ClickCharts data={data} lineLabel={_t('Clicks per day')} pieLabel={_t('Clicks per country')} />
          </>
        )}
      </div>
    </div>
  );
}

export default defineIsland('link_tracker.link_stats', LinkStats);
