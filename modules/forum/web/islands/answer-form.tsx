import { useCallback, useRef } from 'react';
import { useFormik } from 'formik';
import { defineIsland, useLocalizedPath, useT } from '@platform/web/client';
import { answerSchema } from '../../common/post-schemas';
import PostEditor from './post-editor';

export interface AnswerFormProps {
  /** `/forum/<slug>`: the form posts to `<base>/<question>/reply`. */
  base: string;
  questionId: number;
  csrfToken: string;
  forumId: number;
  /** The answerer's karma against the forum's editor karma: the editor's link and image tools. */
  linkAndImage: boolean;
  karmaEditor: number;
  /** An answer the server refused: shown again in the form, with the reason under the field. */
  draft?: { html: string; text: string; error: string };
}

/** The id of the editor's field (and `<id>_error`, its message): the page's label and the tests name it. */
const FIELD = 'forum-answer';

/**
 * The answer form under a question. Without JavaScript a plain form post, which the server checks by
 * `answerSchema` and answers with the question page again, the message under the field. Hydrated,
 * formik checks the same schema as the editor changes and before posting, so an empty answer says so
 * without a round trip; a form that passes is posted as it is (the editor fills its fields). Not
 * `noValidate`: without JavaScript the textarea's `required` still stops an empty post in the browser.
 */
function AnswerForm(p: AnswerFormProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  const form = useRef<HTMLFormElement>(null);
  const refused = p.draft?.error;
  const formik = useFormik({
    // Hydrated, the rich editor posts HTML.
    initialValues: { content: p.draft?.html ?? '', content_format: 'html' },
    // The server's message (the schema's, or a rule's: karma, a closed question) shows at once.
    initialErrors: refused ? { content: refused } : {},
    initialTouched: refused ? { content: true } : {},
    validationSchema: answerSchema,
    onSubmit: () => form.current?.submit(),
  });
  const { setFieldValue, setFieldTouched } = formik;
  const error = formik.touched.content && formik.errors.content ? formik.errors.content : undefined;
  const changed = useCallback((html: string) => {
    void setFieldValue('content', html);
    void setFieldTouched('content', true, false);
  }, [setFieldValue, setFieldTouched]);
  const left = useCallback(() => { void setFieldTouched('content', true); }, [setFieldTouched]);

  return (
    <form ref={form} className="mt-4 forum-answer-form" method="post" action={localized(`${p.base}/${p.questionId}/reply`)} onSubmit={formik.handleSubmit}>
      <input type="hidden" name="csrf_token" value={p.csrfToken} />
      <label className="form-label h5" htmlFor={FIELD}>{_t('Your Answer')}</label>
      <div className="mb-2">
        <PostEditor.component id={FIELD} label={_t('Your Answer')} html={p.draft?.html ?? ''} text={p.draft?.text ?? ''} required
          linkAndImage={p.linkAndImage} karmaEditor={p.karmaEditor} forumId={p.forumId}
          invalid={Boolean(error)} describedBy={error ? `${FIELD}_error` : undefined} onChange={changed} onBlur={left} />
        {error && <div id={`${FIELD}_error`} className="invalid-feedback d-block">{_t(error)}</div>}
      </div>
      <button type="submit" className="btn btn-primary">{_t('Post Answer')}</button>
    </form>
  );
}

export default defineIsland('forum.answer_form', AnswerForm);
