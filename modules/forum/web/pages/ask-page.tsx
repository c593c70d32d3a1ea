import { page } from '@platform/web';
import { useLocalizedPath, useT } from '@platform/web/client';
import type { ForumRules } from '../../server/services/forum-karma';
import type { PostType } from '../../server/services/forum-post-service';
import PostEditor from '../islands/post-editor';
import TagSelector from '../islands/tag-selector';
import { htmlToText } from './html-text';

export interface AskPageProps {
  forumName: string;
  base: string;
  postType: PostType;
  csrfToken: string;
  rules: ForumRules;
  /** The asker's karma: the editor's link and image tools, and whether new tags may be created. */
  karma: number;
  /** What was typed, shown again with the error when the post is refused. */
  values?: { name?: string; content?: string; content_link?: string; tags?: string; content_format?: string };
  error?: string;
}

const HEADINGS: Record<PostType, string> = { question: 'Ask a question', link: 'Share a link', discussion: 'Start a discussion' };

/**
 * The ask form: title, link (link posts), tags (the tag selector), text (the rich editor). A plain
 * form post without JavaScript, checked as a whole by the server, which shows it again with the
 * message on error.
 */
function AskForm(p: AskPageProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  const v = p.values ?? {};
  const typedHtml = v.content_format === 'html' ? v.content ?? '' : '';
  const tags = (v.tags ?? '').split(/[,\s_]+/).filter(Boolean).slice(0, 5);
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
          <TagSelector id="post_tags" forumId={p.rules.id} initial={tags} mayCreate={p.karma >= p.rules.karma_tag_create} createKarma={p.rules.karma_tag_create} describedBy="post_tags_help" />
          <div id="post_tags_help" className="form-text">{_t('Up to 5 tags of 2 to 35 characters, separated by commas or spaces.')}</div>
        </div>
        <div className="mb-3">
          <label className="form-label" htmlFor="content">{p.postType === 'link' ? _t('Description') : _t('Your question')}</label>
          <PostEditor id="content" label={p.postType === 'link' ? _t('Description') : _t('Your question')} html={typedHtml} text={typedHtml ? htmlToText(typedHtml) : v.content ?? ''}
            required={false} linkAndImage={p.karma >= p.rules.karma_editor} karmaEditor={p.rules.karma_editor} forumId={p.rules.id} />
        </div>
        <button type="submit" className="btn btn-primary">{p.postType === 'question' ? _t('Post Your Question') : _t('Post')}</button>
      </form>
    </section>
  );
}

export function askPage(props: AskPageProps) {
  return page(HEADINGS[props.postType], <AskForm {...props} />, { status: props.error ? 400 : 200 });
}
