import { useCallback, useRef, type ChangeEvent } from 'react';
import { useFormik } from 'formik';
import { defineIsland, useLocalizedPath, useT } from '@platform/web/client';
import { askSchema, LINK_MAX, TITLE_MAX, type FieldErrors, type PostType } from '../../common/post-schemas';
import { splitTagNames, TAGS_PER_POST } from '../../common/tag-rules';
import { askPostUrl } from '../../common/forum-urls';
import { htmlToText } from '../../common/html-text';
import PostEditor from './post-editor';
import TagSelector from './tag-selector';

export interface AskFormProps {
  /** `/forum/<slug>`: the form posts to `<base>/new`. */
  base: string;
  postType: PostType;
  csrfToken: string;
  forumId: number;
  /** The asker's karma against the forum's thresholds: the editor's tools, and whether new tags may be made. */
  linkAndImage: boolean;
  karmaEditor: number;
  mayCreate: boolean;
  createKarma: number;
  /** A refused post: what was sent, and the server's message per field, shown at once. */
  values?: { post_name?: string; content?: string; content_link?: string; post_tags?: string; content_format?: string };
  errors?: FieldErrors;
}

type Field = 'post_name' | 'content_link' | 'post_tags' | 'content';

/**
 * The ask form: title, link (link posts), tags (the tag selector), text (the rich editor). Without
 * JavaScript a plain form post, which the server checks by `askSchema` and answers with this form again,
 * each message under its field. Hydrated, formik checks the same schema as the fields change and before
 * posting, so the same messages show without a round trip; a form that passes is posted as it is
 * (the editor and the tag selector fill its fields).
 */
function AskForm(p: AskFormProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  const form = useRef<HTMLFormElement>(null);
  const v = p.values ?? {};
  const typedHtml = v.content_format === 'html' ? v.content ?? '' : '';
  const errors = p.errors ?? {};
  const formik = useFormik({
    initialValues: {
      post_type: p.postType, post_name: v.post_name ?? '', content_link: v.content_link ?? '', post_tags: v.post_tags ?? '',
      // Hydrated, the rich editor posts HTML.
      content: typedHtml, content_format: 'html',
    },
    initialErrors: errors,
    initialTouched: Object.fromEntries(Object.keys(errors).map((k) => [k, true])),
    validationSchema: askSchema,
    onSubmit: () => form.current?.submit(),
  });
  const { setFieldValue, setFieldTouched } = formik;
  const error = (field: Field): string | undefined => (formik.touched[field] && formik.errors[field] ? formik.errors[field] : undefined);
  const describedBy = (field: Field, help?: string) => [help, error(field) ? `${field}_error` : ''].filter(Boolean).join(' ') || undefined;
  const message = (field: Field, block = false) =>
    error(field) ? <div id={`${field}_error`} className={`invalid-feedback${block ? ' d-block' : ''}`}>{_t(error(field)!)}</div> : null;
  /** Typed text is checked at once (a title too long shows its message while typing). */
  const typed = (field: Field) => (e: ChangeEvent<HTMLInputElement>) => {
    void setFieldTouched(field, true, false);
    formik.handleChange(e);
  };
  const control = (field: 'post_name' | 'content_link') => ({
    id: field, name: field, value: formik.values[field], onChange: typed(field), onBlur: formik.handleBlur,
    className: `form-control${error(field) ? ' is-invalid' : ''}`,
    'aria-invalid': error(field) ? true : undefined,
    'aria-describedby': describedBy(field),
  });
  const tagsChanged = useCallback((value: string) => {
    void setFieldValue('post_tags', value);
    if (value) void setFieldTouched('post_tags', true, false);
  }, [setFieldValue, setFieldTouched]);
  const contentChanged = useCallback((html: string) => {
    void setFieldValue('content', html);
    void setFieldTouched('content', true, false);
  }, [setFieldValue, setFieldTouched]);
  const contentLeft = useCallback(() => { void setFieldTouched('content', true); }, [setFieldTouched]);
  const label = p.postType === 'link' ? _t('Description') : _t('Your question');

  return (
    <form ref={form} method="post" action={localized(askPostUrl(p.base))} onSubmit={formik.handleSubmit} noValidate className="forum-ask-form">
      <input type="hidden" name="csrf_token" value={p.csrfToken} />
      <input type="hidden" name="post_type" value={p.postType} />
      <div className="mb-3">
        <label className="form-label" htmlFor="post_name">{_t('Title')}</label>
        <input {...control('post_name')} maxLength={TITLE_MAX + 1} autoComplete="off" />
        {message('post_name')}
      </div>
      {p.postType === 'link' && (
        <div className="mb-3">
          <label className="form-label" htmlFor="content_link">{_t('Link')}</label>
          <input {...control('content_link')} maxLength={LINK_MAX + 1} placeholder="www.example.com" />
          {message('content_link')}
        </div>
      )}
      <div className="mb-3">
        <label className="form-label" htmlFor="post_tags">{_t('Tags')}</label>
        <TagSelector.component id="post_tags" forumId={p.forumId} initial={splitTagNames(v.post_tags ?? '').slice(0, TAGS_PER_POST)} mayCreate={p.mayCreate}
          createKarma={p.createKarma} describedBy={describedBy('post_tags', 'post_tags_help')} invalid={Boolean(error('post_tags'))} onChange={tagsChanged} />
        {message('post_tags', true)}
        <div id="post_tags_help" className="form-text">{_t('Up to 5 tags of 2 to 35 characters, separated by commas or spaces.')}</div>
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor="content">{label}</label>
        <PostEditor.component id="content" label={label} html={typedHtml} text={typedHtml ? htmlToText(typedHtml) : v.content ?? ''} required={false}
          linkAndImage={p.linkAndImage} karmaEditor={p.karmaEditor} forumId={p.forumId}
          invalid={Boolean(error('content'))} describedBy={describedBy('content')} onChange={contentChanged} onBlur={contentLeft} />
        {message('content', true)}
      </div>
      <button type="submit" className="btn btn-primary">{p.postType === 'question' ? _t('Post Your Question') : _t('Post')}</button>
    </form>
  );
}

export default defineIsland('forum.ask_form', AskForm);
