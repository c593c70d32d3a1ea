import { lazy, Suspense, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useFormik } from 'formik';
import { rpc } from '@platform/web/client';
import type { RichTextEditorApi } from '@platform/web/client/editor';
import { type BackofficeViewProps, callKw, Many2manyTags, RecordTitleContext, useBackoffice, useUnsavedChanges } from '@platform/web/backoffice/client';
import { MailingStatisticsPanel } from './mailing-statistics';
import { percentDone, useMailingStatistics } from './mailing-progress';
import { EMAIL_MAX, mailingDraftSchema, SUBJECT_MAX, testMailSchema } from '../../common/mailing-schema';

// tiptap is large: its chunk loads with the composer, never with the rest of the back office.
const RichTextEditor = lazy(() => import('@platform/web/client/editor').then((m) => ({ default: m.RichTextEditor })));

type Option = [number, string];
interface Draft { subject: string; email_from: string; lists: Option[]; body: string }
const EMPTY: Draft = { subject: '', email_from: '', lists: [], body: '<p></p>' };
const MODEL = 'mail.mass_mailing';
type Message = { kind: 'success' | 'danger'; text: string } | null;

/**
 * The mailing composer: subject, sender, lists and body (the site's rich-text editor; the server
 * sanitises what is saved), a preview of the copy recipients get, a test to one address, the sending
 * with its progress followed over the bus, and the statistics once it went out.
 */
export default function MailingComposer({ route }: BackofficeViewProps) {
  const { _t, navigate } = useBackoffice();
  const id = route.id;
  const [draft, setDraft] = useState<Draft>(EMPTY);
  // What was typed since the last load or save: leaving asks first.
  const [dirty, setDirty] = useState(false);
  const edit = (next: Draft) => { setDraft(next); setDirty(true); };
  const [state, setState] = useState('draft');
  const [loaded, setLoaded] = useState(!id);
  const [editorKey, setEditorKey] = useState(0);
  const [message, setMessage] = useState<Message>(null);
  const [preview, setPreview] = useState<{ subject: string; from: string; html: string } | null>(null);
  const [testError, setTestError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sendKey, setSendKey] = useState(0);
  const editor = useRef<RichTextEditorApi | null>(null);
  const [stats, setStats] = useMailingStatistics(id, sendKey);
  // Set again after each load: the shell clears the title when the route changes (a new record saved).
  const setTitle = useContext(RecordTitleContext);
  useEffect(() => {
    if (id && loaded) setTitle(draft.subject || `#${id}`);
  }, [setTitle, id, loaded, draft.subject, editorKey]);

  const load = useCallback(async () => {
    if (!id) return;
    try {
      const [row] = await callKw<Array<Record<string, unknown>>>(MODEL, 'read', [[id], ['subject', 'email_from', 'mailing_list_ids', 'body_html', 'state']]);
      const ids = (row.mailing_list_ids as number[]) ?? [];
      const lists = ids.length ? await callKw<Option[]>('mail.mass_mailing.list', 'name_search', [], { args: [['id', 'in', ids]], limit: ids.length }) : [];
      setDraft({ subject: String(row.subject ?? ''), email_from: String(row.email_from || ''), lists, body: String(row.body_html || '<p></p>') });
      setState(String(row.state));
      setEditorKey((k) => k + 1);
      setDirty(false);
      setLoaded(true);
    } catch (err) {
      setMessage({ kind: 'danger', text: (err as Error).message });
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);
  // The state follows the counters (queued -> sending -> done) without a reload.
  useEffect(() => {
    if (stats && stats.state !== state) setState(stats.state);
  }, [stats, state]);

  const editable = state === 'draft';
  const savedAll = useUnsavedChanges(dirty && editable);
  // Subject and sender: formik on the schema the model's constraint mirrors, so its messages show
  // under the fields before anything is saved. A load (or the reload after a save) shows the record's.
  const fields = useFormik({
    initialValues: { subject: draft.subject, email_from: draft.email_from },
    enableReinitialize: true,
    validationSchema: mailingDraftSchema,
    onSubmit: async () => { await save(); },
  });
  /** Whether subject and sender pass the schema; if not, their messages are shown. */
  const fieldsValid = async (): Promise<boolean> => {
    const errors = await fields.validateForm();
    if (!Object.keys(errors).length) return true;
    void fields.setTouched({ subject: true, email_from: true }, false);
    return false;
  };
  const save = async (): Promise<number | null> => {
    setMessage(null);
    if (!(await fieldsValid())) return null;
    const values = {
      subject: fields.values.subject.trim(), email_from: fields.values.email_from.trim() || false,
      mailing_list_ids: [[6, 0, draft.lists.map((l) => l[0])]], body_html: editor.current?.getHTML() ?? draft.body,
    };
    setBusy(true);
    try {
      if (id) {
        await callKw(MODEL, 'write', [[id], values]);
        await load();
        setMessage({ kind: 'success', text: _t('Saved.') });
        return id;
      }
      const created = await callKw<number>(MODEL, 'create', [values]);
      savedAll();
      navigate({ ...route, id: created, view: 'form' }, true);
      return created;
    } catch (err) {
      setMessage({ kind: 'danger', text: (err as Error).message });
      return null;
    } finally {
      setBusy(false);
    }
  };

  const showPreview = async () => {
    const saved = editable ? await save() : id;
    if (!saved) return;
    try {
      setPreview(await rpc('/mass_mailing/preview', { mailing_id: saved }));
    } catch (err) {
      setMessage({ kind: 'danger', text: (err as Error).message });
    }
  };

  // The test address: formik on the schema `/mass_mailing/send_test` checks again.
  const test = useFormik({
    initialValues: { email: '' },
    validationSchema: testMailSchema,
    onSubmit: async ({ email }) => {
      setTestError(null);
      const to = email.trim();
      const saved = editable ? await save() : id;
      if (!saved) return;
      try {
        await rpc('/mass_mailing/send_test', { mailing_id: saved, email: to });
        setMessage({ kind: 'success', text: `${_t('Test sent to')} ${to}` });
      } catch (err) {
        setTestError((err as Error).message);
      }
    },
  });
  const testMessage = (test.touched.email && test.errors.email ? _t(test.errors.email) : null) ?? testError;
  const fieldError = (field: 'subject' | 'email_from') => (fields.touched[field] && fields.errors[field] ? _t(fields.errors[field]!) : null);

  const send = async () => {
    setConfirming(false);
    const saved = await save();
    if (!saved) return;
    try {
      const s = await rpc<NonNullable<typeof stats>>('/mass_mailing/send', { mailing_id: saved });
      setStats(s);
      setState(s.state);
      setSendKey((k) => k + 1);
    } catch (err) {
      setMessage({ kind: 'danger', text: (err as Error).message });
    }
  };

  if (!loaded) return <p>{message ? message.text : _t('Loading…')}</p>;
  const percent = stats ? percentDone(stats) : 0;
  const stateLabel: Record<string, string> = { draft: _t('Draft'), queued: _t('Queued'), sending: _t('Sending'), done: _t('Sent') };
  return (
    <section aria-labelledby="mailing-title" className="mailing-composer">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id="mailing-title" className="h4 mb-0 me-auto">{id ? draft.subject || _t('Mailing') : _t('New mailing')}</h1>
        <span className={`badge ${state === 'done' ? 'text-bg-success' : state === 'draft' ? 'text-bg-secondary' : 'text-bg-primary'} mailing-state`}>{stateLabel[state] ?? state}</span>
      </div>
      <div aria-live="polite">{message ? <div className={`alert alert-${message.kind} py-2`} role={message.kind === 'danger' ? 'alert' : undefined}>{message.text}</div> : null}</div>

      <form onSubmit={fields.handleSubmit} className="card card-body" aria-label={_t('Mailing')} noValidate>
        <div className="row g-3">
          <div className="col-12 col-md-6">
            <label htmlFor="mailing-subject" className="form-label">{_t('Subject')}</label>
            <input id="mailing-subject" name="subject" className={`form-control${fieldError('subject') ? ' is-invalid' : ''}`} required maxLength={SUBJECT_MAX + 1} readOnly={!editable}
              value={fields.values.subject} onChange={(e) => { fields.handleChange(e); setDirty(true); }} onBlur={fields.handleBlur}
              aria-invalid={fieldError('subject') ? true : undefined} aria-describedby={fieldError('subject') ? 'mailing-subject-error' : undefined} />
            {fieldError('subject') ? <div id="mailing-subject-error" className="invalid-feedback">{fieldError('subject')}</div> : null}
          </div>
          <div className="col-12 col-md-6">
            <label htmlFor="mailing-from" className="form-label">{_t('From')}</label>
            <input id="mailing-from" name="email_from" type="email" className={`form-control${fieldError('email_from') ? ' is-invalid' : ''}`} maxLength={EMAIL_MAX + 1} readOnly={!editable}
              value={fields.values.email_from} placeholder="news@example.com" onChange={(e) => { fields.handleChange(e); setDirty(true); }} onBlur={fields.handleBlur}
              aria-invalid={fieldError('email_from') ? true : undefined} aria-describedby={fieldError('email_from') ? 'mailing-from-error mailing-from-help' : 'mailing-from-help'} />
            {fieldError('email_from') ? <div id="mailing-from-error" className="invalid-feedback">{fieldError('email_from')}</div> : null}
            <div id="mailing-from-help" className="form-text">{_t('Empty: the site\'s default sender.')}</div>
          </div>
          <div className="col-12" data-field="mailing_list_ids">
            <label htmlFor="mailing-lists" className="form-label">{_t('Mailing lists')}</label>
            <Many2manyTags id="mailing-lists" model="mail.mass_mailing.list" value={draft.lists} readOnly={!editable} onChange={(lists) => edit({ ...draft, lists })} />
          </div>
          <div className="col-12 html-field">
            <span className="form-label d-block" id="mailing-body-label">{_t('Body')}</span>
            {editable ? (
              <Suspense fallback={<div className="form-control rte-placeholder" dangerouslySetInnerHTML={{ __html: draft.body }} />}>
                <RichTextEditor key={editorKey} html={draft.body} label={_t('Body')} onReady={(api) => { editor.current = api; }} onChange={() => setDirty(true)} />
              </Suspense>
            ) : (
              <div className="rte-content border rounded p-2 bg-body-tertiary" aria-labelledby="mailing-body-label" dangerouslySetInnerHTML={{ __html: draft.body }} />
            )}
          </div>
        </div>
        <div className="d-flex flex-wrap gap-2 mt-3">
          {editable ? <button type="submit" className="btn btn-primary" disabled={busy}>{_t('Save')}</button> : null}
          <button type="button" className="btn btn-outline-secondary" onClick={showPreview} disabled={busy}>{_t('Preview')}</button>
        </div>
      </form>

      {preview ? (
        <section className="card mt-4" aria-labelledby="preview-title">
          <div className="card-body">
            <div className="d-flex align-items-center mb-2">
              <h2 id="preview-title" className="h5 mb-0 me-auto">{_t('Preview')}</h2>
              <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setPreview(null)}>{_t('Close preview')}</button>
            </div>
            <p className="small mb-2"><strong>{_t('Subject')}:</strong> {preview.subject}<br /><strong>{_t('From')}:</strong> {preview.from}</p>
            {/* Sandboxed: the copy is shown as a mail client would, without scripts or access to this page. */}
            <iframe title={_t('Preview of the e-mail')} className="mailing-preview w-100 border rounded" style={{ height: '28rem' }} sandbox="" srcDoc={preview.html} />
          </div>
        </section>
      ) : null}

      {id ? (
        <div className="row g-3 mt-1">
          <div className="col-12 col-lg-6">
            <form className="card card-body h-100" onSubmit={test.handleSubmit} aria-labelledby="test-title" noValidate>
              <h2 id="test-title" className="h5">{_t('Send a test')}</h2>
              <label htmlFor="mailing-test-to" className="form-label">{_t('E-mail address')}</label>
              <div className="input-group has-validation">
                <input id="mailing-test-to" name="email" type="email" className={`form-control${testMessage ? ' is-invalid' : ''}`} maxLength={EMAIL_MAX + 1} value={test.values.email}
                  aria-invalid={testMessage ? true : undefined} aria-describedby="mailing-test-error"
                  onChange={(e) => { test.handleChange(e); setTestError(null); }} onBlur={test.handleBlur} />
                <button type="submit" className="btn btn-outline-primary" disabled={test.isSubmitting}>{_t('Send a test')}</button>
                <div id="mailing-test-error" className="invalid-feedback">{testMessage}</div>
              </div>
            </form>
          </div>
          <div className="col-12 col-lg-6">
            <section className="card card-body h-100" aria-labelledby="send-title">
              <h2 id="send-title" className="h5">{_t('Send')}</h2>
              {editable && !confirming ? (
                <div><button type="button" className="btn btn-success" onClick={() => setConfirming(true)} disabled={busy || !draft.lists.length}>{_t('Send to the lists…')}</button>
                  {!draft.lists.length ? <p className="form-text">{_t('Pick at least one mailing list before sending.')}</p> : null}</div>
              ) : null}
              {confirming ? (
                <div className="alert alert-warning mb-0" role="alertdialog" aria-labelledby="send-confirm">
                  <p id="send-confirm" className="mb-2">{_t('Send this mailing to every subscriber of its lists now? It cannot be undone.')}</p>
                  <button type="button" className="btn btn-sm btn-success me-2" autoFocus onClick={send}>{_t('Send now')}</button>
                  <button type="button" className="btn btn-sm btn-secondary" onClick={() => setConfirming(false)}>{_t('Cancel')}</button>
                </div>
              ) : null}
              {!editable && stats ? (
                <>
                  <div className="progress mailing-progress" role="progressbar" aria-label={_t('Sending progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
                    <div className={`progress-bar${state === 'done' ? ' bg-success' : ' progress-bar-striped'}`} style={{ width: `${percent}%` }}>{percent}%</div>
                  </div>
                  <p className="small mt-2 mb-0 mailing-progress-text" aria-live="polite">
                    {stats.total - stats.pending} / {stats.total} · {stateLabel[state] ?? state}
                    {stats.bounced ? ` · ${_t('Bounced')} ${stats.bounced}` : ''}{stats.failed ? ` · ${_t('Failed')} ${stats.failed}` : ''}
                  </p>
                </>
              ) : null}
            </section>
          </div>
        </div>
      ) : null}

      {!editable && stats ? <MailingStatisticsPanel stats={stats} /> : null}
    </section>
  );
}
