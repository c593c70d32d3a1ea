import { useCallback, useEffect, useState } from 'react';
import { rpc, useLanguage, useT } from '@platform/web/client';
import { CodeEditor } from './code-editor';
import { absoluteShortUrl, type TrackedLink } from './link-types';
import { clickCount } from './click-count';

export type RecentFilter = 'newest' | 'most-clicked' | 'recently-used';

export interface RecentLinksProps {
  limit: number;
  /** Changes when a link was just made, to reload the list. */
  refreshKey: number;
}

/** The user's recent links, filtered by newest, most clicked or recently used. */
export function RecentLinks({ limit, refreshKey }: RecentLinksProps) {
  const _t = useT();
  const language = useLanguage();
  const [filter, setFilter] = useState<RecentFilter>('newest');
  const [links, setLinks] = useState<TrackedLink[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      setLinks(await rpc<TrackedLink[]>('/website_links/recent_links', { filter, limit }));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [filter, limit]);
  useEffect(() => {
    void load();
  }, [load, refreshKey]);

  return (
    <section className="recent-links" aria-labelledby="recent-links-title">
      <div className="recent-links-head">
        <h2 id="recent-links-title" className="h4 mb-0">{_t('Recently generated links')}</h2>
        <label className="d-flex align-items-center gap-2">
          {_t('Filter')}{' '}
          <select className="form-select form-select-sm w-auto" value={filter} onChange={(e) => setFilter(e.target.value as RecentFilter)}>
            <option value="newest">{_t('Newest')}</option>
            <option value="most-clicked">{_t('Most clicked')}</option>
            <option value="recently-used">{_t('Recently used')}</option>
          </select>
        </label>
      </div>
      {failed && <p className="link-error" role="alert">{_t('Unable to get recent links')}</p>}
      {!failed && links !== null && links.length === 0 && <p>{_t("You don't have any recent links.")}</p>}
      {!failed && links && links.length > 0 && (
        <ul className="recent-links-list">
          {links.map((l) => (
            <li key={l.id}>
              <div className="recent-link-title">
                <a href={l.url} rel="noopener noreferrer">{l.title || l.url}</a>
              </div>
              <div className="recent-link-short">
                <span>{absoluteShortUrl(l.short_url).replace(/[^/]+$/, '')}</span>
                {l.code && <CodeEditor code={l.code} onChanged={() => void load()} />}
              </div>
              <div className="recent-link-meta">
                <span>{clickCount(l.count, language.code, _t)}</span>
                {' · '}
                <a href={`/r/${l.code}+`}>{_t('Stats')}</a>
                {[l.campaign_id, l.medium_id, l.source_id].filter(Boolean).map((v) => (
                  <span key={String((v as [number, string])[1])} className="utm-tag badge text-bg-light border">{(v as [number, string])[1]}</span>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
