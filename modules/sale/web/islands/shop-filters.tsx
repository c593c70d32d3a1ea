import { useEffect, useState } from 'react';
import { defineIsland, useT } from '@platform/web/client';
import { SHOP_URL, shopUrl, type AttributeFilter } from '../../common/shop-schemas';

export interface ShopFiltersProps {
  filters: AttributeFilter[];
  search: string;
  category: number | null;
}

/**
 * The attribute filters of `/shop`: a GET form of checkboxes (the search and the category kept in
 * hidden fields), applied by its button without JavaScript; once hydrated, ticking a box applies it.
 */
function ShopFilters({ filters, search, category }: ShopFiltersProps) {
  const _t = useT();
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  if (!filters.length) return null;
  const any = filters.some((f) => f.values.some((v) => v.checked));
  return (
    <form method="get" action={SHOP_URL} className="mt-4 js_attributes" aria-label={_t('Filter by attribute')}
      onChange={(e) => { if (live) e.currentTarget.requestSubmit(); }}>
      {search ? <input type="hidden" name="search" value={search} /> : null}
      {category ? <input type="hidden" name="category" value={category} /> : null}
      {filters.map((f) => (
        <fieldset key={f.id} className="mb-3">
          <legend className="fs-6 fw-semibold mb-1">{f.name}</legend>
          {f.values.map((v) => (
            <div className="form-check" key={v.id}>
              <input className="form-check-input" type="checkbox" name="attrib" value={`${f.id}-${v.id}`} id={`attrib-${f.id}-${v.id}`} defaultChecked={v.checked} />
              <label className="form-check-label" htmlFor={`attrib-${f.id}-${v.id}`}>{v.name}</label>
            </div>
          ))}
        </fieldset>
      ))}
      <div className="d-flex gap-2 align-items-center">
        <button type="submit" className="btn btn-sm btn-primary">{_t('Filter')}</button>
        {any ? <a href={shopUrl({ search, category })} className="btn btn-sm btn-link">{_t('Clear filters')}</a> : null}
      </div>
    </form>
  );
}

export default defineIsland('sale.shop_filters', ShopFilters);
