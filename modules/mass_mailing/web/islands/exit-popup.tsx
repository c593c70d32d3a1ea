import { useEffect, useRef, useState } from 'react';
import { defineIsland, rpc, RpcError, useT } from '@platform/web/client';
import { LOOSE_EMAIL_RE } from '@platform/common';

export interface ExitPopupProps {
  listId: number;
  /** The page is being edited: the popup must not get in the way. */
  editMode: boolean;
}

interface PopupContent {
  content: string;
  email: string;
  redirect_url: string;
  is_subscriber: boolean;
  /** A confirmation was mailed already: no need to ask again. */
  pending: boolean;
}

/** Cookie (path /) recording that this list's popup was shown. */
export const popupCookie = (listId: number) => `newsletter_popup_${listId}`;

/**
 * The exit popup of one list: shown once (a cookie per list) when the mouse leaves the page, unless
 * the visitor is subscribed (or waiting for the confirmation) already or the page is in edit mode.
 * After subscribing it goes to the list's redirect URL: in place on this host, in a new window on
 * another one; when the address must first be confirmed, it says so and goes on when asked.
 */
function ExitPopup({ listId, editMode }: ExitPopupProps) {
  const _t = useT();
  const [popup, setPopup] = useState<PopupContent | null>(null);
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  /** Why the last subscribe failed, when the address itself was not at fault. */
  const [error, setError] = useState('');
  /** The address waits for its owner's confirmation: the popup says so before going on. */
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const continueRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // `data-edit-mode` on <body>: a publisher is editing whatever page the popup sits on.
    if (editMode || document.body.dataset.editMode === '1' || document.cookie.split('; ').some((c) => c.startsWith(`${popupCookie(listId)}=`))) return;
    let armed = true;
    let onLeave: ((e: MouseEvent) => void) | undefined;
    rpc<PopupContent>('/website_mass_mailing/get_content', { newsletter_id: listId }).then((c) => {
      if (!armed || c.is_subscriber || c.pending) return;
      setPopup(c);
      setEmail(c.email);
      onLeave = (e: MouseEvent) => {
        if (e.relatedTarget || e.clientY > 0) return; // still inside the window
        document.removeEventListener('mouseout', onLeave!);
        document.cookie = `${popupCookie(listId)}=shown; path=/; SameSite=Lax`;
        setOpen(true);
      };
      document.addEventListener('mouseout', onLeave);
    }).catch(() => undefined);
    return () => {
      armed = false;
      if (onLeave) document.removeEventListener('mouseout', onLeave);
    };
  }, [listId, editMode]);

  useEffect(() => {
    if (pending) continueRef.current?.focus();
  }, [pending]);

  useEffect(() => {
    if (!open) return;
    inputRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  if (!open || !popup) return <></>;

  const goOn = () => {
    setOpen(false);
    const target = new URL(popup.redirect_url || '/', window.location.href);
    if (target.host === window.location.host) window.location.assign(target.href);
    else window.open(target.href, '_blank', 'noopener');
  };

  const subscribe = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!LOOSE_EMAIL_RE.test(email.trim())) {
      setInvalid(true);
      return;
    }
    setError('');
    let answer: { pending: boolean };
    try {
      answer = await rpc<{ pending: boolean }>('/website_mass_mailing/subscribe', { list_id: listId, email: email.trim() });
    } catch (err) {
      // Only a refused address is the field's fault; a rate limit, a vanished list or a lost connection
      // must be said, or the visitor keeps retyping a correct address.
      if (err instanceof RpcError && err.name === 'ValidationError') setInvalid(true);
      else setError(err instanceof Error ? err.message : String(err));
      return;
    }
    // Going on at once would leave a visitor who must confirm without knowing a mail is waiting.
    if (answer.pending) setPending(true);
    else goOn();
  };

  return (
    <div className="newsletter-popup-backdrop">
      <div className="newsletter-popup modal-content" role="dialog" aria-modal="true" aria-labelledby={`newsletter-popup-title-${listId}`}>
        <button type="button" className="newsletter-popup-close btn-close" aria-label={_t('Close')} onClick={() => setOpen(false)} />
        <h2 id={`newsletter-popup-title-${listId}`} className="visually-hidden">{_t('Newsletter')}</h2>
        <div className="newsletter-popup-content" dangerouslySetInnerHTML={{ __html: popup.content }} />
        {pending ? (
          <div className="newsletter-popup-pending">
            <p role="status">{_t('Thanks! Check your inbox to confirm your subscription.')}</p>
            <button ref={continueRef} type="button" className="btn btn-primary btn-subscribe" onClick={goOn}>{_t('Continue')}</button>
          </div>
        ) : (
          <form onSubmit={subscribe} noValidate>
            <label htmlFor={`newsletter-popup-email-${listId}`} className="form-label">{_t('Your e-mail')}</label>
            <input ref={inputRef} id={`newsletter-popup-email-${listId}`} type="email" value={email}
              className={`form-control${invalid ? ' is-invalid' : ''}`} aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `newsletter-popup-feedback-${listId}` : undefined}
              onChange={(e) => { setEmail(e.target.value); setInvalid(false); }} />
            {/* Said in words, not by the red border alone. */}
            {invalid ? <div id={`newsletter-popup-feedback-${listId}`} className="invalid-feedback d-block">{_t('Please enter a valid e-mail address.')}</div> : null}
            <button type="submit" className="btn btn-primary btn-subscribe">{_t('Subscribe')}</button>
            <p className="newsletter-popup-error text-danger small" role="alert">{error}</p>
          </form>
        )}
      </div>
    </div>
  );
}

export default defineIsland('mass_mailing.exit_popup', ExitPopup);
