import { useCallback, useEffect, useState } from 'react';
import { defineIsland, useT } from '@platform/web/client';
import { RichTextEditor, uploadEditorImage } from '@platform/web/client/editor';
import { POST_TEXT_MAX } from '../../common/post-schemas';

export interface PostEditorProps {
  /** The id of the textarea the page's label names. */
  id: string;
  label: string;
  /** The post's HTML (editing), or '' (a new post). */
  html: string;
  /** The same as text, for the textarea shown without JavaScript (posted as plain text). */
  text: string;
  required: boolean;
  /** karma >= the forum's karma_editor: the link and image tools (the server strips them otherwise). */
  linkAndImage: boolean;
  karmaEditor: number;
  /** The forum whose upload route stores pictures (`/forum/<id>/image/upload`). */
  forumId: number;
  /** A message of the form's schema is shown under the field (the `is-invalid` border here). */
  invalid?: boolean;
  /** The editor's HTML on every change: the ask form's formik. */
  onChange?(html: string): void;
  /** Leaving the editor: the ask form checks the field then. */
  onBlur?(): void;
  /** aria-describedby of the textarea (no JavaScript): the field's message. */
  describedBy?: string;
}

/**
 * The text of a question or answer: a plain textarea on the server (the form posts it as text when
 * JavaScript is off), replaced in the browser by the site's rich-text editor, whose HTML is posted
 * with `content_format=html`. Links and pictures only from the forum's editor karma.
 */
function PostEditor(p: PostEditorProps) {
  const _t = useT();
  const [started, setStarted] = useState(false);
  const [html, setHtml] = useState(p.html);
  const [api, setApi] = useState<{ getHTML(): string } | null>(null);
  useEffect(() => setStarted(true), []);
  const { onChange: changed } = p;
  const onChange = useCallback(() => { if (api) { const next = api.getHTML(); setHtml(next); changed?.(next); } }, [api, changed]);
  const upload = useCallback((file: File) => uploadEditorImage(file, `/forum/${p.forumId}/image/upload`, {}, _t), [p.forumId, _t]);

  if (!started) {
    return <textarea id={p.id} className={`form-control${p.invalid ? ' is-invalid' : ''}`} name="content" rows={8} required={p.required} maxLength={POST_TEXT_MAX} defaultValue={p.text}
      aria-invalid={p.invalid || undefined} aria-describedby={p.describedBy} />;
  }
  const note = p.linkAndImage ? null : (
    <div className="form-text forum-editor-karma">
      {_t('Links and images: %s karma is required to perform this action. You can earn karma by having your answers upvoted by the community.').replace('%s', String(p.karmaEditor))}
    </div>
  );
  return (
    <div className={`forum-post-editor${p.invalid ? ' is-invalid border border-danger rounded' : ''}`} id={p.id} onBlur={p.onBlur}>
      <input type="hidden" name="content" value={html} />
      <input type="hidden" name="content_format" value="html" />
      <RichTextEditor html={p.html} label={p.label} links={p.linkAndImage} uploadImage={p.linkAndImage ? upload : undefined}
        onReady={setApi} onChange={onChange} toolbarNote={note} />
    </div>
  );
}

export default defineIsland('forum.post_editor', PostEditor);
