import { useLocalizedPath, useT } from '@platform/web/client';
import type { PostView } from '../../common/page-props';
import type { QuestionPageProps } from './question-props';

/** Close/reopen and delete buttons, shown to those whose karma allows them (the server checks again). */
export function PostModeration({ p, post, isAnswer }: { p: QuestionPageProps; post: PostView; isAnswer: boolean }) {
  const _t = useT();
  const localized = useLocalizedPath();
  const own = post.authorId === p.uid;
  const canClose = !isAnswer && p.karma >= (own ? p.rules.karma_close_own : p.rules.karma_close_all);
  const canDelete = p.karma >= (own ? p.rules.karma_unlink_own : p.rules.karma_unlink_all);
  const actions: Array<[string, string]> = [
    ...(canClose && post.state === 'active' ? [['close', _t('Close')] as [string, string]] : []),
    ...(canClose && post.state === 'close' ? [['reopen', _t('Reopen')] as [string, string]] : []),
    ...(canDelete ? [['delete', _t('Delete')] as [string, string]] : []),
  ];
  if (p.isPublic || actions.length === 0) return null;
  return (
    <div className="d-flex gap-2 mt-2 forum-moderation">
      {actions.map(([action, label]) => (
        <form key={action} method="post" action={localized(`${p.base}/question/${post.id}/${action}`)}>
          <input type="hidden" name="csrf_token" value={p.csrfToken} />
          <button type="submit" className={`btn btn-sm ${action === 'delete' ? 'btn-outline-danger' : 'btn-outline-secondary'}`}>{label}</button>
        </form>
      ))}
    </div>
  );
}
