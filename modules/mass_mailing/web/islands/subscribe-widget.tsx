import { useEffect, useState } from 'react';
import { defineIsland, rpc, RpcError, useLocalizedPath, useSession, useT } from '@platform/web/client';
import { LOOSE_EMAIL_RE } from '@platform/common';

export interface SubscribeWidgetProps {
  listId: number;
  listName: string;
}

/** What the server says about this visitor's (or user's) address on the list. */
interface SubscriptionAnswer {
  is_subscriber: boolean;
  /** A confirmation link was mailed: the address is subscribed once its owner follows it. */
  pending: boolean;
}

/**
 * Subscribe form of one list. It asks the server whether this visitor (or user) is subscribed; once
 * subscribed, or asked for and waiting for the mailed confirmation, the e-mail field is disabled and
 * the button hidden. A malformed e-mail only marks the field as invalid: nothing is sent.
 */
function SubscribeWidget({ listId, listName }: SubscribeWidgetProps) {
  const _t = useT();
  const session = useSession();
  const localized = useLocalizedPath();
  const [email, setEmail] = useState(session.isPublic ? '' : session.email ?? '');
  const [subscribed, setSubscribed] = useState(false);
  const [pending, setPending] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    rpc<SubscriptionAnswer & { email: string }>('/website_mass_mailing/is_subscriber', { list_id: listId })
      .then((r) => {
        if (r.email) setEmail(r.email);
        setSubscribed(r.is_subscriber);
        setPending(r.pending);
      })
      .catch(() => undefined); // the form simply stays usable
  }, [listId]);

  const subscribe = async (e: React.FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!LOOSE_EMAIL_RE.test(value)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setBusy(true);
    setError('');
    try {
      const answer = await rpc<SubscriptionAnswer>('/website_mass_mailing/subscribe', { list_id: listId, email: value });
      setSubscribed(answer.is_subscriber);
      setPending(answer.pending);
    } catch (err) {
      if (err instanceof RpcError && err.name === 'ValidationError') setInvalid(true);
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const inputId = `newsletter-email-${listId}`;
  const done = subscribed || pending;
  return (
    // Without JavaScript the form posts to the plain-form route, which answers with a page and the way back.
    <form className={`newsletter-subscribe${subscribed ? ' is-subscribed' : ''}${pending ? ' is-pending' : ''}`} onSubmit={subscribe} noValidate
      method="post" action={localized('/website_mass_mailing/subscribe_form')}>
      <input type="hidden" name="list_id" value={listId} />
      <label htmlFor={inputId} className="form-label">{_t('Your e-mail')} ({listName})</label>
      <div className="newsletter-row input-group has-validation">
        <input id={inputId} type="email" name="email" value={email} placeholder={_t('your-email@example.com')}
          className={`form-control${invalid ? ' is-invalid' : ''}`} aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${inputId}-status` : undefined} disabled={done} onChange={(e) => { setEmail(e.target.value); setInvalid(false); }} />
        {!done && <button type="submit" className="btn btn-primary btn-subscribe" disabled={busy}>{_t('Subscribe')}</button>}
      </div>
      <p className="newsletter-status" id={`${inputId}-status`} role="status">
        {subscribed ? _t('Thanks for subscribing!')
          : pending ? _t('Thanks! Check your inbox to confirm your subscription.')
            : invalid ? _t('Please enter a valid e-mail address.') : error}
      </p>
    </form>
  );
}

export default defineIsland('mass_mailing.subscribe', SubscribeWidget);
