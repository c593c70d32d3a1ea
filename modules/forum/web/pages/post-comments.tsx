import { useLocalizedPath, useT } from '@platform/web/client';
import type { PostView } from '../../common/page-props';
import type { QuestionPageProps } from './question-props';

/** The comments under a post, each deletable by who may (the server decides), and the comment form. */
export function PostComments({ p, post }: { p: QuestionPageProps; post: PostView }) {
  const _t = useT();
  const localized = useLocalizedPath();
  const mayDelete = (authorPartnerId: number) => p.karma >= (authorPartnerId === p.partnerId ? p.rules.karma_comment_unlink_own : p.rules.karma_comment_unlink_all);
  return (
    <div className="mt-2 forum-comments">
      {post.comments.length > 0 && (
        <ul className="list-unstyled border-start ps-3 small mb-2">
          {post.comments.map((c) => (
            <li key={c.id} className="mb-1 forum-comment d-flex flex-wrap gap-1 align-items-start">
              {/* Plain text escaped when posted (textToHtml). */}
              <span className="text-break" dangerouslySetInnerHTML={{ __html: c.body }} />
              <span className="text-body-secondary">— {c.authorName}</span>
              {!p.isPublic && mayDelete(c.authorPartnerId) && (
                <form method="post" action={localized(`${p.base}/post/${post.id}/comment/${c.id}/delete`)}>
                  <input type="hidden" name="csrf_token" value={p.csrfToken} />
                  <button type="submit" className="btn btn-link btn-sm p-0 text-danger">{_t('Delete')}</button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
      {!p.isPublic && post.state === 'active' && (
        <form method="post" action={localized(`${p.base}/post/${post.id}/comment`)} className="d-flex gap-2 forum-comment-form">
          <input type="hidden" name="csrf_token" value={p.csrfToken} />
          <label className="visually-hidden" htmlFor={`comment-${post.id}`}>{_t('Comment')}</label>
          <input id={`comment-${post.id}`} className="form-control form-control-sm" name="comment" required maxLength={2000} placeholder={_t('Add a comment')} />
          <button type="submit" className="btn btn-sm btn-outline-primary">{_t('Comment')}</button>
        </form>
      )}
    </div>
  );
}
