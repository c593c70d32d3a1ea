import { useRef, useState, type FormEvent } from 'react';
import { confirmDialog, defineIsland, rpc, RpcError, useLocalizedPath, useT } from '@platform/web/client';
import type { CommentView, RatingStats } from '../../server/services/comment-service';

export interface CommentsProps {
  model: string;
  id: number;
  messages: CommentView[];
  stats: RatingStats;
  ratingEnabled: boolean;
  canPost: boolean;
  partnerId: number | null;
  isModerator: boolean;
  loginUrl: string;
}

function Stars({ value, label }: { value: number; label: string }) {
  const full = Math.round(value);
  return (
    <span className="stars" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((n) => <span key={n} aria-hidden="true" className={n <= full ? 'star on' : 'star'}>★</span>)}
    </span>
  );
}

/**
 * Comment thread with an optional 1-5 star rating; averages update as comments come and go.
 * Dates arrive formatted by the server in the reader's language, so the island needs no date library.
 */
function Comments(p: CommentsProps) {
  const _t = useT();
  const [messages, setMessages] = useState(p.messages);
  const [stats, setStats] = useState(p.stats);
  const [text, setText] = useState('');
  const [rating, setRating] = useState(0);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const localized = useLocalizedPath();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (!text.trim()) {
      textRef.current?.focus(); // an empty message is not sent
      return;
    }
    setBusy(true);
    try {
      const result = await rpc<(CommentView & { stats: RatingStats }) | false>('/website_mail/post/json', {
        res_model: p.model, res_id: p.id, message: text, rating: p.ratingEnabled && rating ? rating : null,
      });
      if (!result) {
        setError(_t('Your comment could not be posted. Please try again.'));
        return;
      }
      setMessages((m) => [result, ...m]);
      setStats(result.stats);
      setText('');
      setRating(0);
    } catch (err) {
      setError(err instanceof RpcError ? err.message : _t('Your comment could not be posted. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (e: FormEvent, messageId: number) => {
    e.preventDefault();
    setError('');
    const sure = await confirmDialog({
      title: _t('Delete this comment?'), message: _t('The comment will be removed for good.'), confirm: _t('Delete'), cancel: _t('Cancel'),
    });
    if (!sure) return;
    try {
      const result = await rpc<{ stats: RatingStats }>('/website_mail/message/delete', { message_id: messageId });
      setMessages((m) => m.filter((x) => x.id !== messageId));
      setStats(result.stats);
    } catch (err) {
      setError(err instanceof RpcError ? err.message : String(err));
    }
  };

  return (
    <section className="comments card card-body" id="comments" aria-labelledby="comments-title">
      <h2 id="comments-title" className="h4">{_t('Comments')} <span className="count badge rounded-pill text-bg-light border align-middle">{messages.length}</span></h2>
      {p.ratingEnabled ? (
        <p className="rating-average">
          <Stars value={stats.average} label={`${_t('Average rating')}: ${stats.average} / 5`} />{' '}
          <span className="average-value">{stats.count ? `${stats.average.toFixed(1)} / 5` : _t('No ratings yet')}</span>{' '}
          <span className="rating-count">({stats.count} {_t('ratings')})</span>
        </p>
      ) : null}
      {p.canPost ? (
        <form className="comment-form" onSubmit={submit}>
          {p.ratingEnabled ? (
            <fieldset className="star-input">
              <legend className="form-label">{_t('Your rating')}</legend>
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n}>
                  <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} />
                  <span>{n} ★</span>
                </label>
              ))}
            </fieldset>
          ) : null}
          <label className="form-label">
            {_t('Your comment')}
            <textarea ref={textRef} className="form-control" name="message" rows={3} value={text} onChange={(e) => setText(e.target.value)} maxLength={5000} />
          </label>
          <button type="submit" className="btn btn-primary" disabled={busy}>{_t('Post')}</button>
          {error ? <p className="alert alert-danger comment-error" role="alert">{error}</p> : null}
        </form>
      ) : (
        <p><a href={p.loginUrl}>{_t('Sign in to leave a comment')}</a></p>
      )}
      <ol className="comment-list">
        {messages.map((m) => (
          <li key={m.id} id={`message-${m.id}`} className="comment">
            <p className="comment-meta">
              <strong>{m.author}</strong> · <time dateTime={m.date}>{m.date_label ?? m.date}</time>
              {m.rating ? <> · <Stars value={m.rating} label={`${m.rating} / 5`} /></> : null}
            </p>
            <div className="comment-body" dangerouslySetInnerHTML={{ __html: m.body }} />
            {(p.isModerator || (p.partnerId !== null && m.author_id === p.partnerId)) ? (
              // Without JavaScript the button opens the confirmation page, whose own button deletes.
              <form method="get" action={localized(`/website_mail/message/${m.id}/delete`)} className="comment-delete-form" onSubmit={(e) => remove(e, m.id)}>
                <button type="submit" className="btn btn-link btn-sm p-0 link-danger comment-delete">{_t('Delete')}</button>
              </form>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

export default defineIsland('website_mail.comments', Comments);
