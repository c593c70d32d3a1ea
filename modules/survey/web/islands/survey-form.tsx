import { useEffect, useMemo, useRef, useState } from 'react';
import { useFormik } from 'formik';
import { ModalDialog, defineIsland, useLocalizedPath, useT } from '@platform/web/client';
import { pageSchema } from '../../common/answer-validation';
import { SURVEY_AJAX_TIMEOUT_MS, questionTag, type PostedAnswers, type PrefillAnswers, type QuestionSpec } from '../../common/survey-types';
import { QuestionFields } from './question-fields';
import { prefillToPosted } from '../../common/prefill';

export interface SurveyFormProps {
  surveyId: number;
  token: string;
  pageId: number;
  csrfToken: string;
  questions: QuestionSpec[];
  values: PostedAnswers;
  errors: Record<string, string>;
  submitUrl: string;
  prefillUrl: string;
  scoresUrl?: string;
  canGoBack: boolean;
  isLast: boolean;
  /** The print view: every field disabled, nothing posted. */
  printMode: boolean;
}

type Button = 'previous' | 'next' | 'finish';

/**
 * One page of a survey. Without JavaScript a plain form post (the server answers the page again with
 * its messages, or the next page). Hydrated: formik checks the shared schema, then the page is posted
 * with fetch; the server's answer is errors per question (each in its question's error zone) or a
 * redirect. No answer within 5 s, or a transport failure, opens the network error modal.
 */
function SurveyForm(p: SurveyFormProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  const button = useRef<Button>(p.isLast ? 'finish' : 'next');
  const [networkError, setNetworkError] = useState(false);
  const [scores, setScores] = useState<Record<string, number> | null>(null);
  const schema = useMemo(() => pageSchema(p.questions), [p.questions]);
  const formik = useFormik<PostedAnswers>({
    initialValues: p.values,
    initialErrors: p.errors,
    initialTouched: Object.fromEntries(Object.keys(p.errors).map((k) => [k, true])),
    validationSchema: schema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values) => {
      const body = new URLSearchParams({ page_id: String(p.pageId), token: p.token, csrf_token: p.csrfToken, button_submit: button.current });
      for (const [k, v] of Object.entries(values)) if (v !== undefined) body.set(k, v);
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), SURVEY_AJAX_TIMEOUT_MS);
      try {
        const res = await fetch(localized(p.submitUrl), { method: 'POST', body, signal: abort.signal, headers: { Accept: 'application/json' }, credentials: 'same-origin' });
        const answer = (await res.json()) as { errors?: Record<string, string>; redirect?: string };
        clearTimeout(timer);
        if (answer.errors && Object.keys(answer.errors).length) {
          formik.setTouched(Object.fromEntries(Object.keys(answer.errors).map((k) => [k, true])), false);
          formik.setErrors(answer.errors);
        } else if (answer.redirect) {
          window.location.assign(answer.redirect);
        } else {
          console.error('[survey] incorrect answer sent by the server', answer);
        }
      } catch {
        clearTimeout(timer);
        setNetworkError(true);
      }
    },
  });

  useEffect(() => {
    if (!p.token) return;
    fetch(localized(p.prefillUrl), { credentials: 'same-origin' })
      .then((r) => { if (!r.ok) throw new Error(String(r.status)); return r.json() as Promise<PrefillAnswers>; })
      .then((prefill) => {
        if (Object.keys(p.errors).length || formik.dirty) return;
        formik.setValues({ ...formik.values, ...prefillToPosted(p.questions, prefill) }, false);
      })
      .catch((e) => console.warn('[survey] prefill failed', e));
    if (p.scoresUrl) {
      fetch(localized(p.scoresUrl), { credentials: 'same-origin' })
        .then((r) => { if (!r.ok) throw new Error(String(r.status)); return r.json() as Promise<Record<string, number>>; })
        .then(setScores)
        .catch((e) => console.warn('[survey] scores failed', e));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const set = (name: string, value: string | undefined) => {
    const next = { ...formik.values };
    if (value === undefined) delete next[name]; else next[name] = value;
    formik.setValues(next, false);
  };
  // Validation runs on submit only (and the server's errors come in on submit), so every error shows.
  const error = (tag: string) => formik.errors[tag] as string | undefined;
  const submitWith = (b: Button) => () => { button.current = b; };

  return (
    <form method="post" action={localized(p.submitUrl)} onSubmit={formik.handleSubmit} noValidate className="survey-form" aria-label={_t('Survey page')}>
      <input type="hidden" name="csrf_token" value={p.csrfToken} />
      <input type="hidden" name="page_id" value={p.pageId} />
      <input type="hidden" name="token" value={p.token} />
      <fieldset disabled={p.printMode} className="border-0 p-0 m-0">
        {p.questions.map((q) => {
          const tag = questionTag(q);
          const message = error(tag);
          return (
            <div key={q.id} id={tag} className="js_question mb-4" role="group" aria-labelledby={`${tag}_label`}>
              <div id={`${tag}_label`} className="fw-semibold mb-2">
                {q.question}{q.constr_mandatory ? <><span className="text-danger" aria-hidden="true"> *</span><span className="visually-hidden"> ({_t('required')})</span></> : null}
                {scores && scores[String(q.id)] !== undefined ? <span className="badge text-bg-info ms-2">{_t('Score')}: {scores[String(q.id)]}</span> : null}
              </div>
              <QuestionFields q={q} values={formik.values} disabled={p.printMode} invalid={Boolean(message)} set={set} />
              <div className="js_errzone invalid-feedback d-block" id={`${tag}_error`} role="alert">{message ? _t(message) : null}</div>
            </div>
          );
        })}
        {p.printMode ? null : (
          <div className="d-flex gap-2">
            {p.canGoBack ? <button type="submit" name="button_submit" value="previous" className="btn btn-outline-secondary" onClick={submitWith('previous')}>{_t('Previous page')}</button> : null}
            <button type="submit" name="button_submit" value={p.isLast ? 'finish' : 'next'} className="btn btn-primary" onClick={submitWith(p.isLast ? 'finish' : 'next')} disabled={formik.isSubmitting}>
              {p.isLast ? _t('Submit survey') : _t('Next page')}
            </button>
          </div>
        )}
      </fieldset>
      <ModalDialog open={networkError} title={_t('A problem has occurred')} onClose={() => setNetworkError(false)}>
        <p className="mb-0">{_t('Something went wrong while contacting the survey server. Please check your connection and try again.')}</p>
      </ModalDialog>
    </form>
  );
}

export default defineIsland('survey.form', SurveyForm);
