import { page } from '@platform/web';
import { useT } from '@platform/web/client';
import type { Choice, PdfViewerProps, SlideActionsProps, SlideCard } from '../../common/page-props';
import PdfViewer from '../islands/pdf-viewer';
import SlideActions from '../islands/slide-actions';
import VideoPlayer, { type VideoPlayerProps } from '../islands/video-player';
import { SlideLine, typeLabel } from './slide-cards';

export interface SlidePageProps {
  id: number;
  name: string;
  description: string;
  slideType: string;
  channel: { name: string; url: string };
  category: Choice | null;
  tags: Choice[];
  date: string;
  views: number;
  embedViews: number;
  published: boolean;
  pageCount: number;
  /** What the page shows: the PDF, the picture, the video's player, or nothing (a partial channel's non-member). */
  viewer: { kind: 'pdf'; props: PdfViewerProps } | { kind: 'image'; src: string } | { kind: 'video'; props: VideoPlayerProps } | { kind: 'restricted'; message: string } | { kind: 'none' };
  actions: SlideActionsProps | null;
  related: SlideCard[];
  mostViewed: SlideCard[];
}

function SlideBody(p: SlidePageProps) {
  const _t = useT();
  return (
    <article className="slides-slide">
      <nav aria-label={_t('Breadcrumb')}>
        <ol className="breadcrumb">
          <li className="breadcrumb-item"><a href="/slides">{_t('Slides')}</a></li>
          <li className="breadcrumb-item"><a href={p.channel.url}>{p.channel.name}</a></li>
          <li className="breadcrumb-item active" aria-current="page">{p.name}</li>
        </ol>
      </nav>
      <div className="row g-4">
        <div className="col-12 col-lg-8">
          <h1 className="h2">{p.name} {p.published ? null : <span className="badge text-bg-warning fs-6 align-middle">{_t('Unpublished')}</span>}</h1>
          <p className="text-body-secondary small">
            <span className="badge text-bg-secondary me-1">{_t(typeLabel(p.slideType))}</span>
            {p.date ? <time className="slide-date">{p.date}</time> : null} · <span className="slide-views">{p.views} {_t('views')}</span>
            {p.pageCount > 1 ? <> · {p.pageCount} {_t('pages')}</> : null}
          </p>
          <div className="mb-3">
            {p.viewer.kind === 'pdf' ? <PdfViewer {...p.viewer.props} /> : null}
            {p.viewer.kind === 'image' ? <img src={p.viewer.src} alt={p.name} className="img-fluid border rounded" /> : null}
            {p.viewer.kind === 'video' ? <VideoPlayer {...p.viewer.props} /> : null}
            {p.viewer.kind === 'restricted' ? <div className="alert alert-info" role="status">{p.viewer.message}</div> : null}
          </div>
          {p.actions ? <SlideActions {...p.actions} /> : null}
          {p.description ? <section className="mt-4"><h2 className="h5">{_t('Description')}</h2><p className="slide-description" style={{ whiteSpace: 'pre-line' }}>{p.description}</p></section> : null}
          {p.category || p.tags.length ? (
            <p className="mt-3">
              {p.category ? <a className="badge text-bg-info text-decoration-none me-2" href={`${p.channel.url}?category=${p.category.id}`}>{p.category.name}</a> : null}
              {p.tags.map((t) => <a key={t.id} className="badge rounded-pill text-bg-light border text-decoration-none me-1" href={`${p.channel.url}?tag=${t.id}`}>{t.name}</a>)}
            </p>
          ) : null}
        </div>
        <aside className="col-12 col-lg-4" aria-label={_t('More slides')}>
          {p.related.length ? (
            <section className="mb-4"><h2 className="h5">{_t('Related')}</h2>
              <ul className="list-unstyled">{p.related.map((s) => <SlideLine key={s.id} slide={s} />)}</ul>
            </section>
          ) : null}
          {p.mostViewed.length ? (
            <section><h2 className="h5">{_t('Most viewed')}</h2>
              <ul className="list-unstyled">{p.mostViewed.map((s) => <SlideLine key={s.id} slide={s} />)}</ul>
            </section>
          ) : null}
        </aside>
      </div>
    </article>
  );
}

/** `/slides/slide/<slide>`: the slide, its viewer, votes, sharing and embed code. */
export function slidePage(props: SlidePageProps, status = 200) {
  return page('%s', <SlideBody {...props} />, { titleArgs: [props.name], description: props.description.slice(0, 160) || undefined, status });
}

function EmbedBody({ viewer, name }: { viewer: PdfViewerProps | null; name: string }) {
  const _t = useT();
  return (
    <div className="p-1 slides-embed">
      <h1 className="visually-hidden">{name}</h1>
      {viewer ? <PdfViewer {...viewer} /> : <p className="alert alert-warning m-2" role="alert">{_t('This slide cannot be shown here.')}</p>}
    </div>
  );
}

/** `/slides/embed/<id>?page=`: the viewer alone, for other sites to frame. */
export function embedPage(name: string, viewer: PdfViewerProps | null, status = 200) {
  return page('%s', <EmbedBody viewer={viewer} name={name} />, { titleArgs: [name], bare: true, status });
}
