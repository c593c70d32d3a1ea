import { injectable } from 'inversify';
import type { RequestContext } from '@platform/http';
import { useLocalizedPath, useT } from '@platform/web/client';
import type { DynamicBlockContribution } from '../services/dynamic-blocks';
import { SITE_PAGES } from '../services/site-pages';

const DEFAULT_LIMIT = 3;
const MAX_LIMIT = 12;

/** `data-limit`: a whole number of pages from 1 to 12; anything else is the default. */
export function latestPagesLimit(options: Record<string, string>): number {
  const raw = options.limit;
  if (raw === undefined || !/^\d{1,2}$/.test(raw)) return DEFAULT_LIMIT;
  const n = Number(raw);
  return n >= 1 && n <= MAX_LIMIT ? n : DEFAULT_LIMIT;
}

interface LatestPage { name: string; url: string; description: string }

function LatestPages({ pages }: { pages: LatestPage[] }) {
  const _t = useT();
  const local = useLocalizedPath();
  return (
    <>
      <h2 className="mb-4">{_t('Latest pages')}</h2>
      <div className="row g-4">
        {pages.map((p) => (
          <div key={p.url} className="col-12 col-md-4">
            <div className="card h-100 shadow-sm">
              <div className="card-body">
                <h3 className="h5 card-title"><a className="stretched-link text-decoration-none" href={local(p.url)}>{p.name}</a></h3>
                {p.description ? <p className="card-text text-body-secondary">{p.description}</p> : null}
              </div>
            </div>
          </div>
        ))}
      </div>
    </>
  );
}

/** Website's own dynamic block: the site's most recently created published pages (the home page aside). */
@injectable()
export class LatestPagesBlock implements DynamicBlockContribution {
  readonly id = 'website.latest_pages';
  readonly name = 'Latest pages';

  async render(req: RequestContext, options: Record<string, string>) {
    const rows = await req.env.model('website.page').search_read(
      ['&', '&', ['website_published', '=', true], ['url', '!=', '/'], ...SITE_PAGES(req.site.id)],
      ['name', 'url', 'website_meta_description'], { limit: latestPagesLimit(options), order: 'create_date desc, id desc' },
    );
    if (!rows.length) return null;
    return <LatestPages pages={rows.map((r) => ({ name: String(r.name), url: String(r.url), description: r.website_meta_description ? String(r.website_meta_description) : '' }))} />;
  }
}
