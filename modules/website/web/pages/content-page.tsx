import { page } from '../../../../platform/web/render';

/** A website page. Its HTML content is sanitised when written, so it is rendered as is. */
export function contentPage({ name, content }: { name: string; content: string }) {
  return page(name, (
    <article className="content-page">
      <h1>{name}</h1>
      <div dangerouslySetInnerHTML={{ __html: content }} />
    </article>
  ));
}
