import { useRef, useState, type ChangeEvent } from 'react';
import { useFormik } from 'formik';
import { defineIsland, ModalDialog, rpc, RpcError, useT } from '@platform/web/client';
import type { UploadDialogProps } from '../../common/page-props';
import {
  DUPLICATE_TITLE_MESSAGE, FILE_TOO_BIG_MESSAGE, INVALID_FILE_TYPE_MESSAGE, MAX_FILE_BYTES, PASSWORD_PROTECTED_MESSAGE, parseDocumentUrl, slideUrls,
  UNREADABLE_PDF_MESSAGE,
} from '../../common/slide-constants';
import { addSlideSchema, type AddSlideValues } from '../../common/slide-schemas';
import { analysePdf, NotAPdf, PasswordProtected } from '../pdf/load-pdfjs';

type Status = 'idle' | 'loading' | 'ready' | 'saving' | 'redirect';
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Reads a file as base64 (without the data: prefix). */
function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => { const url = String(reader.result); resolve(url.slice(url.indexOf(',') + 1)); };
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** What the first bytes say the file is (the browser's own type is only a hint). */
async function sniff(file: File): Promise<'pdf' | 'image' | null> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const text = String.fromCharCode(...head);
  if (text.startsWith('%PDF-')) return 'pdf';
  const png = head[0] === 0x89 && text.slice(1, 4) === 'PNG';
  const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const gif = text.startsWith('GIF8');
  const webp = text.startsWith('RIFF') && text.slice(8, 12) === 'WEBP';
  return png || jpeg || gif || webp ? 'image' : null;
}

/** Posts the slide as JSON-RPC with XMLHttpRequest, for its upload progress. */
function postWithProgress(params: Record<string, unknown>, onProgress: (fraction: number) => void): Promise<{ url: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', slideUrls.addSlide);
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) onProgress(e.loaded / e.total); };
    xhr.onerror = () => reject(new RpcError(0, 'ConnectionLost', 'The server cannot be reached. Check your connection and try again.'));
    xhr.onload = () => {
      try {
        const body = JSON.parse(xhr.responseText) as { result?: { url?: string; error?: string }; error?: { code: number; message: string; data?: { name?: string; message?: string; fields?: Record<string, string> } } };
        if (body.error) reject(new RpcError(body.error.code, body.error.data?.name ?? 'ServerError', body.error.data?.message ?? body.error.message, body.error.data));
        else if (body.result?.error) reject(new RpcError(200, 'UserError', body.result.error));
        else resolve({ url: String(body.result?.url) });
      } catch {
        reject(new RpcError(xhr.status, 'ServerError', xhr.status === 413 ? FILE_TOO_BIG_MESSAGE : `Unexpected answer from the server (HTTP ${xhr.status}).`));
      }
    };
    xhr.send(JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params }));
  });
}

/**
 * The upload dialog (users with the upload right on the channel): a file (PDF or picture) or a YouTube
 * / Google Drive URL, a title, description, category (or a new one), tags (existing or new), and the
 * preview. A PDF is read here with pdf.js first (page count, the first page as the preview, a password-
 * protected file refused); a URL is looked up by the server. Then Save, or Save and publish for
 * publishers, with the upload's progress; the server checks everything again and answers the slide's
 * URL (the browser goes there) or an error, shown as a warning with the form as it was.
 */
function UploadDialog(p: UploadDialogProps) {
  const _t = useT();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const [warning, setWarning] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [pageCount, setPageCount] = useState<number | null>(null);
  const [progress, setProgress] = useState(0);
  const [titleWarning, setTitleWarning] = useState(false);
  const [newCategory, setNewCategory] = useState(false);
  const [newTags, setNewTags] = useState('');
  const publish = useRef(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const formik = useFormik<AddSlideValues>({
    initialValues: {
      channel_id: p.channelId, name: '', description: '', url: '', datas: '', mime_type: '', image: '', index_content: '',
      category_id: null, category_name: '', tag_ids: [], tag_names: [], website_published: false,
    },
    validationSchema: addSlideSchema,
    validateOnChange: false,
    onSubmit: async (values) => {
      setWarning(null);
      setStatus('saving');
      setProgress(0);
      try {
        const tagNames = newTags.split(',').map((t) => t.trim()).filter(Boolean);
        const { url } = await postWithProgress({ ...values, tag_names: tagNames, website_published: publish.current && p.canPublish }, setProgress);
        setStatus('redirect');
        window.location.assign(url);
      } catch (err) {
        setWarning(err instanceof RpcError ? err.message : String(err));
        setStatus('ready');
      }
    },
  });
  const { setFieldValue, setValues } = formik;
  const busy = status === 'loading' || status === 'saving' || status === 'redirect';

  const reset = () => {
    void setValues({ ...formik.values, datas: '', image: '', mime_type: '', index_content: '', url: '' }, false);
    setPreviewUrl(null);
    setPageCount(null);
  };

  const pickFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setWarning(null);
    reset();
    if (!file) { setStatus('idle'); return; }
    setStatus('loading');
    try {
      if (file.size > MAX_FILE_BYTES) throw new Error(FILE_TOO_BIG_MESSAGE);
      const kind = await sniff(file);
      if (!kind) throw new Error(INVALID_FILE_TYPE_MESSAGE);
      const name = formik.values.name || file.name.replace(/\.[^.]+$/, '').replace(/[_-]+/g, ' ').trim();
      if (kind === 'pdf') {
        let facts;
        try {
          facts = await analysePdf(await file.arrayBuffer());
        } catch (err) {
          if (err instanceof PasswordProtected) throw new Error(PASSWORD_PROTECTED_MESSAGE);
          if (err instanceof NotAPdf) throw new Error(UNREADABLE_PDF_MESSAGE);
          throw err;
        }
        await setValues({ ...formik.values, name, url: '', datas: await base64Of(file), mime_type: 'application/pdf', image: facts.preview, index_content: facts.text }, false);
        setPreviewUrl(facts.previewUrl);
        setPageCount(facts.pageCount);
      } else {
        if (!IMAGE_TYPES.includes(file.type)) throw new Error(INVALID_FILE_TYPE_MESSAGE);
        await setValues({ ...formik.values, name, url: '', datas: await base64Of(file), mime_type: file.type, image: '' }, false);
        setPreviewUrl(URL.createObjectURL(file));
        setPageCount(1);
      }
      void checkTitle(name);
      setStatus('ready');
    } catch (err) {
      if (fileInput.current) fileInput.current.value = '';
      setWarning(err instanceof Error ? err.message : String(err));
      setStatus('idle');
    }
  };

  const lookUpUrl = async (url: string) => {
    if (!url.trim()) return;
    setWarning(null);
    if (!parseDocumentUrl(url)) { void formik.setFieldTouched('url', true, true); return; }
    setStatus('loading');
    try {
      const found = await rpc<{ error?: string; url_src?: string; title?: string; description?: string }>(slideUrls.dialogPreview, { url, channel_id: p.channelId });
      if (found.error) {
        setWarning(found.error);
        setStatus('idle');
        return;
      }
      const name = formik.values.name || found.title || '';
      await setValues({ ...formik.values, url, datas: '', name, description: formik.values.description || found.description || '' }, false);
      setPreviewUrl(found.url_src || null);
      void checkTitle(name);
      setStatus('ready');
    } catch (err) {
      setWarning(err instanceof RpcError ? err.message : String(err));
      setStatus('idle');
    }
  };

  const checkTitle = async (name: string) => {
    if (!name.trim()) { setTitleWarning(false); return; }
    try {
      setTitleWarning(await rpc<boolean>('/slides/title_check', { channel_id: p.channelId, name }));
    } catch {
      setTitleWarning(false);
    }
  };

  const field = (name: keyof AddSlideValues) => (formik.touched[name] && formik.errors[name] ? String(formik.errors[name]) : undefined);
  const submit = (andPublish: boolean) => {
    publish.current = andPublish;
    void formik.submitForm();
  };

  return (
    <>
      <button type="button" className="btn btn-primary slides-upload-button" onClick={() => setOpen(true)}>{_t('Upload')}</button>
      <ModalDialog open={open} title={_t('Upload a presentation')} onClose={() => { if (!busy) setOpen(false); }}
        footer={(
          <>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => submit(false)}>{_t('Save')}</button>
            {p.canPublish ? <button type="button" className="btn btn-primary" disabled={busy} onClick={() => submit(true)}>{_t('Save and publish')}</button> : null}
          </>
        )}>
        <form noValidate onSubmit={(e) => { e.preventDefault(); submit(false); }} className="slides-upload-form" aria-busy={busy} data-status={status}>
          {warning ? <div className="alert alert-warning slides-upload-warning" role="alert">{_t(warning)}</div> : null}
          {field('datas') ? <div className="alert alert-warning" role="alert">{_t(field('datas')!)}</div> : null}
          <div className="row g-3">
            <div className="col-12 col-md-7">
              <div className="mb-3">
                <label htmlFor="upload_file" className="form-label">{_t('PDF or image')}</label>
                <input ref={fileInput} id="upload_file" type="file" className="form-control" accept="application/pdf,image/png,image/jpeg,image/gif,image/webp" onChange={(e) => void pickFile(e)} disabled={busy} />
              </div>
              <div className="mb-3">
                <label htmlFor="upload_url" className="form-label">{_t('or a YouTube or Google Drive URL')}</label>
                <input id="upload_url" name="url" type="url" className={`form-control${field('url') ? ' is-invalid' : ''}`} placeholder="https://www.youtube.com/watch?v=…"
                  value={formik.values.url} onChange={formik.handleChange} onBlur={(e) => { formik.handleBlur(e); void lookUpUrl(e.target.value); }} disabled={busy || Boolean(formik.values.datas)}
                  aria-describedby={field('url') ? 'upload_url_error' : undefined} />
                {field('url') ? <div id="upload_url_error" className="invalid-feedback">{_t(field('url')!)}</div> : null}
              </div>
              <div className="mb-3">
                <label htmlFor="upload_name" className="form-label">{_t('Title')} <span aria-hidden="true" className="text-danger">*</span></label>
                <input id="upload_name" name="name" className={`form-control${field('name') ? ' is-invalid' : ''}`} value={formik.values.name} required
                  onChange={formik.handleChange} onBlur={(e) => { formik.handleBlur(e); void checkTitle(e.target.value); }}
                  aria-describedby={[field('name') ? 'upload_name_error' : '', titleWarning ? 'upload_name_warning' : ''].filter(Boolean).join(' ') || undefined} />
                {field('name') ? <div id="upload_name_error" className="invalid-feedback">{_t(field('name')!)}</div> : null}
                {titleWarning ? <div id="upload_name_warning" className="form-text text-warning-emphasis slides-title-warning">{_t(DUPLICATE_TITLE_MESSAGE)}</div> : null}
              </div>
              <div className="mb-3">
                <label htmlFor="upload_description" className="form-label">{_t('Description')}</label>
                <textarea id="upload_description" name="description" rows={3} className={`form-control${field('description') ? ' is-invalid' : ''}`} value={formik.values.description} onChange={formik.handleChange} onBlur={formik.handleBlur} />
                {field('description') ? <div className="invalid-feedback">{_t(field('description')!)}</div> : null}
              </div>
              <div className="mb-3">
                <label htmlFor="upload_category" className="form-label">{_t('Category')}</label>
                <select id="upload_category" className="form-select" value={newCategory ? 'new' : String(formik.values.category_id ?? '')}
                  onChange={(e) => {
                    const v = e.target.value;
                    setNewCategory(v === 'new');
                    void setFieldValue('category_id', v && v !== 'new' ? Number(v) : null, false);
                    if (v !== 'new') void setFieldValue('category_name', '', false);
                  }}>
                  <option value="">{_t('Uncategorized')}</option>
                  {p.categories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
                  <option value="new">{_t('New category…')}</option>
                </select>
                {newCategory ? (
                  <>
                    <label htmlFor="upload_category_name" className="visually-hidden">{_t('New category')}</label>
                    <input id="upload_category_name" name="category_name" className="form-control mt-2" placeholder={_t('New category')} value={formik.values.category_name} onChange={formik.handleChange} />
                  </>
                ) : null}
              </div>
              <fieldset className="mb-3">
                <legend className="form-label fs-6">{_t('Tags')}</legend>
                <div className="d-flex flex-wrap gap-3">
                  {p.tags.map((t) => (
                    <div key={t.id} className="form-check">
                      <input className="form-check-input" type="checkbox" id={`upload_tag_${t.id}`} checked={formik.values.tag_ids.includes(t.id)}
                        onChange={(e) => void setFieldValue('tag_ids', e.target.checked ? [...formik.values.tag_ids, t.id] : formik.values.tag_ids.filter((x) => x !== t.id), false)} />
                      <label className="form-check-label" htmlFor={`upload_tag_${t.id}`}>{t.name}</label>
                    </div>
                  ))}
                </div>
                <label htmlFor="upload_new_tags" className="form-label small mt-2">{_t('New tags, separated by commas')}</label>
                <input id="upload_new_tags" className="form-control form-control-sm" value={newTags} onChange={(e) => setNewTags(e.target.value)} />
              </fieldset>
            </div>
            <div className="col-12 col-md-5">
              <p className="form-label mb-1">{_t('Preview')}</p>
              <div className="border rounded bg-body-tertiary d-flex align-items-center justify-content-center slides-upload-preview" style={{ minHeight: '10rem' }}>
                {status === 'loading' ? (
                  <div className="spinner-border text-secondary" role="status"><span className="visually-hidden">{_t('Loading…')}</span></div>
                ) : previewUrl ? <img src={previewUrl} alt={_t('Preview of the first page')} className="img-fluid" /> : <span className="text-body-secondary small p-3">{_t('No file chosen')}</span>}
              </div>
              {pageCount ? <p className="small mt-2 slides-upload-pages">{pageCount === 1 ? _t('1 page') : `${pageCount} ${_t('pages')}`}</p> : null}
              <p className="small text-body-secondary mt-2 mb-0 slides-upload-status" role="status">
                {status === 'loading' ? _t('Reading the document…') : status === 'ready' ? _t('Ready to save.') : status === 'saving' ? _t('Saving…') : status === 'redirect' ? _t('Saved. Opening the slide…') : ''}
              </p>
            </div>
          </div>
          {status === 'saving' || status === 'redirect' ? (
            <div className="progress mt-3" role="progressbar" aria-label={_t('Upload progress')} aria-valuenow={Math.round(progress * 100)} aria-valuemin={0} aria-valuemax={100}>
              <div className="progress-bar" style={{ width: `${Math.round(progress * 100)}%` }}>{Math.round(progress * 100)}%</div>
            </div>
          ) : null}
        </form>
      </ModalDialog>
    </>
  );
}

export default defineIsland('slides.upload_dialog', UploadDialog);
