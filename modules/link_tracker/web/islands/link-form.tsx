import { useEffect, useRef, useState } from 'react';
import { defineIsland, rpc, RpcError, useT } from '@platform/web/client';
import { copyText } from './clipboard';
import { absoluteShortUrl, type TrackedLink } from './link-types';
import { RecentLinks } from './recent-links';
import { UtmField, utmIdFor } from './utm-field';

export interface LinkFormProps {
  recentLimit: number;
}

/** Spec section 9: the copy confirmation lasts 5 s. */
const COPIED_MS = 5000;

const ERRORS: Record<string, string> = {
  empty_url: 'The URL is empty.',
  url_not_found: 'URL not found (404)',
};
const COPY_FAILED = 'The link could not be copied; select it above and copy it.';
const GENERIC_ERROR = 'An error occur while trying to generate your link. Try again later.';

/**
 * `/r`: URL, campaign, channel and source, then "Get tracked link", which becomes "Copy" once the link
 * exists and goes back when the URL is edited; below, the user's recent links.
 */
function LinkForm({ recentLimit }: LinkFormProps) {
  const _t = useT();
  const [url, setUrl] = useState('');
  const [campaign, setCampaign] = useState('');
  const [medium, setMedium] = useState('');
  const [source, setSource] = useState('');
  const [link, setLink] = useState<TrackedLink | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  const edited = (setter: (v: string) => void) => (v: string) => {
    setter(v);
    setLink(null); // another URL or campaign is another link: back to "Get tracked link"
    setCopied(false);
  };

  const generate = async () => {
    setError('');
    if (!url.trim()) return setError(_t(ERRORS.empty_url));
    setBusy(true);
    try {
      const [campaign_id, medium_id, source_id] = await Promise.all([
        utmIdFor('utm.campaign', campaign), utmIdFor('utm.medium', medium), utmIdFor('utm.source', source),
      ]);
      const result = await rpc<TrackedLink[] | { error: string }>('/website_links/new', { url, campaign_id, medium_id, source_id });
      if (!Array.isArray(result)) return setError(_t(ERRORS[result.error] ?? GENERIC_ERROR));
      setLink(result[0]);
      setRefreshKey((k) => k + 1);
    } catch (err) {
      setError(err instanceof RpcError && err.name === 'ValidationError' ? `${_t(GENERIC_ERROR)} ${err.message}` : _t(GENERIC_ERROR));
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!link) return;
    if (await copyText(absoluteShortUrl(link.short_url))) {
      setCopied(true);
      clearTimeout(copiedTimer.current);
      copiedTimer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } else {
      // The browser refused both the Clipboard API and the fallback: say so rather than do nothing.
      setError(_t(COPY_FAILED));
    }
  };

  return (
    <div className="link-form card card-body">
      <form onSubmit={(e) => { e.preventDefault(); void (link ? copy() : generate()); }} noValidate>
        <div className="link-tracker-field link-url">
          <label htmlFor="link-url" className="form-label mb-0">{_t('URL')}</label>
          <input id="link-url" className="form-control" name="url" type="url" value={url} placeholder="https://www.example.com/page" required
            onChange={(e) => edited(setUrl)(e.target.value)} />
        </div>
        <div className="link-utm-fields">
          <UtmField model="utm.campaign" label={_t('Campaign')} placeholder={_t('e.g. Spring sale')} value={campaign} onChange={edited(setCampaign)} />
          <UtmField model="utm.medium" label={_t('Channel')} placeholder={_t('e.g. Newsletter, Social network')} value={medium} onChange={edited(setMedium)} />
          <UtmField model="utm.source" label={_t('Source')} placeholder={_t('e.g. Search engine, Website page')} value={source} onChange={edited(setSource)} />
        </div>
        <div className="link-actions">
          <button type="submit" className="btn btn-primary button-primary" disabled={busy}>{link ? _t('Copy') : _t('Get tracked link')}</button>
          {copied && <span className="link-copied badge text-bg-success" role="status">{_t('Copied')}</span>}
        </div>
        {link && (
          <p className="link-result alert alert-info mb-0">
            {_t('Your tracked link:')} <output className="link-short-url">{absoluteShortUrl(link.short_url)}</output>
          </p>
        )}
        {error && <p className="link-error alert alert-danger" role="alert">{error}</p>}
      </form>
      <RecentLinks limit={recentLimit} refreshKey={refreshKey} />
    </div>
  );
}

export default defineIsland('link_tracker.link_form', LinkForm);
