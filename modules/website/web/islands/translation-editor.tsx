import { useEffect, useMemo, useState } from 'react';
import { defineIsland, rpc, RpcError, useT } from '@platform/web/client';

export interface TranslationEditorTerm {
  /** The term in the main language (sanitised HTML of the layout: a sentence, a button's label, an alt text). */
  source: string;
  /** Its translation, '' while there is none. */
  value: string;
}

export interface TranslationEditorProps {
  page: { id: number; name: string; url: string };
  lang: string;
  langName: string;
  mainLangName: string;
  /** The page without the editor. */
  viewUrl: string;
  terms: TranslationEditorTerm[];
}

/**
 * The translation editor of a page in another language than the site's main one: the page's layout is
 * one, so what is translated is each of its texts (terms). Each term shows its source and takes its
 * translation; untranslated terms are counted (the badge) and can be listed alone. A term left empty
 * shows in the main language on the page.
 */
function TranslationEditor(p: TranslationEditorProps) {
  const _t = useT();
  const [values, setValues] = useState(() => p.terms.map((term) => term.value));
  const [onlyTodo, setOnlyTodo] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const todo = useMemo(() => values.filter((v) => !v.trim()).length, [values]);

  useEffect(() => {
    if (!dirty || saving) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, saving]);

  const save = async () => {
    setSaving(true);
    setError('');
    try {
      const translations = p.terms.map((term, i) => ({ source: term.source, value: values[i] })).filter((t, i) => t.value !== p.terms[i].value);
      await rpc('/website/page/translate', { id: p.page.id, lang: p.lang, translations });
      setDirty(false);
      setStatus(_t('Saved.'));
      await new Promise((resolve) => setTimeout(resolve, 0));
      window.location.assign(p.viewUrl);
    } catch (err) {
      setError(err instanceof RpcError ? err.message : String(err));
      setSaving(false);
    }
  };
  const discard = () => {
    if (dirty && !window.confirm(_t('Discard your changes?'))) return;
    setDirty(false);
    setTimeout(() => window.location.assign(p.viewUrl), 0);
  };

  return (
    <div className="page-editor translation-editor">
      <div className="editor-bar navbar bg-body-tertiary border rounded px-2 py-1 mb-3" role="region" aria-label={_t('Translation editor')}>
        <span className="editor-mode badge text-bg-primary">{_t('Translating: %s').replace('%s', p.langName)}</span>
        <span className={`badge untranslated-count ${todo ? 'text-bg-warning' : 'text-bg-success'}`} role="status">
          {todo ? _t('%s to translate').replace('%s', String(todo)) : _t('All translated')}
        </span>
        <div className="d-flex flex-wrap gap-1 ms-auto">
          <button type="button" className="btn btn-sm btn-outline-dark btn-discard" onClick={discard}>{_t('Discard')}</button>
          <button type="button" className="btn btn-sm btn-primary btn-save" onClick={() => void save()} disabled={saving}>{saving ? _t('Saving…') : _t('Save')}</button>
        </div>
      </div>
      <p className="alert alert-info py-2">
        {_t('The layout of this page is the same in every language: here you translate its texts into %s. A text left empty shows in %s.').replace('%s', p.langName).replace('%s', p.mainLangName)}
      </p>
      {error ? <div className="alert alert-danger" role="alert">{error}</div> : null}
      <p className="visually-hidden" role="status">{status}</p>
      <h1 className="h3">{p.page.name}</h1>
      {p.terms.length ? (
        <div className="form-check form-switch mb-3">
          <input className="form-check-input" type="checkbox" role="switch" id="translation-only-todo" checked={onlyTodo} onChange={(e) => setOnlyTodo(e.target.checked)} />
          <label className="form-check-label" htmlFor="translation-only-todo">{_t('Show only the texts to translate')}</label>
        </div>
      ) : <p>{_t('This page has no text to translate.')}</p>}
      <ol className="list-unstyled translation-terms">
        {p.terms.map((term, i) => {
          const empty = !values[i].trim();
          if (onlyTodo && !empty && p.terms[i].value) return null;
          const id = `translation-term-${i}`;
          return (
            <li key={term.source} className={`card mb-2 translation-term${empty ? ' is-untranslated' : ''}`}>
              <div className="card-body py-2">
                <div className="d-flex justify-content-between align-items-start gap-2">
                  <span className="small text-body-secondary mb-1">{p.mainLangName}</span>
                  {empty ? <span className="badge text-bg-warning">{_t('To translate')}</span> : null}
                </div>
                {/* The source is the layout's own sanitised HTML: its inline markup (bold, links) shows as on the page. */}
                <div className="translation-source mb-2" id={`${id}-source`} dangerouslySetInnerHTML={{ __html: term.source }} />
                <textarea
                  id={id} className="form-control" rows={Math.min(6, Math.max(1, Math.ceil(term.source.length / 70)))} lang={p.lang.replace('_', '-')}
                  aria-describedby={`${id}-source`} aria-label={_t('Translation into %s').replace('%s', p.langName)}
                  value={values[i]} placeholder={_t('Translation into %s').replace('%s', p.langName)}
                  onChange={(e) => {
                    const next = [...values];
                    next[i] = e.target.value;
                    setValues(next);
                    setDirty(true);
                  }}
                />
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

export default defineIsland('website.translation_editor', TranslationEditor);
