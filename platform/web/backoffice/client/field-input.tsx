import moment from 'moment';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { RichTextEditorApi } from '../../client/editor/rich-text-editor';
import type { DateFormatter } from '../../client/dates';
import { useBackoffice } from './backoffice-context';
import type { FieldInfo } from './orm';
import { Many2manyTags, Many2oneInput } from './relation-inputs';

interface Props {
  id: string;
  name: string;
  field: FieldInfo;
  value: unknown;
  onChange(v: unknown): void;
  dates: DateFormatter;
  readOnly?: boolean;
  invalid?: boolean;
  /** For inputs without a visible label (one2many cells). */
  label?: string;
  /** Image preview of a saved record (`/web/image/...`). */
  imageUrl?: string;
}

/**
 * A date typed in the user's language format (res.lang, with moment), stored as the server's
 * `YYYY-MM-DD` / UTC `YYYY-MM-DD HH:mm:ss`; what does not parse is kept as typed and marked invalid.
 */
function DateInput({ id, value, onChange, withTime, invalid, label }: { id: string; value: unknown; onChange(v: unknown): void; withTime: boolean; invalid?: boolean; label?: string }) {
  const { data } = useBackoffice();
  const format = withTime ? `${data.language.dateFormat} ${data.language.timeFormat}` : data.language.dateFormat;
  const shown = (v: unknown) => (typeof v === 'string' && v ? (withTime ? moment.utc(v).local() : moment(v, 'YYYY-MM-DD')).format(format) : '');
  const [text, setText] = useState(shown(value));
  const [bad, setBad] = useState(false);
  useEffect(() => setText(shown(value)), [value, format]);
  return (
    <>
      <input id={id} className={`form-control${bad || invalid ? ' is-invalid' : ''}`} value={text} placeholder={format} aria-label={label} maxLength={40}
        aria-describedby={`${id}-format`}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          if (!text.trim()) { setBad(false); return onChange(false); }
          const m = moment(text, format, true);
          if (!m.isValid()) return setBad(true);
          setBad(false);
          onChange(withTime ? m.utc().format('YYYY-MM-DD HH:mm:ss') : m.format('YYYY-MM-DD'));
        }} />
      <div id={`${id}-format`} className={bad ? 'invalid-feedback d-block' : 'form-text'}>{format}</div>
    </>
  );
}

// tiptap is large: loaded when a form first shows an html field, never with the rest of the app.
const RichTextEditor = lazy(() => import('../../client/editor/rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

/** An html field in the site's rich-text editor; the server sanitises what is saved. */
function HtmlInput({ id, value, onChange, label }: { id: string; value: unknown; onChange(v: unknown): void; label: string }) {
  const html = typeof value === 'string' ? value : '';
  const api = useRef<RichTextEditorApi | null>(null);
  const emitted = useRef(html);
  const [version, setVersion] = useState(0);
  // A value that did not come from typing here (a record loaded, changes discarded) restarts the editor.
  useEffect(() => {
    if (html !== emitted.current) {
      emitted.current = html;
      setVersion((v) => v + 1);
    }
  }, [html]);
  return (
    <div id={id} className="html-field">
      <Suspense fallback={<div className="form-control rte-placeholder" dangerouslySetInnerHTML={{ __html: html }} />}>
        <RichTextEditor key={version} html={html} label={label} onReady={(a) => { api.current = a; }}
          onChange={() => {
            const next = api.current?.getHTML() ?? html;
            emitted.current = next;
            onChange(next);
          }} />
      </Suspense>
    </div>
  );
}

/** An image field: preview, upload (sent as base64 with the record) and removal. */
function ImageInput({ id, value, onChange, imageUrl, readOnly }: { id: string; value: unknown; onChange(v: unknown): void; imageUrl?: string; readOnly?: boolean }) {
  const { _t } = useBackoffice();
  const src = typeof value === 'string' && value ? (value.startsWith('data:') ? value : imageUrl) : undefined;
  return (
    <div className="d-flex align-items-center gap-2 flex-wrap">
      {src ? <img src={src} alt="" className="img-thumbnail image-preview" /> : <span className="text-body-secondary small">{_t('No image')}</span>}
      {readOnly ? null : (
        <>
          <input id={id} type="file" accept="image/png,image/jpeg,image/gif,image/webp" className="form-control form-control-sm w-auto mw-100" onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            const reader = new FileReader();
            reader.onload = () => onChange(String(reader.result));
            reader.readAsDataURL(file);
          }} />
          {value ? <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onChange(false)}>{_t('Remove image')}</button> : null}
        </>
      )}
    </div>
  );
}

/** The input of one field, by its type (every type fields_get describes). */
export function FieldInput(p: Props) {
  const { id, field, value, onChange, readOnly, invalid, label } = p;
  // Read-only values read as text, not as inputs that refuse typing.
  const cls = readOnly ? 'form-control-plaintext' : `form-control${invalid ? ' is-invalid' : ''}`;
  const text = value === false || value == null ? '' : String(value);
  switch (field.type) {
    case 'boolean':
      return (
        <div className="form-check form-switch">
          <input id={id} className="form-check-input" type="checkbox" role="switch" checked={Boolean(value)} disabled={readOnly} aria-label={label} onChange={(e) => onChange(e.target.checked)} />
        </div>
      );
    case 'integer':
    case 'float':
    case 'monetary':
      return <input id={id} className={cls} type="number" step={field.type === 'integer' ? 1 : 'any'} value={text} readOnly={readOnly} aria-label={label}
        onChange={(e) => onChange(e.target.value === '' ? false : Number(e.target.value))} />;
    case 'selection':
      return (
        <select id={id} className={`form-select${invalid ? ' is-invalid' : ''}`} value={text} disabled={readOnly} aria-label={label} onChange={(e) => onChange(e.target.value || false)}>
          <option value="" />
          {(field.selection ?? []).map(([k, l]) => <option key={k} value={k}>{l}</option>)}
        </select>
      );
    case 'date':
    case 'datetime':
      if (readOnly) return <input id={id} className="form-control-plaintext" readOnly value={text ? (field.type === 'date' ? p.dates.date(text) : p.dates.datetime(text)) : ''} aria-label={label} />;
      return <DateInput id={id} value={value} onChange={onChange} withTime={field.type === 'datetime'} invalid={invalid} label={label} />;
    case 'many2one':
      return <Many2oneInput id={id} model={field.relation!} value={Array.isArray(value) ? (value as [number, string]) : false} onChange={onChange} invalid={invalid} readOnly={readOnly} label={label} />;
    case 'many2many':
      return <Many2manyTags id={id} model={field.relation!} value={Array.isArray(value) ? (value as Array<[number, string]>) : []} onChange={onChange} readOnly={readOnly} label={label} />;
    case 'text':
      return <textarea id={id} className={cls} rows={3} value={text} readOnly={readOnly} aria-label={label} onChange={(e) => onChange(e.target.value)} />;
    case 'html':
      if (readOnly) return <div id={id} className="form-control-plaintext" aria-label={label}>{text.replace(/<[^>]*>/g, ' ')}</div>;
      return <HtmlInput id={id} value={value} onChange={onChange} label={label ?? field.string} />;
    case 'image':
      return <ImageInput id={id} value={value} onChange={onChange} imageUrl={p.imageUrl} readOnly={readOnly} />;
    case 'binary':
      return <input id={id} className="form-control-plaintext" readOnly value={value ? '(file)' : ''} aria-label={label} />;
    case 'json':
      return <pre id={id} className="form-control-plaintext small mb-0" aria-label={label}>{value == null || value === false ? '' : JSON.stringify(value, null, 2)}</pre>;
    default:
      return <input id={id} className={cls} type="text" value={text} readOnly={readOnly} maxLength={field.size} aria-label={label} onChange={(e) => onChange(e.target.value)} />;
  }
}
