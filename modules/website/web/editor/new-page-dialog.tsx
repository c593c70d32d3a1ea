import { useId, useState, type FormEvent } from 'react';
import { ModalDialog, rpc, RpcError, useT } from '@platform/web/client';
import { FormField } from './form-field';
import { slugify } from './slugify';

/** A new page: its title proposes the URL (the server makes it unique); it opens in edit mode. */
export function NewPageDialog({ open, lang, onClose, onCreated }: { open: boolean; lang: string; onClose: () => void; onCreated: (url: string) => void }) {
  const _t = useT();
  const id = useId();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [urlEdited, setUrlEdited] = useState(false);
  const [inMenu, setInMenu] = useState(true);
  const [errors, setErrors] = useState<{ name?: string; url?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const proposed = urlEdited ? url : (slugify(name) ? `/${slugify(name)}` : '');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    if (!name.trim()) found.name = _t('Give the page a title.');
    if (urlEdited && !url.startsWith('/')) found.url = _t("A page URL starts with '/', e.g. /about-us.");
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const created = await rpc<{ url: string }>('/website/page/create', { name: name.trim(), lang, in_menu: inMenu, ...(urlEdited ? { url: url.trim() } : {}) });
      onCreated(created.url);
    } catch (err) {
      const message = err instanceof RpcError ? err.message : String(err);
      setErrors(/URL/.test(message) ? { url: message } : { form: message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog open={open} title={_t('New page')} onClose={onClose}
      footer={<button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={busy}>{_t('Create the page')}</button>}>
      <form id={`${id}-form`} onSubmit={submit} noValidate className="new-page">
        {errors.form ? <div className="alert alert-danger" role="alert">{errors.form}</div> : null}
        <FormField id={`${id}-name`} label={_t('Title')} error={errors.name}>
          {(a) => <input {...a} name="name" value={name} maxLength={256} required onChange={(e) => setName(e.target.value)} />}
        </FormField>
        <FormField id={`${id}-url`} label={_t('URL')} error={errors.url} help={_t('Proposed from the title; another number is added if it is taken.')}>
          {(a) => <input {...a} name="url" value={proposed} maxLength={256} onChange={(e) => { setUrl(e.target.value); setUrlEdited(true); }} />}
        </FormField>
        <div className="form-check">
          <input className="form-check-input" type="checkbox" id={`${id}-menu`} checked={inMenu} onChange={(e) => setInMenu(e.target.checked)} />
          <label className="form-check-label" htmlFor={`${id}-menu`}>{_t('Show in the menu')}</label>
        </div>
      </form>
    </ModalDialog>
  );
}
