import { page } from '@platform/web';
import { useT } from '@platform/web/client';
import type { ChannelPageProps, UploadDialogProps } from '../../common/page-props';
import UploadDialog from '../islands/upload-dialog';
import { SlideCardView, typeLabel } from './slide-cards';

type Query = ChannelPageProps['query'];

function href(base: string, q: Query, change: Partial<Query & { page: number }>): string {
  const merged: Record<string, unknown> = { ...q, page: undefined, ...change };
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(merged)) {
    if (v === undefined || v === null || v === '' || (k === 'sorting' && v === 'date') || (k === 'page' && v === 1)) continue;
    params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `${base}?${s}` : base;
}

/** The first and last pages, and three on each side of the current one; null marks a gap. */
export function pageWindow(page: number, count: number): Array<number | null> {
  const out: Array<number | null> = [];
  for (let n = 1; n <= count; n++) {
    if (n === 1 || n === count || Math.abs(n - page) <= 3) out.push(n);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

function ChannelBody(p: ChannelPageProps & { upload: UploadDialogProps | null }) {
  const _t = useT();
  const base = p.channel.url;
  const q = p.query;
  const filtered = Boolean(q.search || q.category || q.tag || q.slide_type);
  const sorts: Array<[string, string]> = [['date', 'Newest'], ['view', 'Most viewed'], ['vote', 'Most voted']];
  return (
    <section className="slides-channel">
      <nav aria-label={_t('Breadcrumb')}><ol className="breadcrumb"><li className="breadcrumb-item"><a href="/slides">{_t('Slides')}</a></li><li className="breadcrumb-item active" aria-current="page">{p.channel.name}</li></ol></nav>
      <div className="d-flex flex-wrap align-items-start justify-content-between gap-2 mb-3">
        <div>
          <h1 className="mb-1">{p.channel.name}</h1>
          {p.channel.description ? <p className="lead mb-0">{p.channel.description}</p> : null}
        </div>
        {p.upload ? <UploadDialog {...p.upload} /> : null}
      </div>
      {p.promoted ? (
        <div className="card mb-4 slides-promoted">
          <div className="row g-0">
            <div className="col-md-4">
              <a href={p.promoted.url} className="ratio ratio-4x3 d-block bg-body-tertiary" tabIndex={-1} aria-hidden="true">
                {p.promoted.imageUrl ? <img src={p.promoted.imageUrl} alt="" className="object-fit-cover w-100 h-100 rounded-start" /> : <span />}
              </a>
            </div>
            <div className="col-md-8"><div className="card-body">
              <p className="small text-uppercase text-body-secondary mb-1">{_t('Featured')}</p>
              <h2 className="h4"><a href={p.promoted.url}>{p.promoted.name}</a></h2>
              {p.promoted.description ? <p>{p.promoted.description}</p> : null}
              <p className="small text-body-secondary mb-0">{p.promoted.views} {_t('views')} · {p.promoted.likes} {_t('likes')}{p.promoted.date ? <> · <time>{p.promoted.date}</time></> : null}</p>
            </div></div>
          </div>
        </div>
      ) : null}
      <div className="row g-4">
        <aside className="col-12 col-lg-3 order-lg-2" aria-label={_t('Filters')}>
          <form method="get" action={base} role="search" className="mb-3">
            <label htmlFor="slides_search" className="form-label">{_t('Search')}</label>
            <div className="input-group">
              <input id="slides_search" name="search" type="search" className="form-control" defaultValue={q.search} />
              <button className="btn btn-outline-secondary" type="submit">{_t('Search')}</button>
            </div>
          </form>
          <h2 className="h6">{_t('Type')}</h2>
          <ul className="nav flex-row flex-wrap column-gap-3 flex-lg-column mb-3 small">
            <li className="nav-item"><a className={`nav-link px-0 py-1${!q.slide_type ? ' fw-bold' : ''}`} href={href(base, q, { slide_type: undefined, search: '' })}>{_t('All')} ({p.channel.total})</a></li>
            {(['presentation', 'document', 'infographic', 'video'] as const).filter((t) => p.channel.counts[t]).map((t) => (
              <li key={t} className="nav-item"><a className={`nav-link px-0 py-1${q.slide_type === t ? ' fw-bold' : ''}`} aria-current={q.slide_type === t ? 'true' : undefined} href={href(base, q, { slide_type: t, search: '' })}>{_t(typeLabel(t))} ({p.channel.counts[t]})</a></li>
            ))}
          </ul>
          {p.categories.length ? (
            <>
              <h2 className="h6">{_t('Categories')}</h2>
              <ul className="nav flex-row flex-wrap column-gap-3 flex-lg-column mb-3 small">
                {p.categories.map((c) => (
                  <li key={c.id} className="nav-item"><a className={`nav-link px-0 py-1${q.category === c.id ? ' fw-bold' : ''}`} aria-current={q.category === c.id ? 'true' : undefined} href={href(base, q, { category: q.category === c.id ? undefined : c.id, search: '' })}>{c.name} ({c.count ?? 0})</a></li>
                ))}
              </ul>
            </>
          ) : null}
          {p.tags.length ? (
            <>
              <h2 className="h6">{_t('Tags')}</h2>
              <div className="d-flex flex-wrap gap-1 mb-3">
                {p.tags.map((t) => <a key={t.id} href={href(base, q, { tag: q.tag === t.id ? undefined : t.id, search: '' })} className={`badge rounded-pill text-decoration-none ${q.tag === t.id ? 'text-bg-primary' : 'text-bg-light border'}`} aria-current={q.tag === t.id ? 'true' : undefined}>{t.name}</a>)}
              </div>
            </>
          ) : null}
        </aside>
        <div className="col-12 col-lg-9 order-lg-1">
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
            <p className="mb-0 text-body-secondary">{q.search ? <>{p.total} {_t('results for')} “{q.search}”</> : <>{p.total} {_t(p.total === 1 ? 'slide' : 'slides')}</>}{filtered ? <> · <a href={base}>{_t('Clear filters')}</a></> : null}</p>
            <nav aria-label={_t('Sort by')}>
              <ul className="nav nav-pills small">
                {sorts.map(([key, label]) => <li key={key} className="nav-item"><a className={`nav-link py-1${q.sorting === key ? ' active' : ''}`} aria-current={q.sorting === key ? 'true' : undefined} href={href(base, q, { sorting: key })}>{_t(label)}</a></li>)}
              </ul>
            </nav>
          </div>
          {p.slides.length ? (
            <div className="row row-cols-1 row-cols-sm-2 row-cols-xl-3 g-3">
              {p.slides.map((s) => <div key={s.id} className="col"><SlideCardView slide={s} headingLevel={2} /></div>)}
            </div>
          ) : <p className="alert alert-info">{q.search ? _t('No slide matches your search.') : _t('No slide here yet.')}</p>}
          {p.pageCount > 1 ? (
            <nav aria-label={_t('Pages')} className="mt-4">
              <ul className="pagination flex-wrap">
                {pageWindow(p.page, p.pageCount).map((n, i) => (n === null
                  ? <li key={`gap${i}`} className="page-item disabled"><span className="page-link">…</span></li>
                  : <li key={n} className={`page-item${n === p.page ? ' active' : ''}`}><a className="page-link" href={href(base, q, { page: n })} aria-current={n === p.page ? 'page' : undefined}>{n}</a></li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** `/slides/<channel>`: the channel's slides, sorted, searched and filtered, 12 a page. */
export function channelPage(props: ChannelPageProps) {
  const upload: UploadDialogProps | null = props.canUpload
    ? { channelId: props.channel.id, channelName: props.channel.name, canPublish: props.canPublish, categories: props.categories.map(({ id, name }) => ({ id, name })), tags: props.tags }
    : null;
  return page('%s', <ChannelBody {...props} upload={upload} />, { titleArgs: [props.channel.name], description: props.channel.description || undefined });
}
