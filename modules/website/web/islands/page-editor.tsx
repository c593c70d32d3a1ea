import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { defineIsland, rpc, RpcError, useLocalizedPath, useT } from '@platform/web/client';
import { RichTextEditor, type RichTextEditorApi } from '@platform/web/client/editor';
import type { Editor } from '@tiptap/react';
import { BlockToolbar } from '../editor/block-toolbar';
import { blockSelection, type BlockAction } from '../editor/block-selection';
import { setBlockImage } from '../editor/block-commands';
import { BlockOptionsDialog, type ImageTarget, type Look } from '../editor/block-options-dialog';
import { MediaDialog } from '../editor/media-dialog';
import { HistoryDialog } from '../editor/history-dialog';
import { ThemeDialog, type ThemeState } from '../editor/theme-dialog';
import { BlockDialog, type EditorBlock } from '../editor/block-dialog';
import { dynamicBlockNode } from '../editor/dynamic-block-node';
import { BLOCK_OPTIONS_EVENT, type BlockOptionsRequest, DYNAMIC_BLOCK_ATTRIBUTE } from '../blocks/block-catalog';
import { MenuDialog, type MenuItem } from '../editor/menu-dialog';
import { NewPageDialog } from '../editor/new-page-dialog';
import { PagePropertiesDialog, type PageProperties } from '../editor/page-properties-dialog';

export interface PageEditorProps {
  page: PageProperties;
  /** The stored content in the language edited (dynamic blocks as their placeholders). */
  content: string;
  /** A designer: the properties dialog offers to delete the page. */
  canDelete: boolean;
  lang: string;
  langName: string;
  /** Editing another language than the site's default: only that language's texts change. */
  translating: boolean;
  /** The page without the editor. */
  viewUrl: string;
  blocks: EditorBlock[];
  /** Dynamic block id -> name shown on its placeholder. */
  dynamicLabels: Record<string, string>;
  menu: MenuItem[];
  /** Texts of the layout not yet translated, per other language of the site (an edit here adds to them). */
  untranslated?: Array<{ langName: string; count: number }>;
  /** Designers: the site's theme now (they also get the page's history); null for other publishers. */
  theme: ThemeState | null;
}

type DialogName = 'blocks' | 'properties' | 'new' | 'menu' | 'history' | 'theme' | 'options' | 'media' | null;

/**
 * Edit mode of a website page, for publishers: the content in the rich-text editor, the theme's blocks,
 * image upload, the page's properties, new pages and the menu order. Only this island loads the
 * editor's code, and only publishers in edit mode get it.
 */
function PageEditor(p: PageEditorProps) {
  const _t = useT();
  const local = useLocalizedPath();
  const api = useRef<RichTextEditorApi | null>(null);
  const [dialog, setDialog] = useState<DialogName>(null);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const editParam = p.translating ? 'edit_translations=1' : 'enable_editor=1';

  useEffect(() => {
    // Leaving with unsaved changes asks first (saving and discarding navigate on purpose).
    if (!dirty || saving) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, saving]);

  // Blocks: the toolbar of the block holding the selection, its options and the media library.
  const [editor, setEditor] = useState<Editor | null>(null);
  const [toolbarFocus, setToolbarFocus] = useState(0);
  const [announce, setAnnounce] = useState<{ action: BlockAction; ok: boolean; at: number } | null>(null);
  const [mediaFor, setMediaFor] = useState<'content' | ImageTarget>('content');
  const [optionsDraft, setOptionsDraft] = useState<Look | null>(null);
  const [picked, setPicked] = useState<{ target: ImageTarget; src: string } | null>(null);
  const onBlockKey = useCallback((action: BlockAction, ok: boolean) => {
    if (action === 'toolbar') setToolbarFocus((n) => n + 1);
    else setAnnounce({ action, ok, at: Date.now() });
  }, []);
  const openOptions = () => {
    setOptionsDraft(null);
    setPicked(null);
    setDialog('options');
  };
  const chooseImage = useCallback(() => {
    setMediaFor('content');
    setDialog('media');
  }, []);
  const onPickImage = (src: string, alt: string) => {
    if (mediaFor === 'content') {
      api.current?.insertImage(src, alt);
      setDialog(null);
    } else {
      if (mediaFor === 'picture' && editor) setBlockImage(editor, src, alt);
      // Back to the block's options, with what was chosen there kept.
      setPicked(mediaFor === 'background' ? { target: 'background', src } : null);
      setDialog('options');
    }
    setDirty(true);
  };

  const configurable = useMemo(() => new Set(p.blocks.filter((b) => b.configurable).map((b) => b.id)), [p.blocks]);
  const extensions = useMemo(() => [dynamicBlockNode(p.dynamicLabels, (name) => _t('%s (filled in when the page is shown)').replace('%s', name), configurable, _t('Options')), blockSelection(onBlockKey)], [p.dynamicLabels, _t, configurable, onBlockKey]);
  const onReady = useCallback((ready: RichTextEditorApi) => { api.current = ready; setEditor(ready.editor); }, []);
  const onChange = useCallback(() => setDirty(true), []);

  const save = async () => {
    if (!api.current) return;
    setSaving(true);
    setError('');
    try {
      await rpc('/website/page/save', { id: p.page.id, lang: p.lang, content: api.current.getHTML() });
      setDirty(false);
      setStatus(_t('Saved.'));
      await new Promise((resolve) => setTimeout(resolve, 0));
      window.location.assign(p.viewUrl);
    } catch (err) {
      setError(err instanceof RpcError ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };
  const discard = () => {
    if (dirty && !window.confirm(_t('Discard your changes?'))) return;
    setDirty(false);
    setTimeout(() => window.location.assign(p.viewUrl), 0);
  };
  const goEdit = (url: string) => window.location.assign(`${local(url)}?${editParam}`);

  return (
    <div className="page-editor">
      <div className="editor-bar navbar bg-body-tertiary border rounded px-2 py-1 mb-3" role="region" aria-label={_t('Page editor')}>
        <span className="editor-mode badge text-bg-primary">
          {p.translating ? _t('Translating: %s').replace('%s', p.langName) : _t('Editing')}
        </span>
        <div className="d-flex flex-wrap gap-1 ms-auto">
          <button type="button" className="btn btn-sm btn-outline-dark" onClick={() => setDialog('blocks')}>{_t('Insert a block')}</button>
          <button type="button" className="btn btn-sm btn-outline-dark" onClick={() => setDialog('properties')}>{_t('Properties')}</button>
          <button type="button" className="btn btn-sm btn-outline-dark" onClick={() => setDialog('new')}>{_t('New page')}</button>
          <button type="button" className="btn btn-sm btn-outline-dark" onClick={() => setDialog('menu')}>{_t('Menu')}</button>
          {p.theme ? <button type="button" className="btn btn-sm btn-outline-dark btn-history" onClick={() => setDialog('history')}>{_t('History')}</button> : null}
          {p.theme ? <button type="button" className="btn btn-sm btn-outline-dark btn-theme" onClick={() => setDialog('theme')}>{_t('Theme')}</button> : null}
          <button type="button" className="btn btn-sm btn-outline-dark btn-discard" onClick={discard}>{_t('Discard')}</button>
          <button type="button" className="btn btn-sm btn-primary btn-save" onClick={() => void save()} disabled={saving}>{saving ? _t('Saving…') : _t('Save')}</button>
        </div>
      </div>
      {p.untranslated?.length ? (
        <p className="alert alert-warning py-2 untranslated-note">
          {_t('Texts you add or change show in this language on the other languages\' pages until they are translated. To translate: %s.').replace('%s', p.untranslated.map((u) => `${u.langName} (${u.count})`).join(', '))}
        </p>
      ) : null}
      {p.translating ? <p className="alert alert-info py-2">{_t('You are editing the %s version: the other languages keep their texts.').replace('%s', p.langName)}</p> : null}
      {error ? <div className="alert alert-danger" role="alert">{error}</div> : null}
      <p className="visually-hidden" role="status">{status}</p>
      {p.page.url === '/' ? null : <h1>{p.page.name}</h1>}
      <RichTextEditor html={p.content} label={_t('Page content')} extensions={extensions} onReady={onReady} onChange={onChange} chooseImage={chooseImage}
        toolbarEnd={editor ? <BlockToolbar editor={editor} blocks={p.blocks} onOptions={openOptions} focusRequest={toolbarFocus} announce={announce} /> : null} />
      {dialog === 'options' && editor ? (
        <BlockOptionsDialog editor={editor} initial={optionsDraft} picked={picked} onClose={() => { setDialog(null); editor.commands.focus(); }}
          onChooseImage={(target, keep) => { setOptionsDraft(keep); setMediaFor(target); setDialog('media'); }} />
      ) : null}
      {dialog === 'media' ? <MediaDialog pageId={p.page.id} onPick={onPickImage} onClose={() => setDialog(mediaFor === 'content' ? null : 'options')} /> : null}
      {dialog === 'history' ? <HistoryDialog pageId={p.page.id} dirty={dirty} onRestored={() => { setDirty(false); setTimeout(() => window.location.reload(), 0); }} onClose={() => setDialog(null)} /> : null}
      {dialog === 'theme' && p.theme ? <ThemeDialog theme={p.theme} onSaved={() => window.location.reload()} onClose={() => setDialog(null)} /> : null}
      <BlockDialog open={dialog === 'blocks'} blocks={p.blocks} onClose={() => setDialog(null)}
        onPick={(b) => {
          setDialog(null);
          if (!b.configurable) {
            api.current?.insertHTML(b.html);
            setDirty(true);
            return;
          }
          // Its module's island asks for the options first; the block is inserted once they are set.
          const detail: BlockOptionsRequest = {
            block: b.id, attributes: { [DYNAMIC_BLOCK_ATTRIBUTE]: b.id },
            apply: (attributes) => {
              const all = { ...attributes, [DYNAMIC_BLOCK_ATTRIBUTE]: b.id };
              const escape = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
              api.current?.insertHTML(`<section ${Object.entries(all).filter(([k]) => /^data-[a-z0-9-]+$/.test(k)).map(([k, v]) => `${k}="${escape(v)}"`).join(' ')}></section>`);
              setDirty(true);
            },
          };
          window.dispatchEvent(new CustomEvent(BLOCK_OPTIONS_EVENT, { detail }));
        }} />
      {dialog === 'properties' ? (
        <PagePropertiesDialog open page={p.page} lang={p.lang} canDelete={p.canDelete} onDeleted={() => window.location.assign(local('/'))} onClose={() => setDialog(null)} onSaved={(url) => goEdit(url)} />
      ) : null}
      {dialog === 'new' ? <NewPageDialog open lang={p.lang} onClose={() => setDialog(null)} onCreated={(url) => goEdit(url)} /> : null}
      {dialog === 'menu' ? <MenuDialog open items={p.menu} lang={p.lang} onClose={() => setDialog(null)} onSaved={() => window.location.reload()} /> : null}
    </div>
  );
}

export default defineIsland('website.page_editor', PageEditor);
