import { useCallback, useRef, type ChangeEvent } from 'react';
import { useFormik, yupToFormErrors } from 'formik';
import { defineIsland, useLocalizedPath, useT } from '@platform/web/client';
import type { EditablePost } from '../../common/page-props';
import { htmlToText } from '../../common/html-text';
import { editSchema, TITLE_MAX, type FieldErrors } from '../../common/post-schemas';
import { splitTagNames, TAGS_PER_POST } from '../../common/tag-rules';
import { editPostUrl } from '../../common/forum-urls';
import PostEditor from './post-editor';
import TagSelector from './tag-selector';

export interface EditFormProps {
  /** `/forum/<slug>`: the form posts to `<base>/post/<id>/save`. */
  base: string;
  post: EditablePost;
  csrfToken: string;
  /** A refused save: what was sent, and the server's message per field, shown at once. */
  values?: { name?: string; content?: string; tags?: string };
  errors?: FieldErrors;
}

type Field = 'post_name' | 'post_tags' | 'content';

/**
 * The edit form: only the fields the caller may change (title and text with the edit karma, tags with
 * the retag karma). Without JavaScript a plain form post, which the server checks by `editSchema` and
 * answers with this form again, each message under its field. Hydrated, formik checks the same schema
 * as the fields change and before posting, so the same messages show without a round trip; a form
 * that passes is posted as it is (the editor and the tag selector fill their fields). Not `noValidate`:
 * without JavaScript the title's and the textarea's `required` still stop an empty post in the browser.
 */
function EditForm(p: EditFormProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  const form = useRef<HTMLFormElement>(null);
  const v = p.values ?? {};
  const html = v.content ?? p.post.content;
  const tags = v.tags !== undefined ? splitTagNames(v.tags).slice(0, TAGS_PER_POST) : p.post.tags;
  const hasTitle = p.post.mayEdit && p.post.isQuestion;
  const errors = p.errors ?? {};
  const formik = useFormik({
    // Only the fields the form has: editSchema leaves an absent one alone, as the server does.
    initialValues: {
      ...(hasTitle ? { post_name: v.name ?? p.post.name } : {}),
      ...(p.post.mayRetag ? { post_tags: tags.join(',') } : {}),
      // Hydrated, the rich editor posts HTML.
      ...(p.post.mayEdit ? { content: html, content_format: 'html' } : {}),
    } as Partial<Record<Field | 'content_format', string>>,
    initialErrors: errors,
    initialTouched: Object.fromEntries(Object.keys(errors).map((k) => [k, true])),
    // Not `validationSchema`: formik would turn an emptied title into undefined, which editSchema
    // reads as "not sent" and lets through; the schema gets the values as the form would post them.
    validate: (values) => editSchema.validate(values, { abortEarly: false }).then(() => ({}), yupToFormErrors),
    onSubmit: () => form.current?.submit(),
  });
  const { setFieldValue, setFieldTouched } = formik;
  const error = (field: Field): string | undefined => (formik.touched[field] && formik.errors[field] ? formik.errors[field] : undefined);
  const message = (field: Field) => (error(field) ? <div id={`${field}_error`} className="invalid-feedback d-block">{_t(error(field)!)}</div> : null);
  /** Typed text is checked at once (a title too long shows its message while typing). */
  const typed = (e: ChangeEvent<HTMLInputElement>) => {
    void setFieldTouched('post_name', true, false);
    formik.handleChange(e);
  };
  const tagsChanged = useCallback((value: string) => {
    void setFieldValue('post_tags', value);
    void setFieldTouched('post_tags', true, false);
  }, [setFieldValue, setFieldTouched]);
  const contentChanged = useCallback((next: string) => {
    void setFieldValue('content', next);
    void setFieldTouched('content', true, false);
  }, [setFieldValue, setFieldTouched]);
  const contentLeft = useCallback(() => { void setFieldTouched('content', true); }, [setFieldTouched]);
  const label = p.post.isQuestion ? _t('Your question') : _t('Your Answer');

  return (
    <form ref={form} method="post" action={localized(editPostUrl(p.base, p.post.id))} onSubmit={formik.handleSubmit}>
      <input type="hidden" name="csrf_token" value={p.csrfToken} />
      {hasTitle && (
        <div className="mb-3">
          <label className="form-label" htmlFor="post_name">{_t('Title')}</label>
          <input id="post_name" className={`form-control${error('post_name') ? ' is-invalid' : ''}`} name="post_name" required maxLength={TITLE_MAX + 1}
            value={formik.values.post_name ?? ''} onChange={typed} onBlur={formik.handleBlur}
            aria-invalid={error('post_name') ? true : undefined} aria-describedby={error('post_name') ? 'post_name_error' : undefined} />
          {message('post_name')}
        </div>
      )}
      {p.post.mayRetag && (
        <div className="mb-3">
          <label className="form-label" htmlFor="post_tags">{_t('Tags')}</label>
          <TagSelector.component id="post_tags" forumId={p.post.forumId} initial={tags} mayCreate={p.post.mayCreateTag} createKarma={p.post.tagCreateKarma}
            describedBy={error('post_tags') ? 'post_tags_help post_tags_error' : 'post_tags_help'} invalid={Boolean(error('post_tags'))} onChange={tagsChanged} />
          {message('post_tags')}
          <div id="post_tags_help" className="form-text">{_t('Up to 5 tags of 2 to 35 characters, separated by commas or spaces.')}</div>
        </div>
      )}
      {p.post.mayEdit && (
        <div className="mb-3">
          <label className="form-label" htmlFor="content">{label}</label>
          <PostEditor.component id="content" label={label} html={html} text={htmlToText(html)}
            required={!p.post.isQuestion || p.post.postType !== 'link'} linkAndImage={p.post.mayLinkAndImage} karmaEditor={p.post.karmaEditor} forumId={p.post.forumId}
            invalid={Boolean(error('content'))} describedBy={error('content') ? 'content_error' : undefined} onChange={contentChanged} onBlur={contentLeft} />
          {message('content')}
        </div>
      )}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary">{_t('Save')}</button>
        <a className="btn btn-outline-secondary" href={localized(`${p.base}/question/${p.post.questionId}`)}>{_t('Cancel')}</a>
      </div>
    </form>
  );
}

export default defineIsland('forum.edit_form', EditForm);
