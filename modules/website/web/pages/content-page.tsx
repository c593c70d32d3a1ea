import type { ReactNode } from 'react';
import { page } from '@platform/web';
import { useT } from '@platform/web/client';
import PageEditor, { type PageEditorProps } from '../islands/page-editor';
import PublishToggle from '../islands/publish-toggle';
import TranslationEditor, { type TranslationEditorProps } from '../islands/translation-editor';

export interface ContentPageProps {
  id: number;
  name: string;
  /** Sanitised HTML, its dynamic blocks already filled. */
  content: string;
  published: boolean;
  /** The visitor may publish: the toggle is shown. */
  canPublish: boolean;
  seoTitle?: string;
  seoDescription?: string;
  /** Widgets other modules add under the content (follow, comments, sharing); in edit mode, the blocks' options islands. */
  children?: ReactNode;
  /** A publisher who is not editing: the link into edit mode (or the translation editor). */
  editLinks?: { url: string; translating: boolean; untranslated?: number };
  /** Edit mode: the editor island replaces the content. */
  editor?: PageEditorProps;
  /** Translation mode (a language other than the main one): the terms' editor replaces the content. */
  translationEditor?: TranslationEditorProps;
  /** The title as the page's heading; off for the home page (whose first block, the hero, has its own), which is always published. */
  showTitle?: boolean;
}

/** The publisher's bar outside edit mode: a plain link, so it costs visitors nothing. */
function EditLink({ url, translating, untranslated }: { url: string; translating: boolean; untranslated?: number }) {
  const _t = useT();
  return (
    <p className="page-edit-link">
      <a className="btn btn-outline-primary btn-sm" href={url}>
        {translating ? _t('Translate') : _t('Edit')}
        {untranslated ? <span className="badge text-bg-warning ms-2">{_t('%s to translate').replace('%s', String(untranslated))}</span> : null}
      </a>
    </p>
  );
}

/**
 * A website page. Its HTML content is sanitised when written, so it is rendered as is. The title is the
 * page's heading unless the content brings its own (a hero block, as on the home page).
 */
export function contentPage(p: ContentPageProps) {
  if (p.translationEditor) {
    return page(p.seoTitle || p.name, (
      <article className="content-page is-editing">
        <TranslationEditor {...p.translationEditor} />
      </article>
    ), { description: p.seoDescription, editMode: true });
  }
  if (p.editor) {
    return page(p.seoTitle || p.name, (
      <article className="content-page is-editing">
        <PageEditor {...p.editor} />
        {p.children}
      </article>
    ), { description: p.seoDescription, editMode: true });
  }
  return page(p.seoTitle || p.name, (
    <article className="content-page">
      {p.canPublish || p.editLinks ? (
        <div className="page-tools">
          {p.editLinks ? <EditLink {...p.editLinks} /> : null}
          {p.canPublish ? <PublishToggle id={p.id} object="website.page" published={p.published} home={p.showTitle === false} /> : null}
        </div>
      ) : null}
      {p.showTitle === false || /<h1[\s>]/i.test(p.content) ? null : <h1 className="mb-4">{p.name}</h1>}
      <div className="page-content" dangerouslySetInnerHTML={{ __html: p.content }} />
      {p.children}
    </article>
  ), { description: p.seoDescription });
}
