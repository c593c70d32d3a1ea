import { useRef } from 'react';
import { useFormik } from 'formik';
import { defineIsland, useT } from '@platform/web/client';
import { PROPOSAL_LIMITS, trackProposalSchema } from '../../common/event-schemas';

export interface ProposalFormProps {
  action: string;
  csrfToken: string;
  tags: Array<{ id: number; name: string }>;
  /** A refused post: what was sent, and the server's message per field (shown at once). */
  values?: Record<string, unknown>;
  errors?: Record<string, string>;
}

type TextField = 'track_name' | 'description' | 'partner_name' | 'email_from' | 'phone' | 'biography';

/**
 * The talk proposal form. Without JavaScript a plain form post, which the server checks by
 * `trackProposalSchema` and answers with this form again, each message under its field. Hydrated,
 * formik checks the same schema as the fields change and before posting, so the same messages show
 * without a round trip; a form that passes is posted as it is.
 */
function ProposalForm(p: ProposalFormProps) {
  const _t = useT();
  const form = useRef<HTMLFormElement>(null);
  const sent = p.values ?? {};
  const text = (k: string) => (typeof sent[k] === 'string' ? (sent[k] as string) : '');
  const chosen = (Array.isArray(sent.tag_ids) ? sent.tag_ids : sent.tag_ids !== undefined ? [sent.tag_ids] : []).map(String);
  const errors = p.errors ?? {};
  const formik = useFormik({
    initialValues: {
      track_name: text('track_name'), description: text('description'), partner_name: text('partner_name'), email_from: text('email_from'),
      phone: text('phone'), biography: text('biography'), tag_ids: chosen,
    },
    initialErrors: errors,
    initialTouched: Object.fromEntries(Object.keys(errors).map((k) => [k, true])),
    validationSchema: trackProposalSchema,
    onSubmit: () => form.current?.submit(),
  });
  const error = (name: string): string | undefined => {
    const touched = (formik.touched as Record<string, unknown>)[name];
    const message = (formik.errors as Record<string, unknown>)[name];
    return touched && typeof message === 'string' ? message : undefined;
  };
  const field = (name: TextField, label: string, max: number, opts: { type?: string; rows?: number; required?: boolean; autoComplete?: string } = {}) => {
    const problem = error(name);
    const common = {
      id: `proposal_${name}`, name, value: formik.values[name], onChange: formik.handleChange, onBlur: formik.handleBlur, maxLength: max + 1, required: opts.required,
      autoComplete: opts.autoComplete,
      className: `form-control${problem ? ' is-invalid' : ''}`, 'aria-invalid': problem ? true : undefined, 'aria-describedby': problem ? `proposal_${name}_error` : undefined,
    };
    return (
      <div className="mb-3">
        <label className="form-label" htmlFor={`proposal_${name}`}>{_t(label)}{opts.required ? <span aria-hidden="true"> *</span> : null}</label>
        {opts.rows ? <textarea {...common} rows={opts.rows} /> : <input {...common} type={opts.type ?? 'text'} />}
        {problem ? <div id={`proposal_${name}_error`} className="invalid-feedback">{_t(problem)}</div> : null}
      </div>
    );
  };
  const tagProblem = error('tag_ids');
  return (
    <form ref={form} method="post" action={p.action} noValidate onSubmit={formik.handleSubmit} className="event-proposal-form">
      <input type="hidden" name="csrf_token" value={p.csrfToken} />
      {field('track_name', 'Talk title', PROPOSAL_LIMITS.title, { required: true })}
      {field('description', 'Talk description', PROPOSAL_LIMITS.description, { rows: 5, required: true })}
      <div className="row g-2">
        <div className="col-md-4">{field('partner_name', 'Your name', PROPOSAL_LIMITS.name, { required: true, autoComplete: 'name' })}</div>
        <div className="col-md-4">{field('email_from', 'Your e-mail', PROPOSAL_LIMITS.email, { type: 'email', required: true, autoComplete: 'email' })}</div>
        <div className="col-md-4">{field('phone', 'Your phone', PROPOSAL_LIMITS.phone, { type: 'tel', autoComplete: 'tel' })}</div>
      </div>
      {field('biography', 'About you', PROPOSAL_LIMITS.biography, { rows: 3 })}
      {p.tags.length ? (
        <fieldset className="mb-3" aria-describedby={tagProblem ? 'proposal_tag_ids_error' : undefined}>
          <legend className="form-label fs-6">{_t('Tags')}</legend>
          {p.tags.map((t) => (
            <div key={t.id} className="form-check form-check-inline">
              <input className="form-check-input" type="checkbox" id={`proposal_tag_${t.id}`} name="tag_ids" value={String(t.id)}
                checked={formik.values.tag_ids.includes(String(t.id))} onChange={formik.handleChange} />
              <label className="form-check-label" htmlFor={`proposal_tag_${t.id}`}>{t.name}</label>
            </div>
          ))}
          {tagProblem ? <div id="proposal_tag_ids_error" className="invalid-feedback d-block">{_t(tagProblem)}</div> : null}
        </fieldset>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={formik.isSubmitting && formik.isValid}>{_t('Submit proposal')}</button>
    </form>
  );
}

export default defineIsland('event.proposal_form', ProposalForm);
