import { useEffect, useState } from 'react';
import { defineIsland, ModalDialog, rpc, RpcError, useT } from '@platform/web/client';
import type { BlockOptionsEvent, BlockOptionsRequest } from '@modules/website';
import { type BlockSave, type EditorModel, INPUT_TYPES, type InputType, websiteFormUrls } from '../../common/form-block';

/** (Checked by the compiler against the website module's constant.) */
const BLOCK_OPTIONS_EVENT: BlockOptionsEvent = 'website:block-options';

export interface FormBlockOptionsProps {
  /** The Form block's id, as the editor names it. */
  block: string;
}

type Line = BlockSave['fields'][number];

/** The input a field type suggests (the publisher may choose another). */
function suggestedInput(type: string, name: string): InputType {
  if (name.includes('email')) return 'email';
  if (name.includes('phone')) return 'tel';
  switch (type) {
    case 'text': case 'html': return 'textarea';
    case 'boolean': return 'checkbox';
    case 'date': return 'date';
    case 'datetime': return 'datetime';
    case 'integer': case 'float': case 'monetary': return 'number';
    case 'selection': case 'many2one': return 'select';
    case 'many2many': return name.includes('attachment') ? 'file' : 'checkboxes';
    default: return 'text';
  }
}

const EMPTY: BlockSave = { key: '', name: '', model: '', fields: [], success_page: '', success_message: '', button_label: '' };

/**
 * The Form block's options in the page editor: what the form creates (a model an administrator opened
 * to forms), its fields (from that model's whitelisted ones, or custom ones that land in its text
 * field), their labels, input types, placeholders and whether they are required, and what follows a
 * submission (a page of the site or a message). Saved through `/website_form/editor/save`; the
 * placeholder then names the form by its key.
 */
function FormBlockOptions({ block }: FormBlockOptionsProps) {
  const _t = useT();
  const [request, setRequest] = useState<BlockOptionsRequest | null>(null);
  const [models, setModels] = useState<EditorModel[]>([]);
  const [form, setForm] = useState<BlockSave>(EMPTY);
  const [custom, setCustom] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const open = (e: Event) => {
      const detail = (e as CustomEvent<BlockOptionsRequest>).detail;
      if (detail?.block !== block) return;
      setError('');
      setRequest(detail);
      const key = detail.attributes['data-form-key'] ?? '';
      void (async () => {
        try {
          const list = await rpc<EditorModel[]>(websiteFormUrls.editorModels, {});
          setModels(list);
          const saved = key ? await rpc<BlockSave | null>(websiteFormUrls.editorBlock, { key }) : null;
          setForm(saved ?? { ...EMPTY, name: _t('Contact form'), model: list[0]?.model ?? '', fields: requiredLines(list[0]) });
        } catch (err) {
          setError(err instanceof RpcError ? err.message : String(err));
        }
      })();
    };
    window.addEventListener(BLOCK_OPTIONS_EVENT, open);
    return () => window.removeEventListener(BLOCK_OPTIONS_EVENT, open);
  }, [block, _t]);

  const model = models.find((m) => m.model === form.model);
  function requiredLines(m: EditorModel | undefined): Line[] {
    return (m?.fields ?? []).filter((f) => f.required).map((f) => ({ name: f.name, label: f.label, type: suggestedInput(f.type, f.name), required: true, placeholder: '', choices: '' }));
  }
  const setLine = (i: number, change: Partial<Line>) => setForm({ ...form, fields: form.fields.map((l, j) => (j === i ? { ...l, ...change } : l)) });
  const move = (i: number, by: number) => {
    const fields = [...form.fields];
    const [line] = fields.splice(i, 1);
    fields.splice(Math.max(0, Math.min(fields.length, i + by)), 0, line);
    setForm({ ...form, fields });
  };
  const addField = (name: string) => {
    const f = model?.fields.find((x) => x.name === name);
    if (!f || form.fields.some((l) => l.name === name)) return;
    setForm({ ...form, fields: [...form.fields, { name, label: f.label, type: suggestedInput(f.type, f.name), required: f.required, placeholder: '', choices: '' }] });
  };
  const addCustom = () => {
    const name = custom.trim().toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
    if (!name || form.fields.some((l) => l.name === name)) return;
    setForm({ ...form, fields: [...form.fields, { name, label: custom.trim(), type: 'text', required: false, placeholder: '', choices: '' }] });
    setCustom('');
  };
  const save = async () => {
    if (!request) return;
    setSaving(true);
    setError('');
    try {
      const { key } = await rpc<{ key: string }>(websiteFormUrls.editorSave, form as unknown as Record<string, unknown>);
      request.apply({ 'data-form-key': key });
      setRequest(null);
    } catch (err) {
      setError(err instanceof RpcError ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };
  const id = (s: string) => `wfo-${s}`;
  const unused = (model?.fields ?? []).filter((f) => !form.fields.some((l) => l.name === f.name));

  return (
    <ModalDialog open={request !== null} title={_t('Form')} onClose={() => setRequest(null)}
      footer={<button type="button" className="btn btn-primary wfo-save" disabled={saving} onClick={() => void save()}>{saving ? _t('Saving…') : _t('Save')}</button>}>
      {error ? <div className="alert alert-danger" role="alert">{error}</div> : null}
      <div className="mb-3">
        <label className="form-label" htmlFor={id('name')}>{_t('Name')}</label>
        <input id={id('name')} className="form-control" maxLength={128} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor={id('model')}>{_t('The form creates')}</label>
        <select id={id('model')} className="form-select" value={form.model}
          onChange={(e) => setForm({ ...form, model: e.target.value, fields: requiredLines(models.find((m) => m.model === e.target.value)) })}>
          {models.map((m) => <option key={m.model} value={m.model}>{m.label}</option>)}
        </select>
      </div>
      <h3 className="h6 mt-4">{_t('Fields')}</h3>
      <ol className="list-unstyled wfo-fields">
        {form.fields.map((l, i) => (
          <li key={l.name} className="border rounded p-2 mb-2" data-field={l.name}>
            <div className="row g-2 align-items-end">
              <div className="col-12 col-md-4">
                <label className="form-label small" htmlFor={id(`label-${l.name}`)}>{_t('Label')} <code>{l.name}</code></label>
                <input id={id(`label-${l.name}`)} className="form-control form-control-sm" maxLength={128} value={l.label} onChange={(e) => setLine(i, { label: e.target.value })} />
              </div>
              <div className="col-6 col-md-3">
                <label className="form-label small" htmlFor={id(`type-${l.name}`)}>{_t('Type')}</label>
                <select id={id(`type-${l.name}`)} className="form-select form-select-sm" value={l.type} onChange={(e) => setLine(i, { type: e.target.value as InputType })}>
                  {INPUT_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
                </select>
              </div>
              <div className="col-6 col-md-3">
                <label className="form-label small" htmlFor={id(`ph-${l.name}`)}>{l.type === 'hidden' ? _t('Value sent') : _t('Placeholder')}</label>
                <input id={id(`ph-${l.name}`)} className="form-control form-control-sm" maxLength={128} value={l.placeholder ?? ''} onChange={(e) => setLine(i, { placeholder: e.target.value })} />
              </div>
              <div className="col-12 col-md-2 d-flex gap-1 align-items-center flex-wrap">
                <div className="form-check">
                  <input id={id(`req-${l.name}`)} type="checkbox" className="form-check-input" checked={l.required} onChange={(e) => setLine(i, { required: e.target.checked })} />
                  <label className="form-check-label small" htmlFor={id(`req-${l.name}`)}>{_t('Required')}</label>
                </div>
              </div>
              {['select', 'radio', 'checkboxes'].includes(l.type) && !model?.fields.some((f) => f.name === l.name) ? (
                <div className="col-12">
                  <label className="form-label small" htmlFor={id(`ch-${l.name}`)}>{_t('Choices, one per line')}</label>
                  <textarea id={id(`ch-${l.name}`)} className="form-control form-control-sm" rows={3} maxLength={2000} value={l.choices ?? ''} onChange={(e) => setLine(i, { choices: e.target.value })} />
                </div>
              ) : null}
              <div className="col-12 d-flex gap-1">
                <button type="button" className="btn btn-sm btn-outline-secondary" disabled={i === 0} onClick={() => move(i, -1)}>{_t('Up')}</button>
                <button type="button" className="btn btn-sm btn-outline-secondary" disabled={i === form.fields.length - 1} onClick={() => move(i, 1)}>{_t('Down')}</button>
                <button type="button" className="btn btn-sm btn-outline-danger ms-auto" onClick={() => setForm({ ...form, fields: form.fields.filter((_, j) => j !== i) })}>{_t('Remove')}</button>
              </div>
            </div>
          </li>
        ))}
      </ol>
      <div className="row g-2 mb-3">
        <div className="col-12 col-md-6">
          <label className="form-label small" htmlFor={id('add')}>{_t('Add a field of the model')}</label>
          <select id={id('add')} className="form-select form-select-sm" value="" onChange={(e) => addField(e.target.value)}>
            <option value="">{_t('Choose…')}</option>
            {unused.map((f) => <option key={f.name} value={f.name}>{f.label}</option>)}
          </select>
        </div>
        <div className="col-12 col-md-6">
          <label className="form-label small" htmlFor={id('custom')}>{_t('Add a custom field (kept in the message)')}</label>
          <div className="input-group input-group-sm">
            <input id={id('custom')} className="form-control" maxLength={60} value={custom} onChange={(e) => setCustom(e.target.value)} />
            <button type="button" className="btn btn-outline-primary" onClick={addCustom}>{_t('Add')}</button>
          </div>
        </div>
      </div>
      <h3 className="h6 mt-4">{_t('After sending')}</h3>
      <div className="mb-2">
        <label className="form-label" htmlFor={id('page')}>{_t('Go to the page (a path of this site)')}</label>
        <input id={id('page')} className="form-control" maxLength={256} placeholder="/contactus-thank-you" value={form.success_page} onChange={(e) => setForm({ ...form, success_page: e.target.value })} />
      </div>
      <div className="mb-2">
        <label className="form-label" htmlFor={id('message')}>{_t('Or show this message')}</label>
        <textarea id={id('message')} className="form-control" rows={2} maxLength={1000} value={form.success_message} onChange={(e) => setForm({ ...form, success_message: e.target.value })} />
      </div>
      <div className="mb-2">
        <label className="form-label" htmlFor={id('button')}>{_t('Button label')}</label>
        <input id={id('button')} className="form-control" maxLength={64} placeholder={_t('Send')} value={form.button_label} onChange={(e) => setForm({ ...form, button_label: e.target.value })} />
      </div>
    </ModalDialog>
  );
}

export default defineIsland('website_form.block_options', FormBlockOptions);
