import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useFormik } from 'formik';
import { defineIsland, useLocalizedPath, useT } from '@platform/web/client';
import {
  BLOCK_FIELD, FILE_ACCEPT, type FormInput, type FormReply, HONEYPOT_FIELD, MAX_FILE_BYTES, MAX_FILES, PAGE_FIELD, type StatusTemplate,
  TIMEZONE_FIELD, websiteFormUrls, type WebsiteFormProps,
} from '../../common/form-block';
import { formSchema, type FormValues, initialFormValues } from '../../common/form-schema';
import { momentDateParser } from '../form/moment-date-parser';
import { DatePicker } from '../form/date-picker';

type Status = 'idle' | 'validating' | 'sending' | 'invalid' | 'error' | 'success';

/** The spec's status template, loaded once per page with GET (the built-in texts until it arrives). */
let templateLoad: Promise<StatusTemplate | null> | null = null;
function loadTemplate(url: string): Promise<StatusTemplate | null> {
  templateLoad ??= fetch(url, { headers: { Accept: 'application/json' } }).then((r) => (r.ok ? r.json() as Promise<StatusTemplate> : null)).catch(() => null);
  return templateLoad;
}

function inputId(key: string, name: string): string {
  return `wf-${key}-${name}`;
}

/**
 * A website form (the editor's Form block). Without JavaScript: a plain multipart post to the
 * endpoint, answered by a redirect (the success page), or the form again with the server's messages.
 * Hydrated: formik on the schema built from the form's fields (common/form-schema.ts, which the
 * endpoint checks again): the send button is disabled while validating and sending; required fields
 * and checkbox groups, types, dates and datetimes parsed strictly in the language's format (the spec's
 * two messages); a field failing, or named in the reply's error_fields, is marked; a reply with an id
 * goes to the success page, or shows the success message and resets the form; any other outcome
 * re-enables the button.
 */
function WebsiteForm(p: WebsiteFormProps) {
  const _t = useT();
  const local = useLocalizedPath();
  const form = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<Status>(p.notice?.kind === 'success' ? 'success' : p.notice ? 'error' : 'idle');
  const [template, setTemplate] = useState<StatusTemplate | null>(null);
  const [picker, setPicker] = useState<string | null>(null);
  // The no-JS round trip's message, until this script sends the form again.
  const [notice, setNotice] = useState(p.notice);
  // Whether the last submission passed the schema (formik calls onSubmit only then).
  const passed = useRef(false);
  const schema = useMemo(() => formSchema(p.inputs, { dateFormat: p.dateFormat, timeFormat: p.timeFormat, parse: momentDateParser, t: _t }), [p.inputs, p.dateFormat, p.timeFormat, _t]);
  const empty = useMemo(() => initialFormValues(p.inputs), [p.inputs]);

  useEffect(() => {
    // Hydrated: the schema checks the fields (the browser's own bubbles are for the form without it).
    if (form.current) {
      form.current.noValidate = true;
      // The date picker's buttons work with this script only (CSS hides them until then).
      form.current.classList.add('wf-ready');
    }
    void loadTemplate(websiteFormUrls.statusTemplate).then(setTemplate);
  }, []);

  const messages: StatusTemplate = template ?? {
    success: p.successMessage || _t('Your message has been sent. Thank you!'),
    invalid: _t('Please fill in the form correctly.'),
    error: _t('An error occurred: the form has not been sent. Please check the marked fields and try again.'),
    sending: _t('Sending…'),
  };
  const successText = p.successMessage || messages.success;

  /** The post: the fields by name (lists repeated, empty values dropped), files as name[index], the form_field_ data values. */
  const body = (el: HTMLFormElement, values: FormValues): FormData => {
    const data = new FormData();
    data.append(BLOCK_FIELD, p.blockKey);
    data.append(PAGE_FIELD, p.page);
    data.append(HONEYPOT_FIELD, el.querySelector<HTMLInputElement>(`[name="${HONEYPOT_FIELD}"]`)?.value ?? '');
    for (const input of p.inputs) {
      const value = values[input.name];
      if (input.type === 'file') (value as File[]).forEach((file, i) => data.append(`${input.name}[${i}]`, file, file.name));
      else if (input.type === 'checkbox') { if (value === true) data.append(input.name, 'true'); }
      else if (Array.isArray(value)) for (const one of value as string[]) data.append(input.name, one);
      else if (typeof value === 'string' && value.trim() !== '') data.append(input.name, value);
    }
    for (const [attr, value] of Object.entries(el.dataset)) {
      if (attr.startsWith('form_field_') && value) data.append(attr.slice('form_field_'.length), value);
    }
    data.set(TIMEZONE_FIELD, Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
    return data;
  };

  const formik = useFormik<FormValues>({
    initialValues: initialFormValues(p.inputs, p.values),
    initialErrors: p.errors,
    initialTouched: Object.fromEntries(Object.keys(p.errors ?? {}).map((k) => [k, true])),
    validationSchema: schema,
    // Checked on send (the spec's states): a message stays until the form is sent again.
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      passed.current = true;
      setStatus('sending');
      const el = form.current!;
      try {
        const response = await fetch(local(`${p.action}${p.forceAction || p.model}`), { method: 'POST', body: body(el, values), headers: { Accept: 'application/json' }, credentials: 'same-origin' });
        const reply = (response.headers.get('content-type') ?? '').includes('application/json') ? await response.json() as FormReply : null;
        if (reply && 'id' in reply && reply.id) {
          if (p.successPage) {
            setStatus('success');
            window.location.assign(local(p.successPage));
            return;
          }
          for (const file of el.querySelectorAll<HTMLInputElement>('input[type="file"]')) file.value = '';
          helpers.resetForm({ values: empty });
          setStatus('success');
          return;
        }
        const fields = reply && 'error_fields' in reply ? reply.error_fields : [];
        const given = reply && 'messages' in reply ? reply.messages ?? {} : {};
        helpers.setTouched(Object.fromEntries(fields.map((f) => [f, true])), false);
        helpers.setErrors(Object.fromEntries(fields.map((f) => [f, given[f] || _t('Please check this field.')])));
        setStatus('error');
      } catch {
        setStatus('error');
      }
    },
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const el = e.currentTarget;
    passed.current = false;
    setNotice(undefined);
    setStatus('validating');
    void formik.submitForm().then(() => {
      if (passed.current) return;
      setStatus('invalid');
      // After the render that marks the fields: the first one gets the focus.
      requestAnimationFrame(() => el.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    });
  };

  const values = formik.values;
  const setValue = (name: string, value: FormValues[string]) => { void formik.setFieldValue(name, value, false); };
  const busy = formik.isSubmitting || status === 'validating' || status === 'sending';
  const problem = (name: string): string | undefined => {
    const error = formik.errors[name];
    return formik.touched[name] && error ? String(error) : undefined;
  };
  const feedback = (input: FormInput) => (problem(input.name)
    ? <div id={`${inputId(p.blockKey, input.name)}-error`} className="invalid-feedback d-block">{problem(input.name)}</div> : null);
  const described = (input: FormInput) => (problem(input.name) ? `${inputId(p.blockKey, input.name)}-error` : undefined);

  const field = (input: FormInput) => {
    const id = inputId(p.blockKey, input.name);
    const marked = Boolean(problem(input.name));
    const cls = (base: string) => `${base}${marked ? ' is-invalid' : ''}`;
    const common = { id, name: input.name, required: input.required, 'aria-invalid': marked || undefined, 'aria-describedby': described(input) };
    const text = typeof values[input.name] === 'string' ? values[input.name] as string : '';
    const typed = { ...common, value: text, onChange: formik.handleChange };
    const label = <label className="form-label" htmlFor={id}>{input.label}{input.required ? <span className="text-danger" aria-hidden="true"> *</span> : null}</label>;
    switch (input.type) {
      case 'textarea':
        return <>{label}<textarea {...typed} className={cls('form-control')} rows={5} placeholder={input.placeholder || undefined} maxLength={10000} /></>;
      case 'select':
        return (
          <>{label}<select {...typed} className={cls('form-select')}>
            <option value="">{input.placeholder || _t('Choose…')}</option>
            {input.choices.map(([value, choice]) => <option key={value} value={value}>{choice}</option>)}
          </select></>
        );
      case 'checkbox':
        return (
          <div className="form-check">
            <input {...common} type="checkbox" value="true" className={cls('form-check-input')} checked={values[input.name] === true}
              onChange={(e) => setValue(input.name, e.target.checked)} />
            <label className="form-check-label" htmlFor={id}>{input.label}</label>
          </div>
        );
      case 'radio':
      case 'checkboxes': {
        const ticked = Array.isArray(values[input.name]) ? values[input.name] as string[] : [];
        return (
          <fieldset aria-describedby={described(input)} aria-required={input.required || undefined}>
            <legend className="form-label fs-6">{input.label}{input.required ? <span className="text-danger" aria-hidden="true"> *</span> : null}</legend>
            {input.choices.map(([value, choice], i) => (
              <div className="form-check" key={value}>
                {input.type === 'radio' ? (
                  <input id={`${id}-${i}`} name={input.name} value={value} type="radio" required={input.required} className={cls('form-check-input')}
                    checked={text === value} onChange={() => setValue(input.name, value)} />
                ) : (
                  <input id={`${id}-${i}`} name={input.name} value={value} type="checkbox" className={cls('form-check-input')}
                    checked={ticked.includes(value)} onChange={(e) => setValue(input.name, e.target.checked ? [...ticked, value] : ticked.filter((t) => t !== value))} />
                )}
                <label className="form-check-label" htmlFor={`${id}-${i}`}>{choice}</label>
              </div>
            ))}
          </fieldset>
        );
      }
      case 'file':
        return (
          <>{label}<input {...common} type="file" multiple accept={FILE_ACCEPT} className={cls('form-control')}
            onChange={(e) => setValue(input.name, [...(e.target.files ?? [])])} />
          <div className="form-text">{_t('Up to %s files, %s MB each (PDF, images, ZIP, text).').replace('%s', String(MAX_FILES)).replace('%s', String(MAX_FILE_BYTES / (1024 * 1024)))}</div></>
        );
      case 'date':
      case 'datetime': {
        const format = input.type === 'date' ? p.dateFormat : `${p.dateFormat} ${p.timeFormat}`;
        return (
          <>{label}
            <div className="input-group position-relative">
              <input {...typed} type="text" inputMode="numeric" autoComplete="off" className={cls('form-control')} placeholder={input.placeholder || format} />
              <button type="button" className="btn btn-outline-secondary wf-picker-toggle" aria-label={_t('Choose a date')} aria-expanded={picker === input.name}
                onClick={() => setPicker(picker === input.name ? null : input.name)}>
                <svg width="16" height="16" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true"><path d="M4 0a.5.5 0 0 1 .5.5V1h7V.5a.5.5 0 0 1 1 0V1H14a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H2a2 2 0 0 1-2-2V3a2 2 0 0 1 2-2h1.5V.5A.5.5 0 0 1 4 0zM1 5v9a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V5H1zm2 2h2v2H3V7zm4 0h2v2H7V7zm4 0h2v2h-2V7zm-8 4h2v2H3v-2zm4 0h2v2H7v-2z" /></svg>
              </button>
              {picker === input.name ? (
                <div className="wf-picker-popover">
                  <DatePicker label={input.label} value={text} format={p.dateFormat} timeFormat={input.type === 'datetime' ? p.timeFormat : undefined}
                    onClose={() => setPicker(null)}
                    onPick={(picked) => {
                      setValue(input.name, picked);
                      setPicker(null);
                      form.current?.querySelector<HTMLInputElement>(`#${id}`)?.focus();
                    }} />
                </div>
              ) : null}
            </div>
          </>
        );
      }
      default:
        return <>{label}<input {...typed} type={input.type} className={cls('form-control')} placeholder={input.placeholder || undefined} maxLength={input.type === 'number' ? undefined : 256} /></>;
    }
  };

  const hidden = p.inputs.filter((i) => i.type === 'hidden');
  const dataValues = Object.fromEntries(hidden.map((i) => [`data-form_field_${i.name}`, i.placeholder]));
  return (
    <form ref={form} {...dataValues} id={`wf-${p.blockKey}`} className="website-form" action={local(`${p.action}${p.forceAction || p.model}`)} method="post" encType="multipart/form-data"
      data-model_name={p.model} data-force_action={p.forceAction || undefined} data-success_page={p.successPage || undefined} onSubmit={submit}>
      <input type="hidden" name={BLOCK_FIELD} value={p.blockKey} />
      <input type="hidden" name={PAGE_FIELD} value={p.page} />
      <div className="d-none"><label>{_t('Leave this field empty')}<input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" /></label></div>
      {hidden.map((i) => <input key={i.name} type="hidden" name={i.name} value={i.placeholder} />)}
      <div className="row g-3">
        {p.inputs.filter((i) => i.type !== 'hidden').map((input) => (
          <div key={input.name} className={`col-12${['textarea', 'checkboxes', 'radio', 'file', 'checkbox'].includes(input.type) ? '' : ' col-md-6'} wf-field`} data-name={input.name}>
            {field(input)}
            {feedback(input)}
          </div>
        ))}
      </div>
      <div className="mt-4 d-flex flex-wrap align-items-center gap-3">
        <button type="submit" className="btn btn-primary btn-lg wf-send" disabled={busy}>{busy ? messages.sending : (p.buttonLabel || _t('Send'))}</button>
        <div role="status" aria-live="polite" className="wf-status flex-grow-1">
          {status === 'success' ? <div className="alert alert-success mb-0">{notice?.text || successText}</div> : null}
          {status === 'invalid' ? <div className="alert alert-warning mb-0">{messages.invalid}</div> : null}
          {status === 'error' ? <div className="alert alert-danger mb-0">{notice?.kind === 'danger' && notice.text ? notice.text : messages.error}</div> : null}
        </div>
      </div>
    </form>
  );
}

export default defineIsland('website_form.form', WebsiteForm);
