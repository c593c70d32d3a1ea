import { useT } from '@platform/web/client';

export interface DeleteCommentPageProps {
  /** The comment's HTML as stored (sanitised: plain text escaped by the comment service). */
  bodyHtml: string;
  author: string;
  action: string;
  csrfToken: string;
  /** The record's page, where both buttons lead back. */
  back: string;
}

/** The confirmation asked before deleting a comment when the page runs without JavaScript. */
export function DeleteCommentPage({ bodyHtml, author, action, csrfToken, back }: DeleteCommentPageProps) {
  const _t = useT();
  return (
    <section className="delete-comment-page">
      <h1>{_t('Delete this comment?')}</h1>
      <blockquote className="border-start ps-3">
        <p className="fw-bold">{author}</p>
        <div dangerouslySetInnerHTML={{ __html: bodyHtml }} />
      </blockquote>
      <p>{_t('The comment will be removed for good.')}</p>
      <form method="post" action={action} className="d-flex flex-wrap gap-2">
        <input type="hidden" name="csrf_token" value={csrfToken} />
        <input type="hidden" name="redirect" value={back} />
        <button type="submit" className="btn btn-danger">{_t('Delete the comment')}</button>
        <a className="btn btn-secondary" href={`${back}#comments`}>{_t('Cancel')}</a>
      </form>
    </section>
  );
}
