import { useT } from '@platform/web/client';
import type { SlideCard } from '../../common/page-props';

const TYPE_LABELS: Record<string, string> = { document: 'Document', presentation: 'Presentation', infographic: 'Infographic', video: 'Video' };

export function typeLabel(type: string): string {
  return TYPE_LABELS[type] ?? type;
}

/** A slide as a card of a grid: picture, title, type, views, votes, date. */
export function SlideCardView({ slide, headingLevel = 3 }: { slide: SlideCard; headingLevel?: 2 | 3 }) {
  const _t = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card h-100 slide-card">
      <a href={slide.url} className="ratio ratio-4x3 bg-body-tertiary d-block overflow-hidden rounded-top" tabIndex={-1} aria-hidden="true">
        {slide.imageUrl ? <img src={slide.imageUrl} alt="" className="object-fit-cover w-100 h-100" loading="lazy" /> : <span className="d-flex align-items-center justify-content-center text-body-secondary">{_t(typeLabel(slide.slideType))}</span>}
      </a>
      <div className="card-body">
        <Heading className="h6 card-title mb-1"><a href={slide.url} className="stretched-link text-decoration-none">{slide.name}</a></Heading>
        <p className="small text-body-secondary mb-0">
          <span className="badge text-bg-secondary me-1">{_t(typeLabel(slide.slideType))}</span>
          {slide.published ? null : <span className="badge text-bg-warning me-1">{_t('Unpublished')}</span>}
          {slide.views} {_t('views')} · {slide.likes} {_t('likes')}
        </p>
      </div>
      {slide.date ? <div className="card-footer small text-body-secondary"><time>{slide.date}</time></div> : null}
    </article>
  );
}
