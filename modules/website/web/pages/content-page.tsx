import type { ReactNode } from 'react';
import { page } from '@platform/web/render';
import PublishToggle from '../islands/publish-toggle';

export interface ContentPageProps {
  id: number;
  name: string;
  content: string;
  published: boolean;
  /** The visitor may publish: the toggle is shown. */
  canPublish: boolean;
  seoTitle?: string;
  seoDescription?: string;
  /** Widgets other modules add under the content (follow, comments, sharing). */
  children?: ReactNode;
}

/** A website page. Its HTML content is sanitised when written, so it is rendered as is. */
export function contentPage(p: ContentPageProps) {
  return page(p.seoTitle || p.name, (
    <article className="content-page">
      {p.canPublish ? <PublishToggle id={p.id} object="website.page" published={p.published} /> : null}
      <h1>{p.name}</h1>
      <div className="page-content" dangerouslySetInnerHTML={{ __html: p.content }} />
      {p.children}
    </article>
  ), { description: p.seoDescription });
}
