import { useEffect, useMemo, useRef, useState } from 'react';
import { rpc } from '@platform/web/client';
import { useBackoffice } from '@platform/web/backoffice/client';
import { coalesce, listenToLivechat } from './console-bus';

export const CONSOLE_HASH = '#menu=livechat.console&screen=livechat.console';

/** `(2) Live Chat` while lines are unread, the page's own title otherwise. */
export function titleWithUnread(original: string, unread: number, label: string): string {
  return unread > 0 ? `(${unread}) ${label}` : original;
}

/**
 * The live chat item of the back office's top bar, in every tab of an operator: it holds the bus
 * connection (so the operator is online while any back-office tab is open), counts the visitor lines
 * not yet read, and shows the count in the tab's title. Users who are not operators get nothing (the
 * server refuses them the count, and no connection is opened for them).
 */
export default function LivechatSystray() {
  const { _t, data, route } = useBackoffice();
  const [unread, setUnread] = useState<number | null>(null);
  const original = useRef(document.title);

  const refresh = useMemo(() => coalesce(() => {
    rpc<number>('/im_livechat/console/unread').then(setUnread, () => undefined);
  }, 150), []);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    rpc<number>('/im_livechat/console/unread').then((n) => {
      if (cancelled) return;
      setUnread(n);
      stop = listenToLivechat(data.session.partnerId, () => refresh());
    }, () => undefined); // not an operator (or the call failed): no item, no connection
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [data.session.partnerId, refresh]);

  useEffect(() => {
    if (unread === null) return;
    document.title = titleWithUnread(original.current, unread, _t('Live Chat'));
  }, [unread, _t]);

  if (unread === null) return null;
  const here = route.screen === 'livechat.console';
  // The accessible name is the visible text (the label, hidden on phones but still read, and the count).
  return (
    <a className={`btn btn-sm ${here ? 'btn-light' : 'btn-outline-light'} text-nowrap o_livechat_systray`} href={CONSOLE_HASH}>
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="currentColor" className="align-text-bottom">
        <path d="M2 2h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6l-3.5 3v-3H2a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1z" />
      </svg>
      <span className="d-none d-sm-inline ms-1">{_t('Live Chat')}</span>
      <span className="visually-hidden d-sm-none">{_t('Live Chat')}</span>
      {unread > 0 ? (
        <span className="badge rounded-pill text-bg-danger ms-1 o_livechat_unread_total">
          {unread}<span className="visually-hidden"> {_t('unread messages')}</span>
        </span>
      ) : null}
    </a>
  );
}
