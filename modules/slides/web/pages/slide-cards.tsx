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

/** A slide as a line of a side list: a small picture, the title, views and date. */
export function SlideLine({ slide }: { slide: SlideCard }) {
  const _t = useT();
  return (
    <li className="d-flex gap-2 mb-3 position-relative slide-line">
      <div className="flex-shrink-0 bg-body-tertiary rounded overflow-hidden" style={{ width: '6rem', height: '4.5rem' }}>
        {slide.imageUrl ? <img src={slide.imageUrl} alt="" className="w-100 h-100" style={{ objectFit: 'cover' }} loading="lazy" /> : null}
      </div>
      <div className="small">
        <a href={slide.url} className="stretched-link fw-semibold text-decoration-none d-block">{slide.name}</a>
        <span className="text-body-secondary">{_t(typeLabel(slide.slideType))} · {slide.views} {_t('views')}{slide.date ? <> · <time>{slide.date}</time></> : null}</span>
      </div>
    </li>
  );
}
