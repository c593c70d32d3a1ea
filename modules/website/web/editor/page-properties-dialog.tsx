import { useId, useState, type FormEvent } from 'react';
import { ModalDialog, rpc, RpcError, useT } from '@platform/web/client';
import { FormField } from './form-field';

export interface PageProperties {
  id: number;
  name: string;
  url: string;
  published: boolean;
  seoTitle: string;
  seoDescription: string;
  inMenu: boolean;
}

/**
 * Title, URL, SEO title and description, menu entry and publication of the page. Texts are written in
 * the language being edited; the URL, menu entry and publication are the same in every language.
 */
export function PagePropertiesDialog({ open, page, lang, canDelete, onClose, onSaved, onDeleted }: {
  open: boolean; page: PageProperties; lang: string; canDelete: boolean; onClose: () => void; onSaved: (url: string) => void; onDeleted: () => void;
}) {
  const _t = useT();
  const id = useId();
  const [values, setValues] = useState(page);
  const [errors, setErrors] = useState<{ name?: string; url?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  // A changed URL leaves a 301 at the old one unless the owner unticks it.
  const [redirectOld, setRedirectOld] = useState(true);
  const moved = values.url.trim() !== page.url && page.url !== '/';
  const home = page.url === '/';
  const set = <K extends keyof PageProperties>(k: K, v: PageProperties[K]) => setValues((old) => ({ ...old, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    if (!values.name.trim()) found.name = _t('Give the page a title.');
    if (!values.url.startsWith('/')) found.url = _t("A page URL starts with '/', e.g. /about-us.");
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const result = await rpc<{ url: string }>('/website/page/properties', {
        id: values.id, lang, name: values.name.trim(), url: values.url.trim(), seo_title: values.seoTitle, seo_description: values.seoDescription,
        in_menu: values.inMenu, published: values.published, redirect_old: moved && redirectOld,
      });
      onSaved(result.url);
    } catch (err) {
      const message = err instanceof RpcError ? err.message : String(err);
      setErrors(/URL/.test(message) ? { url: message } : { form: message });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!window.confirm(_t('Delete this page for good? Its menu entry goes too.'))) return;
    setBusy(true);
    try {
      await rpc('/website/page/delete', { id: values.id });
      onDeleted();
    } catch (err) {
      setErrors({ form: err instanceof RpcError ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog open={open} title={_t('Page properties')} onClose={onClose}
      footer={(
        <>
          {canDelete ? <button type="button" className="btn btn-outline-danger me-auto btn-delete-page" onClick={() => void remove()} disabled={busy}>{_t('Delete the page')}</button> : null}
          <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={busy}>{_t('Save properties')}</button>
        </>
      )}>
      <form id={`${id}-form`} onSubmit={submit} noValidate className="page-properties">
        {errors.form ? <div className="alert alert-danger" role="alert">{errors.form}</div> : null}
        <FormField id={`${id}-name`} label={_t('Title')} error={errors.name}>
          {(a) => <input {...a} name="name" value={values.name} maxLength={256} required onChange={(e) => set('name', e.target.value)} />}
        </FormField>
        <FormField id={`${id}-url`} label={_t('URL')} error={errors.url} help={_t('Starts with /, e.g. /about-us. The same in every language.')}>
          {(a) => <input {...a} name="url" value={values.url} maxLength={256} required onChange={(e) => set('url', e.target.value)} />}
        </FormField>
        {moved ? (
          <div className="form-check mb-3 redirect-old">
            <input className="form-check-input" type="checkbox" id={`${id}-redirect`} checked={redirectOld} onChange={(e) => setRedirectOld(e.target.checked)}
              aria-describedby={`${id}-redirect-help`} />
            <label className="form-check-label" htmlFor={`${id}-redirect`}>{_t('Redirect the old URL %s to the new one (301)').replace('%s', page.url)}</label>
            <div id={`${id}-redirect-help`} className="form-text">{_t('Links and search engines that know the old URL keep working. Redirects are listed in the back office (Website, Redirects).')}</div>
          </div>
        ) : null}
        <FormField id={`${id}-seo-title`} label={_t('SEO title')} help={_t('Shown in the browser tab and by search engines (the title when empty).')}>
          {(a) => <input {...a} name="seo_title" value={values.seoTitle} maxLength={256} onChange={(e) => set('seoTitle', e.target.value)} />}
        </FormField>
        <FormField id={`${id}-seo-description`} label={_t('SEO description')}>
          {(a) => <textarea {...a} name="seo_description" rows={3} value={values.seoDescription} maxLength={1000} onChange={(e) => set('seoDescription', e.target.value)} />}
        </FormField>
        <div className="form-check mb-2">
          <input className="form-check-input" type="checkbox" id={`${id}-menu`} checked={values.inMenu} onChange={(e) => set('inMenu', e.target.checked)} />
          <label className="form-check-label" htmlFor={`${id}-menu`}>{_t('Show in the menu')}</label>
        </div>
        <div className="form-check">
          {/* The home page stays published (the server refuses otherwise): said here rather than after a refusal. */}
          <input className="form-check-input" type="checkbox" id={`${id}-published`} checked={values.published} disabled={home && page.published}
            aria-describedby={home ? `${id}-published-help` : undefined} onChange={(e) => set('published', e.target.checked)} />
          <label className="form-check-label" htmlFor={`${id}-published`}>{_t('Published (visible to everybody)')}</label>
          {home ? <div id={`${id}-published-help`} className="form-text">{_t('The home page is always published.')}</div> : null}
        </div>
      </form>
    </ModalDialog>
  );
}
