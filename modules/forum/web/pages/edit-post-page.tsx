import { page } from '@platform/web';
import { useLocalizedPath, useT } from '@platform/web/client';
import type { EditablePost } from '../../common/page-props';
import type { FieldErrors } from '../../common/post-schemas';
import EditForm from '../islands/edit-form';

export interface EditPostProps {
  forumName: string;
  base: string;
  post: EditablePost;
  csrfToken: string;
  /** What was sent, shown again with the error when the save is refused. */
  values?: { name?: string; content?: string; tags?: string };
  /** The schema's messages, each shown under its field. */
  errors?: FieldErrors;
  /** A refusal of the whole save (a rule of the service), shown above the form. */
  error?: string;
}

/**
 * Editing a post: the page around the edit form (an island, web/islands/edit-form.tsx), with a
 * refusal of the whole save above it.
 */
function EditPost(p: EditPostProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  const title = p.post.isQuestion ? _t('Edit your question') : _t('Edit your answer');
  return (
    <section className="container py-4 forum-edit-post" style={{ maxWidth: '48rem' }}>
      <nav aria-label={_t('Breadcrumb')}>
        <ol className="breadcrumb">
          <li className="breadcrumb-item"><a href={localized(p.base)}>{p.forumName}</a></li>
          <li className="breadcrumb-item"><a href={localized(`${p.base}/question/${p.post.questionId}`)}>{_t('Question')}</a></li>
        </ol>
      </nav>
      <h1>{title}</h1>
      {p.error && <div className="alert alert-danger" role="alert">{_t(p.error)}</div>}
      <EditForm base={p.base} post={p.post} csrfToken={p.csrfToken} values={p.values} errors={p.errors} />
    </section>
  );
}

export function editPostPage(props: EditPostProps) {
  const refused = Boolean(props.error) || Object.keys(props.errors ?? {}).length > 0;
  return page(props.post.isQuestion ? 'Edit your question' : 'Edit your answer', <EditPost {...props} />, { status: refused ? 400 : 200 });
}
