import { useEffect, useState, type ReactNode } from 'react';
import { useFormik } from 'formik';
import { rpc, RpcError } from '@platform/web/client';
import { useBackoffice } from '@platform/web/backoffice/client';
import { DEFAULT_BRAND_COLOR, MAIL_LIMITS, mailSettingsSchema, type MailSettingsValues, mailTestSchema } from '../../common/mail-settings-schema';

type Message = { kind: 'success' | 'danger' | 'info'; text: string } | null;
const EMPTY: MailSettingsValues = {
  newsletter_from_name: '', newsletter_from_email: '', system_from_name: '', system_from_email: '', postal_address: '', brand_color: DEFAULT_BRAND_COLOR,
};

/**
 * Mail settings of the site: who mailings and system mails come from (name and address), the postal
 * address every mailing's footer carries (required before sending one), the mailings' colour, and a
 * test message that reports what the mail server answered. Checked with the schema the server uses.
 */
export default function MailSettingsScreen() {
  const { _t, data } = useBackoffice();
  const [loaded, setLoaded] = useState<MailSettingsValues | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [testResult, setTestResult] = useState<Message>(null);

  useEffect(() => {
    rpc<MailSettingsValues>('/mail/settings', {}).then(setLoaded, (err: Error) => setMessage({ kind: 'danger', text: err.message }));
  }, []);

  const form = useFormik<MailSettingsValues>({
    initialValues: loaded ?? EMPTY,
    enableReinitialize: true,
    validationSchema: mailSettingsSchema,
    onSubmit: async (values, helpers) => {
      setMessage(null);
      try {
        setLoaded(await rpc<MailSettingsValues>('/mail/settings/save', { ...values }));
        setMessage({ kind: 'success', text: _t('The mail settings have been saved.') });
      } catch (err) {
        // The server's check names the fields it refused, as the schema here would.
        const fields = err instanceof RpcError ? (err.data as { fields?: Record<string, string> } | undefined)?.fields : undefined;
        if (fields) helpers.setErrors(fields);
        setMessage({ kind: 'danger', text: fields ? _t('Nothing was saved: correct the fields marked below.') : (err as Error).message });
      }
    },
  });

  const test = useFormik({
    initialValues: { email: '' },
    validationSchema: mailTestSchema,
    onSubmit: async ({ email }) => {
      setTestResult(null);
      try {
        const r = await rpc<{ kind: string; response: string; to: string }>('/mail/settings/test', { email: email.trim() });
        setTestResult(r.kind === 'smtp'
          ? { kind: 'success', text: `${_t('The mail server accepted the test message to')} ${r.to}: ${r.response}` }
          : { kind: 'info', text: `${_t('No mail server is configured: the test message to')} ${r.to} ${_t('waits in the outbox.')}` });
      } catch (err) {
        setTestResult({ kind: 'danger', text: (err as Error).message });
      }
    },
  });

  if (!loaded) return <p>{message ? message.text : _t('Loading…')}</p>;
  const error = (f: keyof MailSettingsValues) => (form.touched[f] && form.errors[f] ? _t(form.errors[f]!) : null);
  const field = (f: keyof MailSettingsValues, label: string, opts: { type?: string; max: number; help?: string; autoComplete?: string }): ReactNode => {
    const id = `mail-${f}`;
    const described = [opts.help ? `${id}-help` : '', error(f) ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className="mb-3">
        <label htmlFor={id} className="form-label">{_t(label)}</label>
        <input id={id} name={f} type={opts.type ?? 'text'} className={`form-control${error(f) ? ' is-invalid' : ''}`} maxLength={opts.max + 1} autoComplete={opts.autoComplete ?? 'off'}
          value={form.values[f]} onChange={form.handleChange} onBlur={form.handleBlur} aria-invalid={error(f) ? true : undefined} aria-describedby={described} />
        {error(f) ? <div id={`${id}-error`} className="invalid-feedback">{error(f)}</div> : null}
        {opts.help ? <div id={`${id}-help`} className="form-text">{_t(opts.help)}</div> : null}
      </div>
    );
  };
  const testError = test.touched.email && test.errors.email ? _t(test.errors.email) : null;

  return (
    <section aria-labelledby="mail-settings-title" className="mail-settings">
      <h1 id="mail-settings-title" className="h4 mb-3">{_t('Mail settings')} <span className="text-body-secondary fs-6">{data.site.name}</span></h1>
      <div aria-live="polite">{message ? <div className={`alert alert-${message.kind} py-2`} role={message.kind === 'danger' ? 'alert' : 'status'}>{message.text}</div> : null}</div>
      <div className="row g-4">
        <div className="col-12 col-lg-8">
          <form onSubmit={form.handleSubmit} noValidate aria-label={_t('Mail settings')}>
            <fieldset className="card mb-3"><div className="card-body">
              <legend className="h5 card-title">{_t('Newsletter sender')}</legend>
              <div className="row g-2">
                <div className="col-12 col-md-6">{field('newsletter_from_name', 'Sender name', { max: MAIL_LIMITS.name, help: 'As recipients see it, e.g. the site\'s name.' })}</div>
                <div className="col-12 col-md-6">{field('newsletter_from_email', 'Sender address', { type: 'email', max: MAIL_LIMITS.email, help: 'Mailings of this site come from it, unless a mailing names its own.' })}</div>
              </div>
            </div></fieldset>
            <fieldset className="card mb-3"><div className="card-body">
              <legend className="h5 card-title">{_t('System mails sender')}</legend>
              <div className="row g-2">
                <div className="col-12 col-md-6">{field('system_from_name', 'Sender name', { max: MAIL_LIMITS.name })}</div>
                <div className="col-12 col-md-6">{field('system_from_email', 'Sender address', { type: 'email', max: MAIL_LIMITS.email, help: 'Order confirmations, event registrations, form notifications, shares, comment notifications: every site.' })}</div>
              </div>
            </div></fieldset>
            <fieldset className="card mb-3"><div className="card-body">
              <legend className="h5 card-title">{_t('Mailings')}</legend>
              <div className="mb-3">
                <label htmlFor="mail-postal_address" className="form-label">{_t('Postal address')}</label>
                <textarea id="mail-postal_address" name="postal_address" rows={3} className={`form-control${error('postal_address') ? ' is-invalid' : ''}`} maxLength={MAIL_LIMITS.address + 1}
                  value={form.values.postal_address} onChange={form.handleChange} onBlur={form.handleBlur} aria-describedby="mail-postal_address-help" />
                {error('postal_address') ? <div className="invalid-feedback">{error('postal_address')}</div> : null}
                <div id="mail-postal_address-help" className="form-text">{_t('Shown in the footer of every mailing (anti-spam laws require it: a mailing cannot be sent without it) and in the site\'s footer.')}</div>
              </div>
              <div className="mb-3">
                <label htmlFor="mail-brand_color" className="form-label">{_t('Colour of the mailings')}</label>
                <div className="d-flex gap-2 align-items-start">
                  <input type="color" className="form-control form-control-color" value={/^#[0-9a-f]{6}$/i.test(form.values.brand_color) ? form.values.brand_color : DEFAULT_BRAND_COLOR}
                    onChange={(e) => void form.setFieldValue('brand_color', e.target.value)} aria-label={_t('Pick a colour')} />
                  <div className="flex-grow-1">
                    <input id="mail-brand_color" name="brand_color" className={`form-control${error('brand_color') ? ' is-invalid' : ''}`} maxLength={7} value={form.values.brand_color}
                      onChange={form.handleChange} onBlur={form.handleBlur} aria-invalid={error('brand_color') ? true : undefined} aria-describedby={error('brand_color') ? 'mail-brand_color-error' : undefined} />
                    {error('brand_color') ? <div id="mail-brand_color-error" className="invalid-feedback">{error('brand_color')}</div> : null}
                  </div>
                </div>
              </div>
            </div></fieldset>
            <button type="submit" className="btn btn-primary" disabled={form.isSubmitting}>{_t('Save the mail settings')}</button>
          </form>
        </div>
        <div className="col-12 col-lg-4">
          <form className="card card-body" onSubmit={test.handleSubmit} noValidate aria-labelledby="mail-test-title">
            <h2 id="mail-test-title" className="h5">{_t('Send test mail')}</h2>
            <p className="small text-body-secondary">{_t('Sends a message with the system mails sender, to check the mail server. Empty: to your own address.')}</p>
            <label htmlFor="mail-test-to" className="form-label">{_t('E-mail address')}</label>
            <input id="mail-test-to" name="email" type="email" className={`form-control mb-2${testError ? ' is-invalid' : ''}`} placeholder={data.session.name} maxLength={MAIL_LIMITS.email + 1}
              value={test.values.email} onChange={test.handleChange} onBlur={test.handleBlur} aria-invalid={testError ? true : undefined} aria-describedby={testError ? 'mail-test-error' : undefined} />
            {testError ? <div id="mail-test-error" className="invalid-feedback d-block mb-2">{testError}</div> : null}
            <div><button type="submit" className="btn btn-outline-primary" disabled={test.isSubmitting}>{test.isSubmitting ? _t('Sending…') : _t('Send test mail')}</button></div>
            <div aria-live="polite" className="mt-2 mail-test-result">{testResult ? <div className={`alert alert-${testResult.kind} py-2 mb-0 text-break`}>{testResult.text}</div> : null}</div>
          </form>
        </div>
      </div>
    </section>
  );
}
