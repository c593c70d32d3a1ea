import { useState, type FormEvent } from 'react';
import { LOOSE_EMAIL_RE } from '@platform/common';
import { defineIsland, rpc, RpcError, useLocalizedPath, useT } from '@platform/web/client';

export interface FollowButtonProps {
  model: string;
  id: number;
  isFollower: boolean;
  isUser: boolean;
  email: string;
  /** What the badge says once following: a UI source string of the page's modules (default: about a page). */
  followingText?: string;
}

/** What `/website_mail/follow` answers (FollowRoutes). */
interface FollowAnswer {
  is_follower: boolean;
  pending: boolean;
  message: string;
}

/**
 * Follow widget: one click for users whose address is verified; visitors type an e-mail (flagged, and
 * not sent, when invalid). A follow by e-mail waits for its confirmation link: the widget says to check
 * the inbox.
 */
function FollowButton({ model, id, isFollower: initial, isUser, email: initialEmail, followingText = 'You are following this page.' }: FollowButtonProps) {
  const _t = useT();
  const [following, setFollowing] = useState(initial);
  const [email, setEmail] = useState(initialEmail);
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState(false);
  const localized = useLocalizedPath();
  const feedbackId = `follow-feedback-${model.replace(/\W/g, '-')}-${id}`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setPending(false);
    if (!isUser && !following && !LOOSE_EMAIL_RE.test(email.trim())) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setBusy(true);
    try {
      const answer = await rpc<FollowAnswer>('/website_mail/follow', { id, object: model, message_is_follower: following ? 'on' : 'off', email: isUser ? undefined : email.trim() });
      setFollowing(answer.is_follower);
      setPending(answer.pending);
    } catch (err) {
      // A refused address is the field's fault: said next to it; anything else in the alert.
      if (err instanceof RpcError && err.name === 'ValidationError' && !isUser) setInvalid(true);
      else setError(err instanceof RpcError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    // Without JavaScript the form posts to the plain-form route, which answers with a page and the way back.
    <form className="follow-widget" onSubmit={submit} noValidate method="post" action={localized('/website_mail/follow_form')}>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="object" value={model} />
      <input type="hidden" name="message_is_follower" value={following ? 'on' : 'off'} />
      {!isUser ? (
        <label className="follow-email">
          <span className="visually-hidden">{_t('Your e-mail')}</span>
          <input
            type="email" name="email" value={email} placeholder={_t('your-email@example.com')} aria-invalid={invalid}
            aria-describedby={invalid ? feedbackId : undefined}
            className={`form-control${invalid ? ' is-invalid' : ''}`} disabled={following} onChange={(e) => { setEmail(e.target.value); setInvalid(false); }}
          />
        </label>
      ) : null}
      {/* Said in words, not by the red border alone. */}
      {invalid ? <div id={feedbackId} className="invalid-feedback d-block">{_t('Please enter a valid e-mail address.')}</div> : null}
      <button type="submit" className={following ? 'btn btn-outline-primary btn-unfollow' : 'btn btn-primary btn-follow'} disabled={busy}>
        {following ? _t('Unfollow') : _t('Follow')}
      </button>
      {following ? <span className="follow-state badge text-bg-success" role="status">{_t(followingText)}</span> : null}
      {pending && !following ? <p className="follow-pending alert alert-info mb-0" role="status">{_t('Check your inbox to confirm: we sent you a link to follow this page.')}</p> : null}
      {error ? <p className="alert alert-danger" role="alert">{error}</p> : null}
    </form>
  );
}

export default defineIsland('website_mail.follow', FollowButton);
