import { useEffect, useId, useState, type DragEvent } from 'react';
import { useFormik, yupToFormErrors } from 'formik';
import { ModalDialog, rpc, RpcError, useT } from '@platform/web/client';
import { menuLinkSchema, type MenuLinkValues } from '../../common/menu-schemas';
import { dropItem, menuTree, moveItem, type EditorMenuItem } from './menu-items';

/** Kept for the page editor's props (the dialog reads the whole menu itself when it opens). */
export interface MenuItem {
  id: number;
  name: string;
}

/**
 * The site's whole menu: Home, pages, the modules' pages and links. Each entry can be renamed, hidden,
 * moved with the arrow buttons (keyboard, screen readers) or dragged (mouse), and put under the entry
 * above it (one level of sub-menus); links to a path or an http(s) address can be added and removed.
 * Saved at once; the page reloads to show it.
 */
export function MenuDialog({ open, lang, onClose, onSaved }: { open: boolean; items?: MenuItem[]; lang?: string; onClose: () => void; onSaved: () => void }) {
  const _t = useT();
  const id = useId();
  const editLang = lang ?? document.documentElement.lang.replace('-', '_');
  const [items, setItems] = useState<EditorMenuItem[] | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const [added, setAdded] = useState(0);

  useEffect(() => {
    rpc<EditorMenuItem[]>('/website/menu/list', { lang: editLang }).then(setItems, (err) => setError(err instanceof RpcError ? err.message : String(err)));
  }, [editLang]);

  const say = (text: string, item: EditorMenuItem) => setStatus(text.replace('%s', item.name));
  const update = (index: number, change: Partial<EditorMenuItem>) => setItems((old) => old!.map((m, i) => (i === index ? { ...m, ...change } : m)));
  const move = (index: number, by: -1 | 1) => {
    const next = moveItem(items!, index, by);
    if (!next) return;
    setItems(next);
    say(by < 0 ? _t('%s moved up.') : _t('%s moved down.'), items![index]);
  };
  const nest = (index: number, depth: 0 | 1) => {
    update(index, { depth });
    say(depth ? _t('%s is now in the sub-menu of the entry above.') : _t('%s is now a main entry.'), items![index]);
  };
  const remove = (index: number) => {
    const item = items![index];
    // Its sub-entries become main entries rather than going with it.
    setItems(items!.flatMap((m, i) => (i === index ? [] : i > index && m.depth === 1 && !items!.slice(index + 1, i).some((x) => x.depth === 0) ? [{ ...m, depth: 0 as const }] : [m])));
    say(_t('%s removed from the menu.'), item);
  };

  const link = useFormik<MenuLinkValues>({
    initialValues: { name: '', url: '' },
    validate: (values) => menuLinkSchema.validate(values, { abortEarly: false }).then(() => ({}), yupToFormErrors),
    onSubmit: (values, helpers) => {
      const item: EditorMenuItem = { key: `n${added}`, name: values.name.trim(), url: values.url.trim(), depth: 0, visible: true, kind: 'link' };
      setAdded(added + 1);
      setItems([...(items ?? []), item]);
      say(_t('%s added at the end of the menu.'), item);
      helpers.resetForm();
    },
  });
  const fieldError = (field: keyof MenuLinkValues) => (link.touched[field] && link.errors[field] ? _t(link.errors[field]!) : undefined);

  const save = async () => {
    setError('');
    setBusy(true);
    try {
      await rpc('/website/menu/save', { lang: editLang, entries: menuTree(items!) });
      onSaved();
    } catch (err) {
      setError(err instanceof RpcError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const onDrop = (e: DragEvent, to: number) => {
    e.preventDefault();
    if (dragged === null) return;
    const item = items![dragged];
    setItems(dropItem(items!, dragged, to));
    setDragged(null);
    say(_t('%s moved.'), item);
  };

  return (
    <ModalDialog open={open} title={_t('Menu')} onClose={onClose}
      footer={<button type="button" className="btn btn-primary" onClick={() => void save()} disabled={!items || busy}>{_t('Save the menu')}</button>}>
      {error ? <div className="alert alert-danger" role="alert">{error}</div> : null}
      {!items ? <p>{_t('Loading…')}</p> : (
        <>
          <p className="form-text mt-0">{_t('Drag an entry, or use its arrows. → puts it in the sub-menu of the entry above.')}</p>
          <ol className="list-unstyled menu-editor" onDragOver={(e) => e.preventDefault()}>
            {items.map((m, i) => (
              <li key={m.key} className={`menu-editor-item depth-${m.depth}${dragged === i ? ' dragging' : ''}${m.visible ? '' : ' is-hidden'}`}
                draggable onDragStart={() => setDragged(i)} onDragEnd={() => setDragged(null)} onDrop={(e) => onDrop(e, i)} data-key={m.key}>
                <span className="drag-handle" aria-hidden="true">⠿</span>
                <input className="form-control form-control-sm menu-name" value={m.name} maxLength={128} aria-label={_t('Name of the entry %s').replace('%s', m.url || m.name)}
                  onChange={(e) => update(i, { name: e.target.value })} />
                <span className="menu-url text-body-secondary small text-truncate" title={m.url}>{m.url}</span>
                <div className="form-check form-switch mb-0" title={_t('Shown in the menu')}>
                  <input className="form-check-input" type="checkbox" role="switch" id={`${id}-v${i}`} checked={m.visible} onChange={(e) => update(i, { visible: e.target.checked })} />
                  <label className="form-check-label visually-hidden" htmlFor={`${id}-v${i}`}>{_t('Show %s').replace('%s', m.name)}</label>
                </div>
                <div className="btn-group btn-group-sm" role="group" aria-label={_t('Move %s').replace('%s', m.name)}>
                  <button type="button" className="btn btn-outline-secondary" onClick={() => move(i, -1)} disabled={i === 0 || (m.depth === 1 && i === 1)} aria-label={_t('Move %s up').replace('%s', m.name)}>↑</button>
                  <button type="button" className="btn btn-outline-secondary" onClick={() => move(i, 1)} disabled={i === items.length - 1} aria-label={_t('Move %s down').replace('%s', m.name)}>↓</button>
                  {m.depth === 0
                    ? <button type="button" className="btn btn-outline-secondary" onClick={() => nest(i, 1)} disabled={i === 0} aria-label={_t('Put %s in the sub-menu of the entry above').replace('%s', m.name)}>→</button>
                    : <button type="button" className="btn btn-outline-secondary" onClick={() => nest(i, 0)} aria-label={_t('Make %s a main entry').replace('%s', m.name)}>←</button>}
                  {m.kind !== 'module'
                    ? <button type="button" className="btn btn-outline-danger" onClick={() => remove(i)} aria-label={_t('Remove %s from the menu').replace('%s', m.name)}>✕</button>
                    : null}
                </div>
              </li>
            ))}
          </ol>
          <form className="menu-add-link border-top pt-3" onSubmit={link.handleSubmit} noValidate>
            <h3 className="h6">{_t('Add a link')}</h3>
            <div className="row g-2 align-items-start">
              <div className="col-12 col-sm-5">
                <label className="form-label small mb-1" htmlFor={`${id}-link-name`}>{_t('Name')}</label>
                <input id={`${id}-link-name`} name="name" className={`form-control form-control-sm${fieldError('name') ? ' is-invalid' : ''}`} maxLength={128}
                  value={link.values.name} onChange={link.handleChange} onBlur={link.handleBlur} aria-invalid={fieldError('name') ? true : undefined} aria-describedby={fieldError('name') ? `${id}-link-name-error` : undefined} />
                {fieldError('name') ? <div id={`${id}-link-name-error`} className="invalid-feedback">{fieldError('name')}</div> : null}
              </div>
              <div className="col-12 col-sm-5">
                <label className="form-label small mb-1" htmlFor={`${id}-link-url`}>{_t('Address')}</label>
                <input id={`${id}-link-url`} name="url" className={`form-control form-control-sm${fieldError('url') ? ' is-invalid' : ''}`} maxLength={256} placeholder="https://… or /contact"
                  value={link.values.url} onChange={link.handleChange} onBlur={link.handleBlur} aria-invalid={fieldError('url') ? true : undefined} aria-describedby={fieldError('url') ? `${id}-link-url-error` : undefined} />
                {fieldError('url') ? <div id={`${id}-link-url-error`} className="invalid-feedback">{fieldError('url')}</div> : null}
              </div>
              <div className="col-12 col-sm-2 d-grid align-self-end">
                <button type="submit" className="btn btn-sm btn-outline-primary">{_t('Add')}</button>
              </div>
            </div>
          </form>
        </>
      )}
      <p className="visually-hidden" role="status">{status}</p>
    </ModalDialog>
  );
}
