import { page } from '@platform/web/render';
import { useLocalizedPath, useT } from '@platform/web/client/web-context';
import type { PostType } from '../../server/services/forum-post-service';

export interface AskPageProps {
  forumName: string;
  base: string;
  postType: PostType;
  csrfToken: string;
  /** What was typed, shown again with the error when the post is refused. */
  values?: { name?: string; content?: string; content_link?: string; tags?: string };
  error?: string;
}

const HEADINGS: Record<PostType, string> = { question: 'Ask a question', link: 'Share a link', discussion: 'Start a discussion' };

/**
 * The ask form: title, link (link posts), tags (comma, space or underscore between them), text. A
 * plain form post, checked as a whole by the server, which shows it again with the message on error.
 */
function AskForm(p: AskPageProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  const v = p.values ?? {};
  return (
    <section className="container py-4 forum-ask" style={{ maxWidth: '48rem' }}>
      <nav aria-label={_t('Breadcrumb')}><ol className="breadcrumb"><li className="breadcrumb-item"><a href={localized(p.base)}>{p.forumName}</a></li></ol></nav>
      <h1>{_t(HEADINGS[p.postType])}</h1>
      {p.error && <div className="alert alert-danger" role="alert">{p.error}</div>}
      <form method="post" action={localized(`${p.base}/new`)}>
        <input type="hidden" name="csrf_token" value={p.csrfToken} />
        <input type="hidden" name="post_type" value={p.postType} />
        <div className="mb-3">
          <label className="form-label" htmlFor="post_name">{_t('Title')}</label>
          <input id="post_name" className="form-control" name="post_name" required maxLength={256} defaultValue={v.name} />
        </div>
        {p.postType === 'link' && (
          <div className="mb-3">
            <label className="form-label" htmlFor="content_link">{_t('Link')}</label>
            <input id="content_link" className="form-control" name="content_link" required maxLength={2048} defaultValue={v.content_link} placeholder="www.example.com" />
          </div>
        )}
        <div className="mb-3">
          <label className="form-label" htmlFor="post_tags">{_t('Tags')}</label>
          <input id="post_tags" className="form-control" name="post_tags" maxLength={200} defaultValue={v.tags} aria-describedby="post_tags_help" />
          <div id="post_tags_help" className="form-text">{_t('Up to 5 tags of 2 to 35 characters, separated by commas or spaces.')}</div>
        </div>
        <div className="mb-3">
          <label className="form-label" htmlFor="content">{p.postType === 'link' ? _t('Description') : _t('Your question')}</label>
          <textarea id="content" className="form-control" name="content" rows={8} maxLength={20000} defaultValue={v.content} />
        </div>
        <button type="submit" className="btn btn-primary">{p.postType === 'question' ? _t('Post Your Question') : _t('Post')}</button>
      </form>
    </section>
  );
}

export function askPage(props: AskPageProps) {
  return page(HEADINGS[props.postType], <AskForm {...props} />, { status: props.error ? 400 : 200 });
}
