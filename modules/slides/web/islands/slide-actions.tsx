import { useEffect, useState } from 'react';
import { useFormik } from 'formik';
import { defineIsland, rpc, RpcError, useT } from '@platform/web/client';
import type { SlideActionsProps } from '../../common/page-props';
import { ALREADY_VOTED_MESSAGE, LOGIN_TO_VOTE_MESSAGE, MAIL_SENT_MESSAGE, embedPage, slideUrls } from '../../common/slide-constants';
import { shareEmailSchema } from '../../common/slide-schemas';

const NETWORKS = [['twitter', 'X (Twitter)'], ['facebook', 'Facebook'], ['linkedin', 'LinkedIn']] as const;

/**
 * Under a slide: like / dislike (one vote per user, held by the server; visitors are asked to sign in),
 * the embed code with its page number (1 to the page count, else 1), share by e-mail (the schema of
 * common/, checked again by the server), and share buttons whose count is the site's own (each a plain
 * form post, so they work without JavaScript).
 */
function SlideActions(p: SlideActionsProps) {
  const _t = useT();
  const [likes, setLikes] = useState(p.likes);
  const [dislikes, setDislikes] = useState(p.dislikes);
  const [voted, setVoted] = useState(p.myVote);
  const [voteMessage, setVoteMessage] = useState<{ text: string; login?: boolean } | null>(p.notice === 'already_voted' ? { text: ALREADY_VOTED_MESSAGE } : null);
  const [embedTyped, setEmbedTyped] = useState('1');
  const [sent, setSent] = useState(p.notice === 'mail_sent');
  const [sendError, setSendError] = useState<string | null>(null);

  // The vote is also remembered in the browser (the reference's localStorage key), so a second tab knows.
  useEffect(() => {
    if (!voted && p.signedIn && window.localStorage.getItem(`slide_vote_${p.slideId}`)) setVoted(Number(window.localStorage.getItem(`slide_vote_${p.slideId}`)) || 1);
  }, [p.slideId, p.signedIn, voted]);

  const vote = async (value: 1 | -1) => {
    if (!p.signedIn) {
      setVoteMessage({ text: LOGIN_TO_VOTE_MESSAGE, login: true });
      return;
    }
    setVoteMessage(null);
    try {
      const count = await rpc<number>(value === 1 ? slideUrls.like : slideUrls.dislike, { slide_id: p.slideId });
      if (value === 1) setLikes(count); else setDislikes(count);
      setVoted(value);
      window.localStorage.setItem(`slide_vote_${p.slideId}`, String(value));
    } catch (err) {
      setVoteMessage({ text: err instanceof RpcError ? err.message : String(err), login: err instanceof RpcError && err.message === LOGIN_TO_VOTE_MESSAGE });
    }
  };

  const formik = useFormik({
    initialValues: { slide_id: p.slideId, email: p.email ?? '' },
    initialErrors: p.emailError ? { email: p.emailError } : undefined,
    initialTouched: p.emailError ? { email: true } : undefined,
    validationSchema: shareEmailSchema,
    validateOnChange: false,
    onSubmit: async (values, helpers) => {
      setSendError(null);
      try {
        await rpc(slideUrls.shareEmail, { slide_id: p.slideId, email: values.email.trim() });
        setSent(true);
        helpers.resetForm();
      } catch (err) {
        const fields = err instanceof RpcError ? (err.data as { fields?: Record<string, string> } | undefined)?.fields : undefined;
        if (fields?.email) helpers.setFieldError('email', fields.email);
        else setSendError(err instanceof RpcError ? err.message : String(err));
      }
    },
  });
  const emailError = formik.touched.email && formik.errors.email ? formik.errors.email : undefined;

  const page = embedPage(embedTyped, p.pageCount);
  const embedCode = p.embedUrl
    ? `<iframe src="${p.embedUrl}" allowFullScreen="true" height="315" width="420" frameborder="0"></iframe>`
    : `<iframe src="${p.baseUrl}${slideUrls.embed(p.slideId, page)}" class="o_wslides_iframe_viewer" allowFullScreen="true" height="315" width="420" frameborder="0"></iframe>`;
  const shareUrl = `${p.baseUrl}${p.slideUrl}`;

  return (
    <div className="slide-actions">
      {/* Without JavaScript the buttons post the form (visitors are sent to sign in); hydrated, they call the JSON route. */}
      <form method="post" action={slideUrls.voteForm(p.slideId)} className="d-flex flex-wrap align-items-center gap-2 mb-2" role="group" aria-label={_t('Vote')}
        onSubmit={(e) => {
          e.preventDefault();
          const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          void vote(submitter?.value === '-1' ? -1 : 1);
        }}>
        <input type="hidden" name="csrf_token" value={p.csrfToken} />
        <button type="submit" name="vote" value="1" className={`btn btn-sm ${voted === 1 ? 'btn-success' : 'btn-outline-success'} slide-like`} aria-pressed={voted === 1}>
          {_t('Like')} <span className="badge text-bg-light slide-likes">{likes}</span>
        </button>
        <button type="submit" name="vote" value="-1" className={`btn btn-sm ${voted === -1 ? 'btn-danger' : 'btn-outline-danger'} slide-dislike`} aria-pressed={voted === -1}>
          {_t('Dislike')} <span className="badge text-bg-light slide-dislikes">{dislikes}</span>
        </button>
      </form>
      {voteMessage ? (
        <div className="alert alert-warning py-2 slide-vote-message" role="alert">
          {_t(voteMessage.text)}{voteMessage.login ? <> — <a href={p.loginUrl}>{_t('Sign in')}</a></> : null}
        </div>
      ) : null}

      <div className="row g-3 mt-1">
        <section className="col-12 col-lg-6" aria-labelledby="slide_share_title">
          <h2 id="slide_share_title" className="h6">{_t('Share')}</h2>
          <div className="d-flex flex-wrap gap-2 mb-2">
            {NETWORKS.map(([network, label]) => (
              <form key={network} method="post" action={slideUrls.share(p.slideId)} target="_blank">
                <input type="hidden" name="csrf_token" value={p.csrfToken} />
                <input type="hidden" name="network" value={network} />
                <button type="submit" className="btn btn-outline-secondary btn-sm">{label}</button>
              </form>
            ))}
            <span className="align-self-center small text-body-secondary slide-share-count">{p.shareCount} {_t(p.shareCount === 1 ? 'share' : 'shares')}</span>
          </div>
          {p.signedIn ? (
          <form method="post" action={slideUrls.shareEmailForm(p.slideId)} noValidate onSubmit={formik.handleSubmit} className="slide-share-email">
            <input type="hidden" name="csrf_token" value={p.csrfToken} />
            <label htmlFor="slide_share_email" className="form-label small">{_t('Share by e-mail')}</label>
            <div className="input-group has-validation">
              <input id="slide_share_email" name="email" type="email" autoComplete="email" placeholder="name@example.com"
                className={`form-control${emailError ? ' is-invalid' : ''}`} value={formik.values.email}
                onChange={(e) => { setSent(false); formik.handleChange(e); }} onBlur={formik.handleBlur}
                aria-invalid={emailError ? true : undefined} aria-describedby={emailError ? 'slide_share_email_error' : undefined} />
              <button type="submit" className="btn btn-primary" disabled={formik.isSubmitting}>{_t('Send')}</button>
              {emailError ? <div id="slide_share_email_error" className="invalid-feedback">{_t(emailError)}</div> : null}
            </div>
            {sent ? <div className="alert alert-success py-2 mt-2 slide-mail-sent" role="status">{_t(MAIL_SENT_MESSAGE)}</div> : null}
            {sendError ? <div className="alert alert-danger py-2 mt-2" role="alert">{_t(sendError)}</div> : null}
          </form>
          ) : <p className="small mb-0"><a href={p.loginUrl}>{_t('Sign in to share by e-mail')}</a></p>}
          <p className="small text-body-secondary mt-2 mb-0 text-break">{_t('Link')}: <a href={shareUrl}>{shareUrl}</a></p>
        </section>
        {p.embeddable ? (
          <section className="col-12 col-lg-6" aria-labelledby="slide_embed_title">
            <h2 id="slide_embed_title" className="h6">{_t('Embed')}</h2>
            {p.embedUrl ? null : (
              <>
                <label htmlFor="slide_embed_page" className="form-label small">{_t('Start at page')}</label>
                <input id="slide_embed_page" className="form-control form-control-sm mb-2" style={{ maxWidth: '8em' }} type="number" min={1} max={Math.max(1, p.pageCount)}
                  value={embedTyped} onChange={(e) => setEmbedTyped(e.target.value)} onBlur={() => setEmbedTyped(String(page))} />
              </>
            )}
            <label htmlFor="slide_embed_code" className="form-label small">{_t('Embed code')}</label>
            <textarea id="slide_embed_code" className="form-control form-control-sm font-monospace" rows={3} readOnly value={embedCode} onFocus={(e) => e.currentTarget.select()} />
          </section>
        ) : null}
      </div>
    </div>
  );
}

export default defineIsland('slides.slide_actions', SlideActions);
