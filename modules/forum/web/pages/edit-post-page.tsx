import { page } from '@platform/web';
import { useLocalizedPath, useT } from '@platform/web/client';
import type { EditablePost } from '../../common/page-props';
import { htmlToText } from '../../common/html-text';
import { TITLE_MAX, type FieldErrors } from '../../common/post-schemas';
import { splitTagNames, TAGS_PER_POST } from '../../common/tag-rules';
import { editPostUrl } from '../../common/forum-urls';
import PostEditor from '../islands/post-editor';
import TagSelector from '../islands/tag-selector';

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
 * Editing a post: the title and text for those with the edit karma, the tags (questions) for those
 * with the retag karma; only the fields the caller may change are in the form, and the server checks
 * each one it receives.
 */
function EditPost(p: EditPostProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  const v = p.values ?? {};
  const html = v.content ?? p.post.content;
  const tags = v.tags !== undefined ? splitTagNames(v.tags).slice(0, TAGS_PER_POST) : p.post.tags;
  const errors = p.errors ?? {};
  const message = (field: string) => (errors[field] ? <div id={`${field}_error`} className="invalid-feedback d-block">{_t(errors[field]!)}</div> : null);
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
      <form method="post" action={localized(editPostUrl(p.base, p.post.id))}>
        <input type="hidden" name="csrf_token" value={p.csrfToken} />
        {p.post.mayEdit && p.post.isQuestion && (
          <div className="mb-3">
            <label className="form-label" htmlFor="post_name">{_t('Title')}</label>
            <input id="post_name" className={`form-control${errors.post_name ? ' is-invalid' : ''}`} name="post_name" required maxLength={TITLE_MAX + 1} defaultValue={v.name ?? p.post.name}
              aria-invalid={errors.post_name ? true : undefined} aria-describedby={errors.post_name ? 'post_name_error' : undefined} />
            {message('post_name')}
          </div>
        )}
        {p.post.mayRetag && (
          <div className="mb-3">
            <label className="form-label" htmlFor="post_tags">{_t('Tags')}</label>
            <TagSelector id="post_tags" forumId={p.post.forumId} initial={tags} mayCreate={p.post.mayCreateTag} createKarma={p.post.tagCreateKarma} describedBy={errors.post_tags ? 'post_tags_help post_tags_error' : 'post_tags_help'} invalid={Boolean(errors.post_tags)} />
            {message('post_tags')}
            <div id="post_tags_help" className="form-text">{_t('Up to 5 tags of 2 to 35 characters, separated by commas or spaces.')}</div>
          </div>
        )}
        {p.post.mayEdit && (
          <div className="mb-3">
            <label className="form-label" htmlFor="content">{p.post.isQuestion ? _t('Your question') : _t('Your Answer')}</label>
            <PostEditor id="content" label={p.post.isQuestion ? _t('Your question') : _t('Your Answer')} html={html} text={htmlToText(html)}
              required={!p.post.isQuestion || p.post.postType !== 'link'} linkAndImage={p.post.mayLinkAndImage} karmaEditor={p.post.karmaEditor} forumId={p.post.forumId}
              invalid={Boolean(errors.content)} describedBy={errors.content ? 'content_error' : undefined} />
            {message('content')}
          </div>
        )}
        <div className="d-flex gap-2">
          <button type="submit" className="btn btn-primary">{_t('Save')}</button>
          <a className="btn btn-outline-secondary" href={localized(`${p.base}/question/${p.post.questionId}`)}>{_t('Cancel')}</a>
        </div>
      </form>
    </section>
  );
}

export function editPostPage(props: EditPostProps) {
  const refused = Boolean(props.error) || Object.keys(props.errors ?? {}).length > 0;
  return page(props.post.isQuestion ? 'Edit your question' : 'Edit your answer', <EditPost {...props} />, { status: refused ? 400 : 200 });
}
