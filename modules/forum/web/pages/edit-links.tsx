import { useLocalizedPath, useT } from '@platform/web/client';
import type { ForumRules, PostView } from '../../common/page-props';

interface EditLinksPage {
  base: string;
  rules: ForumRules;
  uid: number;
  karma: number;
  isPublic: boolean;
}

/**
 * "Edit" (karma_edit_own on one's own post, karma_edit_all on others') and "Retag" (questions,
 * karma_edit_retag) under a post, for those whose karma allows it; the edit page and its save check again.
 */
export function EditLinks({ p, post, isAnswer }: { p: EditLinksPage; post: PostView; isAnswer: boolean }) {
  const _t = useT();
  const localized = useLocalizedPath();
  if (p.isPublic || !['active', 'pending', 'close'].includes(post.state)) return null;
  const mayEdit = p.karma >= (post.authorId === p.uid ? p.rules.karma_edit_own : p.rules.karma_edit_all);
  const mayRetag = !isAnswer && p.karma >= p.rules.karma_edit_retag;
  if (!mayEdit && !mayRetag) return null;
  return (
    <p className="mt-2 mb-0 small forum-edit-links">
      <a className="link-secondary" href={localized(`${p.base}/post/${post.id}/edit`)}>{mayEdit ? _t('Edit') : _t('Retag')}</a>
    </p>
  );
}
