import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { EditorContent, useEditor, type Editor, type Extensions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { useT } from '../web-context';
import { ClassAttributes, StructureContainer, StyledSpan } from './html-structure';

/** What a host (the page editor, later the forum) does with the editor once it is ready. */
export interface RichTextEditorApi {
  getHTML(): string;
  /** Inserts HTML at the cursor (e.g. a theme block), as a block of its own. */
  insertHTML(html: string): void;
  focus(): void;
  /** Inserts a picture at the cursor (e.g. one picked from a media library). */
  insertImage(src: string, alt: string): void;
  /** The tiptap editor itself, for hosts that act on its document (the website's block toolbar). */
  editor: Editor;
}

export interface RichTextEditorProps {
  /** The HTML to edit (the server sanitises what is saved). */
  html: string;
  /** Accessible name of the editable area. */
  label: string;
  /** Extra nodes and marks (e.g. the website's dynamic block placeholders). */
  extensions?: Extensions;
  onReady?: (api: RichTextEditorApi) => void;
  onChange?: () => void;
  /** Stores a picked image and answers its URL; without it, no image button. */
  uploadImage?: (file: File) => Promise<{ src: string; alt: string }>;
  /** When given, the image button calls it instead of opening the file picker (a host's media library). */
  chooseImage?: () => void;
  /** Buttons the host adds at the end of the toolbar. */
  toolbarEnd?: ReactNode;
  /** Links (button and pasted links); on by default. The forum turns them off under its editor karma. */
  links?: boolean;
  /** A short text under the toolbar (e.g. why a tool is missing). */
  toolbarNote?: ReactNode;
}

/** Links may go to this site's paths or to http(s), mail and phone addresses only. */
const LINK_TARGET = /^(\/(?!\/)|#|https?:\/\/|mailto:|tel:)/i;

/**
 * A rich-text editor (tiptap) with a toolbar: text styles, headings, lists, links, images and undo.
 * It keeps the structure and classes of the HTML it is given (theme blocks), so what was not edited
 * comes back as it was. Rendered on the server as the plain HTML (the editor starts in the browser).
 */
export function RichTextEditor({ html, label, extensions = [], onReady, onChange, uploadImage, chooseImage, toolbarEnd, links = true, toolbarNote }: RichTextEditorProps) {
  const _t = useT();
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({ link: links ? { openOnClick: false, HTMLAttributes: { target: null, rel: null } } : false }),
      Image.configure({ inline: false, allowBase64: false }),
      StructureContainer, ClassAttributes, StyledSpan, ...extensions,
    ],
    content: html,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', class: 'rte-content page-content' } },
    onUpdate: () => onChange?.(),
  });

  useEffect(() => {
    if (!editor || !onReady) return;
    onReady({
      getHTML: () => editor.getHTML(),
      insertHTML: (block) => editor.chain().focus().insertContent(block).run(),
      focus: () => editor.commands.focus(),
      // `img-fluid`: the picture never gets wider than its column (phones included).
      insertImage: (src, alt) => void editor.chain().focus().setImage({ src, alt, class: 'img-fluid' } as { src: string; alt: string }).run(),
      editor,
    });
  }, [editor, onReady]);

  return (
    <div className="rich-text-editor">
      <div className="rte-toolbar btn-toolbar gap-1" role="toolbar" aria-label={_t('Text formatting')}>
        {editor ? <Toolbar editor={editor} uploadImage={uploadImage} chooseImage={chooseImage} links={links} /> : null}
        {toolbarEnd}
      </div>
      {toolbarNote}
      {editor ? <EditorContent editor={editor} /> : <div className="rte-content page-content" dangerouslySetInnerHTML={{ __html: html }} />}
    </div>
  );
}

function Toolbar({ editor, uploadImage, chooseImage, links }: { editor: Editor; uploadImage?: RichTextEditorProps['uploadImage']; chooseImage?: () => void; links: boolean }) {
  const _t = useT();
  const [, rerender] = useState(0);
  const [linkOpen, setLinkOpen] = useState(false);
  const [error, setError] = useState('');
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // The pressed states follow the selection.
    const update = () => rerender((n) => n + 1);
    editor.on('transaction', update);
    return () => void editor.off('transaction', update);
  }, [editor]);

  const button = (name: string, active: boolean, run: () => void, text: ReactNode) => (
    <button type="button" className={`btn btn-sm ${active ? 'btn-secondary' : 'btn-outline-secondary'}`} aria-pressed={active} title={name}
      // A press with the mouse leaves the focus (and the selection) in the text, so what is typed right
      // after clicking Bold lands there; from the keyboard the command gives the focus back itself.
      onMouseDown={(e) => e.preventDefault()} onClick={run}>
      {/* The name is read, the symbol is seen (an aria-label differing from the visible text confuses voice control). */}
      <span aria-hidden="true">{text}</span><span className="visually-hidden">{name}</span>
    </button>
  );
  const chain = () => editor.chain().focus();

  const pickImage = async (file: File | undefined) => {
    if (!file || !uploadImage) return;
    setError('');
    setUploading(true);
    try {
      const { src, alt } = await uploadImage(file);
      // `img-fluid`: the picture never gets wider than its column (phones included).
      chain().setImage({ src, alt, class: 'img-fluid' } as { src: string; alt: string }).run();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <>
      <div className="btn-group" role="group" aria-label={_t('Text style')}>
        {button(_t('Bold'), editor.isActive('bold'), () => chain().toggleBold().run(), <b>B</b>)}
        {button(_t('Italic'), editor.isActive('italic'), () => chain().toggleItalic().run(), <i>I</i>)}
      </div>
      <div className="btn-group" role="group" aria-label={_t('Paragraph style')}>
        {button(_t('Heading'), editor.isActive('heading', { level: 2 }), () => chain().toggleHeading({ level: 2 }).run(), 'H2')}
        {button(_t('Subheading'), editor.isActive('heading', { level: 3 }), () => chain().toggleHeading({ level: 3 }).run(), 'H3')}
        {button(_t('Paragraph'), editor.isActive('paragraph'), () => chain().setParagraph().run(), '¶')}
        {button(_t('Bulleted list'), editor.isActive('bulletList'), () => chain().toggleBulletList().run(), '•')}
        {button(_t('Numbered list'), editor.isActive('orderedList'), () => chain().toggleOrderedList().run(), '1.')}
      </div>
      {links || uploadImage || chooseImage ? (
        <div className="btn-group" role="group" aria-label={_t('Insert')}>
          {links ? button(_t('Link'), editor.isActive('link') || linkOpen, () => setLinkOpen(!linkOpen), _t('Link')) : null}
          {chooseImage ? (
            <button type="button" className="btn btn-sm btn-outline-secondary rte-image" onClick={chooseImage}>{_t('Image')}</button>
          ) : uploadImage ? (
            <>
              <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => fileInput.current?.click()} disabled={uploading}>
                {uploading ? _t('Uploading…') : _t('Image')}
              </button>
              <input ref={fileInput} type="file" className="visually-hidden" tabIndex={-1} aria-label={_t('Image file')}
                accept="image/png,image/jpeg,image/gif,image/webp" onChange={(e) => void pickImage(e.target.files?.[0])} />
            </>
          ) : null}
        </div>
      ) : null}
      <div className="btn-group" role="group" aria-label={_t('History')}>
        {button(_t('Undo'), false, () => chain().undo().run(), '↶')}
        {button(_t('Redo'), false, () => chain().redo().run(), '↷')}
      </div>
      {linkOpen ? <LinkForm editor={editor} onDone={() => setLinkOpen(false)} /> : null}
      {editor.isActive('image') ? <ImageDescription editor={editor} /> : null}
      {error ? <div className="alert alert-danger py-1 px-2 mb-0 w-100" role="alert">{error}</div> : null}
    </>
  );
}

/**
 * Enter in a tool's field applies it. The tools are never <form>s: the editor often sits inside a
 * form (the back office's record form, the forum's post form), and a nested form's submit event stops
 * at the outer form in Chromium, so no handler runs and the browser submits the inner form natively
 * (a GET that reloads the page and loses everything typed). Enter must not reach the outer form either.
 */
function onEnter(apply: () => void) {
  return (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    e.preventDefault();
    apply();
  };
}

/** The link of the selection: set, changed or removed (only site paths and web, mail, phone links). */
function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const _t = useT();
  const id = useId();
  const [href, setHref] = useState(String(editor.getAttributes('link').href ?? ''));
  const [invalid, setInvalid] = useState(false);
  const apply = () => {
    const value = href.trim();
    if (!LINK_TARGET.test(value)) {
      setInvalid(true);
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: value }).run();
    onDone();
  };
  return (
    <div className="rte-link-form d-flex flex-wrap gap-2 align-items-start w-100" role="group" aria-label={_t('Link')}>
      <div className="flex-grow-1">
        <label htmlFor={`${id}-href`} className="visually-hidden">{_t('Link address')}</label>
        <input id={`${id}-href`} className={`form-control form-control-sm ${invalid ? 'is-invalid' : ''}`} value={href} autoFocus
          placeholder="/contact, https://…" aria-invalid={invalid} aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(e) => { setHref(e.target.value); setInvalid(false); }} onKeyDown={onEnter(apply)} />
        {invalid ? <div id={`${id}-error`} className="invalid-feedback">{_t('Write a path of this site (/contact) or an address starting with https://, mailto: or tel:.')}</div> : null}
      </div>
      <button type="button" className="btn btn-sm btn-primary" onClick={apply}>{_t('Apply')}</button>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => { editor.chain().focus().unsetLink().run(); onDone(); }}>{_t('Remove link')}</button>
    </div>
  );
}

/** The selected image's description (its `alt`), which screen readers read instead of the picture. */
function ImageDescription({ editor }: { editor: Editor }) {
  const _t = useT();
  const id = useId();
  const current = String(editor.getAttributes('image').alt ?? '');
  const [alt, setAlt] = useState(current);
  useEffect(() => setAlt(current), [current]);
  const apply = () => void editor.chain().focus().updateAttributes('image', { alt: alt.trim() }).run();
  return (
    <div className="rte-image-form d-flex flex-wrap gap-2 align-items-center w-100" role="group" aria-labelledby={`${id}-alt-label`}>
      <label htmlFor={`${id}-alt`} id={`${id}-alt-label`} className="form-label mb-0">{_t('Image description')}</label>
      <input id={`${id}-alt`} className="form-control form-control-sm flex-grow-1 w-auto" value={alt} maxLength={200} onChange={(e) => setAlt(e.target.value)} onKeyDown={onEnter(apply)} />
      <button type="button" className="btn btn-sm btn-primary" onClick={apply}>{_t('Apply')}</button>
    </div>
  );
}
