import { useState, type MouseEvent } from 'react';
import { defineIsland, rpc, useT } from '@platform/web/client';

type Network = 'facebook' | 'twitter' | 'linkedin' | 'email';

export interface ShareButtonsProps {
  /** URL of the page, as shared: absolute on the site's address, relative when the site has none configured. */
  url: string;
  /** Title of the shared page (tweet text, e-mail subject). */
  title: string;
  /** Path the counts belong to. */
  path: string;
  counts: Record<Network, number>;
}

/** The spec's share window. */
export const SHARE_WINDOW_FEATURES = 'width=500,height=500,menubar=no,toolbar=no,location=yes,resizable=yes,scrollbars=yes,noopener';

const NETWORKS: Array<{ id: Network; label: string; href(url: string, title: string): string }> = [
  { id: 'facebook', label: 'Share on Facebook', href: (u) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(u)}` },
  { id: 'twitter', label: 'Share on X (Twitter)', href: (u, t) => `https://x.com/intent/tweet?url=${encodeURIComponent(u)}&text=${encodeURIComponent(t)}` },
  { id: 'linkedin', label: 'Share on LinkedIn', href: (u) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(u)}` },
  { id: 'email', label: 'Share by e-mail', href: (u, t) => `mailto:?subject=${encodeURIComponent(t)}&body=${encodeURIComponent(u)}` },
];

/**
 * Share links that work without JavaScript (they open the network in a new tab). Hydrated, a click
 * opens the network in a 500x500 window instead and reports the share, so the counts shown are the
 * site's own (the networks do not publish theirs any more).
 */
function ShareButtons({ url, title, path, counts: initial }: ShareButtonsProps) {
  const _t = useT();
  const [counts, setCounts] = useState(initial);

  const share = (network: Network, href: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    // A relative URL (no configured address) is completed with the address this reader sees.
    const shared = url.startsWith('/') ? NETWORKS.find((n) => n.id === network)!.href(new URL(url, window.location.href).href, title) : href;
    if (network !== 'email') {
      e.preventDefault();
      window.open(shared, `share_${network}`, SHARE_WINDOW_FEATURES);
    } else if (shared !== href) {
      e.currentTarget.href = shared;
    }
    rpc<Record<Network, number>>('/website/share/record', { url: path, network })
      .then(setCounts)
      .catch(() => setCounts((c) => ({ ...c, [network]: c[network] + 1 }))); // rate-limited: still acknowledge the click
  };

  return (
    <aside className="share-buttons" aria-label={_t('Share this page')}>
      <span className="share-title fw-semibold">{_t('Share')}</span>
      <ul>
        {NETWORKS.map((n) => {
          const href = n.href(url, title);
          return (
            <li key={n.id}>
              <a className={`btn btn-sm btn-outline-secondary rounded-pill share-${n.id}`} href={href} target={n.id === 'email' ? undefined : '_blank'} rel="noopener noreferrer"
                onClick={share(n.id, href)} data-network={n.id}>
                <span className="share-label">{_t(n.label)}</span>
                <span className="share-count badge rounded-pill text-bg-light" aria-label={`${counts[n.id]} ${_t('shares')}`}>{counts[n.id]}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}

export default defineIsland('website.share_buttons', ShareButtons);
