import { useEffect, useState } from 'react';
import { defineIsland, useLanguage, useT } from '@platform/web/client';
import { ClickCharts } from './click-charts';
import { clickCount } from './click-count';
import { loadClickData, type ClickData, type Period } from './click-data';

export interface LinkStatsProps {
  linkId: number;
  url: string;
  title: string;
  /**
   * The absolute short URL, built by the server on the site's base URL: the server and the browser
   * must render the same string (a URL completed from `window.location` in the browser only made React
   * throw hydration error #418).
   */
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
  const language = useLanguage();
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
        <dt>{_t('Short link')}</dt><dd><code>{props.shortUrl}</code></dd>
        {props.campaign && <><dt>{_t('Campaign')}</dt><dd>{props.campaign}</dd></>}
        {props.medium && <><dt>{_t('Channel')}</dt><dd>{props.medium}</dd></>}
        {props.source && <><dt>{_t('Source')}</dt><dd>{props.source}</dd></>}
        <dt>{_t('Clicks')}</dt><dd className="link-count">{props.count}</dd>
        <dt>{_t('Unique visitors')}</dt><dd>{props.uniqueCount}</dd>
      </dl>
      <ul role="tablist" aria-label={_t('Period')} className="nav nav-tabs link-tabs">
        {TABS.map(([p, label]) => (
          <li key={p} className="nav-item" role="presentation">
            <button type="button" role="tab" id={`link-tab-${p}`} aria-controls="link-tab-panel" aria-selected={period === p}
              className={`nav-link${period === p ? ' active' : ''}`} onClick={() => setPeriod(p)}>{_t(label)}</button>
          </li>
        ))}
      </ul>
      <div role="tabpanel" id="link-tab-panel" aria-labelledby={`link-tab-${period}`} className="link-tab-panel" aria-busy={data === null && !failed}>
        {failed && <p className="link-error" role="alert">{_t('Unable to load the statistics. Try again later.')}</p>}
        {data && data.total === 0 && <p className="no-data">{_t('There is no data to show')}</p>}
        {data && data.total > 0 && (
          <>
            <p className="period-total">{clickCount(data.total, language.code, _t)}</p>
            <ClickCharts data={data} lineLabel={_t('Clicks per day')} pieLabel={_t('Clicks per country')} />
          </>
        )}
      </div>
    </div>
  );
}

export default defineIsland('link_tracker.link_stats', LinkStats);
