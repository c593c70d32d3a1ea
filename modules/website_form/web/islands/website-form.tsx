import { useEffect, useRef, useState, type FormEvent } from 'react';
import { defineIsland, useLocalizedPath, useT } from '@platform/web/client';
import {
  BLOCK_FIELD, FILE_ACCEPT, type FormInput, type FormReply, HONEYPOT_FIELD, MAX_FILE_BYTES, MAX_FILES, PAGE_FIELD, type StatusTemplate,
  TIMEZONE_FIELD, websiteFormUrls, type WebsiteFormProps,
} from '../../common/form-block';
import { DATE_MESSAGE, DATETIME_MESSAGE, dateInputProblem } from '../../common/form-values';
import { DatePicker } from '../form/date-picker';
import { momentDateParser } from '../form/moment-date-parser';

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
 * endpoint, answered by a redirect (the success page, or this page with the refused fields marked).
 * Hydrated, the spec's states: the send button is disabled while validating and sending; every input
 * must pass its native validity, a group of required checkboxes needs one ticked, dates and datetimes
 * must parse strictly in the language's format (the spec's two messages); a refused field is marked;
 * a reply with an id goes to the success page, or shows the success message and resets the form; any
 * other outcome re-enables the button.
 */
function WebsiteForm(p: WebsiteFormProps) {
  const _t = useT();
  const local = useLocalizedPath();
  const form = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<Status>(p.notice?.kind === 'success' ? 'success' : p.notice ? 'error' : 'idle');
  const [invalid, setInvalid] = useState<Record<string, string>>(() => p.errors ?? {});
  const [template, setTemplate] = useState<StatusTemplate | null>(null);
  const [picker, setPicker] = useState<string | null>(null);
  // The no-JS round trip's message, until this script sends the form again.
  const [notice, setNotice] = useState(p.notice);

  useEffect(() => {
    // Hydrated: this script checks the fields (the browser's own bubbles are for the form without it).
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

  /** Each input's problem, by field name ('' when it is only marked). */
  const validate = (el: HTMLFormElement): Record<string, string> => {
    const problems: Record<string, string> = {};
    for (const input of p.inputs) {
      const controls = [...el.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(`[name="${input.name}"]`)];
      if (input.type === 'checkboxes') {
        if (input.required && !controls.some((c) => (c as HTMLInputElement).checked)) problems[input.name] = _t('Tick at least one option.');
        continue;
      }
      for (const c of controls) {
        c.setCustomValidity('');
        if (input.type === 'date' || input.type === 'datetime') {
          const problem = dateInputProblem(c.value, input.type, { dateFormat: p.dateFormat, timeFormat: p.timeFormat, parse: momentDateParser });
          if (problem) c.setCustomValidity(_t(input.type === 'date' ? DATE_MESSAGE : DATETIME_MESSAGE).replace('%s', c.value));
        }
        if (input.type === 'file') {
          const files = [...((c as HTMLInputElement).files ?? [])];
          if (files.length > MAX_FILES) c.setCustomValidity(_t('At most %s files.').replace('%s', String(MAX_FILES)));
          else if (files.some((f) => f.size > MAX_FILE_BYTES)) c.setCustomValidity(_t('A file is too large: at most %s MB each.').replace('%s', String(MAX_FILE_BYTES / (1024 * 1024))));
        }
        if (!c.checkValidity()) problems[input.name] = c.validationMessage;
      }
    }
    return problems;
  };

  const body = (el: HTMLFormElement): FormData => {
    const data = new FormData();
    for (const [name, value] of new FormData(el).entries()) {
      if (value instanceof File) continue;
      if (value.trim() !== '' || name === HONEYPOT_FIELD) data.append(name, value);
    }
    // Files as name[index].
    for (const input of p.inputs.filter((i) => i.type === 'file')) {
      const files = [...(el.querySelector<HTMLInputElement>(`[name="${input.name}"]`)?.files ?? [])];
      files.forEach((file, i) => data.append(`${input.name}[${i}]`, file, file.name));
    }
    // The form's form_field_ data values (also hidden inputs, for the form without JavaScript: sent once).
    for (const [attr, value] of Object.entries(el.dataset)) {
      const name = attr.slice('form_field_'.length);
      if (attr.startsWith('form_field_') && !data.has(name)) data.append(name, value ?? '');
    }
    data.set(TIMEZONE_FIELD, Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
    return data;
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const el = e.currentTarget;
    setNotice(undefined);
    setStatus('validating');
    const problems = validate(el);
    setInvalid(problems);
    if (Object.keys(problems).length) {
      setStatus('invalid');
      el.querySelector<HTMLElement>('.is-invalid, :invalid')?.focus();
      return;
    }
    setStatus('sending');
    try {
      const response = await fetch(local(`${p.action}${p.model}`), { method: 'POST', body: body(el), headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      const reply = (response.headers.get('content-type') ?? '').includes('application/json') ? await response.json() as FormReply : null;
      if (reply && 'id' in reply && reply.id) {
        if (p.successPage) {
          window.location.assign(local(p.successPage));
          setStatus('success');
          return;
        }
        el.reset();
        setInvalid({});
        setStatus('success');
        return;
      }
      const fields = reply && 'error_fields' in reply ? reply.error_fields : [];
      setInvalid(Object.fromEntries(fields.map((f) => [f, ''])));
      setStatus('error');
    } catch {
      setStatus('error');
    }
  };

  const busy = status === 'validating' || status === 'sending';
  const markedBy = (name: string) => Object.hasOwn(invalid, name);
  const feedback = (input: FormInput) => (markedBy(input.name)
    ? <div id={`${inputId(p.blockKey, input.name)}-error`} className="invalid-feedback d-block">{invalid[input.name] || _t('Please check this field.')}</div> : null);
  const described = (input: FormInput) => (markedBy(input.name) ? `${inputId(p.blockKey, input.name)}-error` : undefined);
  const v = p.values ?? {};

  const field = (input: FormInput) => {
    const id = inputId(p.blockKey, input.name);
    const cls = (base: string) => `${base}${markedBy(input.name) ? ' is-invalid' : ''}`;
    const common = { id, name: input.name, required: input.required, 'aria-invalid': markedBy(input.name) || undefined, 'aria-describedby': described(input) };
    const label = <label className="form-label" htmlFor={id}>{input.label}{input.required ? <span className="text-danger" aria-hidden="true"> *</span> : null}</label>;
    switch (input.type) {
      case 'textarea':
        return <>{label}<textarea {...common} className={cls('form-control')} rows={5} placeholder={input.placeholder || undefined} defaultValue={v[input.name]} maxLength={10000} /></>;
      case 'select':
        return (
          <>{label}<select {...common} className={cls('form-select')} defaultValue={v[input.name] ?? ''}>
            <option value="">{input.placeholder || _t('Choose…')}</option>
            {input.choices.map(([value, text]) => <option key={value} value={value}>{text}</option>)}
          </select></>
        );
      case 'checkbox':
        return (
          <div className="form-check">
            <input {...common} type="checkbox" value="true" className={cls('form-check-input')} defaultChecked={v[input.name] === 'true'} />
            <label className="form-check-label" htmlFor={id}>{input.label}</label>
          </div>
        );
      case 'radio':
      case 'checkboxes':
        return (
          <fieldset aria-describedby={described(input)} aria-required={input.required || undefined}>
            <legend className="form-label fs-6">{input.label}{input.required ? <span className="text-danger" aria-hidden="true"> *</span> : null}</legend>
            {input.choices.map(([value, text], i) => (
              <div className="form-check" key={value}>
                <input id={`${id}-${i}`} name={input.name} value={value} type={input.type === 'radio' ? 'radio' : 'checkbox'}
                  required={input.type === 'radio' && input.required} className={cls('form-check-input')} />
                <label className="form-check-label" htmlFor={`${id}-${i}`}>{text}</label>
              </div>
            ))}
          </fieldset>
        );
      case 'file':
        return <>{label}<input {...common} type="file" multiple accept={FILE_ACCEPT} className={cls('form-control')} /><div className="form-text">{_t('Up to %s files, %s MB each (PDF, images, ZIP, text).').replace('%s', String(MAX_FILES)).replace('%s', String(MAX_FILE_BYTES / (1024 * 1024)))}</div></>;
      case 'date':
      case 'datetime': {
        const format = input.type === 'date' ? p.dateFormat : `${p.dateFormat} ${p.timeFormat}`;
        return (
          <>{label}
            <div className="input-group position-relative">
              <input {...common} type="text" inputMode="numeric" autoComplete="off" className={cls('form-control')} placeholder={input.placeholder || format} defaultValue={v[input.name]} />
              <button type="button" className="btn btn-outline-secondary wf-picker-toggle" aria-label={_t('Choose a date')} aria-expanded={picker === input.name}
                onClick={() => setPicker(picker === input.name ? null : input.name)}>
                <svg width="16" height="16" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true"><path d="M4 0a.5.5 0 0 1 .5.5V1h7V.5a.5.5 0 0 1 1 0V1H14a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H2a2 2 0 0 1-2-2V3a2 2 0 0 1 2-2h1.5V.5A.5.5 0 0 1 4 0zM1 5v9a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V5H1zm2 2h2v2H3V7zm4 0h2v2H7V7zm4 0h2v2h-2V7zm-8 4h2v2H3v-2zm4 0h2v2H7v-2z" /></svg>
              </button>
              {picker === input.name ? (
                <div className="wf-picker-popover">
                  <DatePicker label={input.label} value={form.current?.querySelector<HTMLInputElement>(`#${id}`)?.value ?? ''} format={p.dateFormat} timeFormat={input.type === 'datetime' ? p.timeFormat : undefined}
                    onClose={() => setPicker(null)}
                    onPick={(text) => {
                      const el = form.current?.querySelector<HTMLInputElement>(`#${id}`);
                      if (el) { el.value = text; el.focus(); }
                      setPicker(null);
                    }} />
                </div>
              ) : null}
            </div>
          </>
        );
      }
      default:
        return <>{label}<input {...common} type={input.type} className={cls('form-control')} placeholder={input.placeholder || undefined} defaultValue={v[input.name]} maxLength={input.type === 'number' ? undefined : 256} /></>;
    }
  };

  const hidden = p.inputs.filter((i) => i.type === 'hidden');
  const dataValues = Object.fromEntries(hidden.map((i) => [`data-form_field_${i.name}`, i.placeholder]));
  return (
    <form ref={form} {...dataValues} id={`wf-${p.blockKey}`} className="website-form" action={local(`${p.action}${p.model}`)} method="post" encType="multipart/form-data"
      data-model_name={p.model} data-success_page={p.successPage || undefined} onSubmit={(e) => void submit(e)}>
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
