import type React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { page } from '@platform/web';
import { useT } from '@platform/web/client';
import {
  CART_UPDATE_URL, CART_URL, MAX_LINE_QTY, SEARCH_MAX, SHOP_URL, formatMoney, shopUrl, variantImageUrl,
  type AttribPick, type AttributeFilter, type CartView, type CategoryNode, type Money, type ProductCard, type VariantChoice,
} from '../../common/shop-schemas';
import type { ProductPage } from '../../server/services/catalog-service';
import { ImageZoom } from '@modules/website';
import CartIsland from '../islands/cart';
import CartLinkIsland from '../islands/cart-link';
import ProductViewIsland from '../islands/product-view';
import Filters from '../islands/shop-filters';

function Picture({ name, imageUrl, height, square }: { name: string; imageUrl: string | null; height?: number; square?: boolean }) {
  const size: React.CSSProperties = square ? { aspectRatio: '1 / 1', width: '100%', height: 'auto' } : { height };
  if (imageUrl) return <img src={imageUrl} alt={name} className="card-img-top bg-body-tertiary object-fit-cover" style={size} loading={square ? undefined : 'lazy'} />;
  return (
    <div className="d-flex align-items-center justify-content-center bg-body-secondary text-body-secondary fs-1 fw-semibold rounded-top" style={size} aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </div>
  );
}

function CartLink({ quantity }: { quantity: number }) {
  return <CartLinkIsland quantity={quantity} />;
}

export interface ShopPageProps {
  products: ProductCard[];
  categories: CategoryNode[];
  category: number | null;
  search: string;
  page: number;
  pageCount: number;
  total: number;
  currency: Money;
  cartQuantity: number;
  filters: AttributeFilter[];
}

function ShopBody(p: ShopPageProps) {
  const _t = useT();
  const attribs: AttribPick[] = p.filters.flatMap((f) => f.values.filter((v) => v.checked).map((v) => ({ attributeId: f.id, valueId: v.id })));
  const pages = Array.from({ length: p.pageCount }, (_, i) => i + 1).filter((n) => Math.abs(n - p.page) <= 3);
  return (
    <section className="container py-4 shop">
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <h1 className="h2 mb-0">{_t('Shop')}</h1>
        {/* On a phone: the title and the cart on the first line, the search under them. */}
        <div className="order-md-last"><CartLink quantity={p.cartQuantity} /></div>
        <form method="get" action={SHOP_URL} className="d-flex gap-2 col-12 col-md-auto flex-md-grow-0" role="search">
          {p.category ? <input type="hidden" name="category" value={p.category} /> : null}
          {attribs.map((a) => <input key={`${a.attributeId}-${a.valueId}`} type="hidden" name="attrib" value={`${a.attributeId}-${a.valueId}`} />)}
          <label htmlFor="shop-search" className="visually-hidden">{_t('Search products')}</label>
          <input id="shop-search" type="search" name="search" className="form-control" placeholder={_t('Search...')} defaultValue={p.search} maxLength={SEARCH_MAX} />
          <button type="submit" className="btn btn-primary">{_t('Search')}</button>
        </form>
      </div>
      <a href="#shop-filters" className="d-lg-none btn btn-sm btn-outline-secondary mb-3">{_t('Categories and filters')}</a>
      <div className="row g-4">
        {/* On a phone the products come first; the categories and filters follow them. */}
        <aside className="col-lg-3 order-last order-lg-first" id="shop-filters">
          <nav aria-label={_t('Categories')}>
          {/* The active entry in the theme's colour (Bootstrap's list-group keeps its own blue otherwise). */}
          <div className="list-group" style={{ '--bs-list-group-active-bg': 'var(--bs-primary)', '--bs-list-group-active-border-color': 'var(--bs-primary)' } as React.CSSProperties}>
            <a href={shopUrl({ search: p.search, attribs })} className={`list-group-item list-group-item-action${p.category ? '' : ' active'}`} aria-current={p.category ? undefined : 'page'}>{_t('All products')}</a>
            {p.categories.map((c) => (
              <a key={c.id} href={shopUrl({ search: p.search, category: c.id, attribs })} className={`list-group-item list-group-item-action${p.category === c.id ? ' active' : ''}`}
                aria-current={p.category === c.id ? 'page' : undefined} style={{ paddingLeft: `${1 + (c.completeName.split(' / ').length - 1) * 1}rem` }}>
                {c.name}
              </a>
            ))}
          </div>
          </nav>
          <Filters filters={p.filters} search={p.search} category={p.category} />
        </aside>
        <div className="col-lg-9">
          {p.products.length === 0 ? (
            <div className="alert alert-info">{p.search || attribs.length ? _t('No product matches your search.') : _t('No product is defined yet.')}</div>
          ) : (
            <div className="row row-cols-2 row-cols-md-3 row-cols-xl-4 g-3">
              {p.products.map((prod) => (
                <div className="col" key={prod.id}>
                  <div className="card h-100 shadow-sm oe_product">
                    <Picture name={prod.name} imageUrl={prod.imageId ? variantImageUrl(prod.imageId) : null} height={180} />
                    <div className="card-body d-flex flex-column">
                      <h2 className="h6 card-title"><a href={prod.url} className="stretched-link text-decoration-none">{prod.name}</a></h2>
                      {prod.category ? <p className="small text-body-secondary mb-2">{prod.category}</p> : null}
                      <p className="mt-auto mb-0 fw-semibold product_price">{formatMoney(prod.price, p.currency)}</p>
                    </div>
                  </div>
                </div>
              ))}
            </div>
          )}
          {p.pageCount > 1 ? (
            <nav aria-label={_t('Pages')} className="mt-4">
              <ul className="pagination flex-wrap">
                {pages.map((n) => (
                  <li key={n} className={`page-item${n === p.page ? ' active' : ''}`}>
                    <a className="page-link" href={shopUrl({ search: p.search, category: p.category, page: n, attribs })} aria-current={n === p.page ? 'page' : undefined}>{n}</a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
      </div>
    </section>
  );
}

export function shopPage(props: ShopPageProps) {
  return page('Shop', <ShopBody {...props} />);
}

export interface ProductPageProps {
  product: ProductPage;
  currency: Money;
  /** 0 in the page kept in the public page cache (visitors without a session have no cart). */
  cartQuantity: number;
}

function Choices({ choices, currency }: { choices: VariantChoice[]; currency: Money }) {
  return (
    <>
      {choices.map((c) => (
        <fieldset key={c.attributeId} className="mb-3">
          <legend className="fs-6 fw-semibold mb-2">{c.attributeName}</legend>
          <div className="d-flex flex-wrap gap-2">
            {c.values.map((v) => (
              <a key={v.id} href={v.url} className={`btn btn-sm ${v.selected ? 'btn-primary' : 'btn-outline-secondary'}${v.available ? '' : ' text-decoration-line-through css_not_available'}`}
                aria-current={v.selected ? 'true' : undefined} rel="nofollow">
                {`${v.name}${v.priceExtra ? ` (+${formatMoney(v.priceExtra, currency)})` : ''}`}
              </a>
            ))}
          </div>
        </fieldset>
      ))}
    </>
  );
}

function ProductBody({ product: p, currency, cartQuantity }: ProductPageProps) {
  const _t = useT();
  return (
    <section className="container py-4 shop-product">
      <div className="d-flex justify-content-between align-items-center mb-3">
        <nav aria-label={_t('Breadcrumb')}>
          <ol className="breadcrumb mb-0">
            <li className="breadcrumb-item"><a href={SHOP_URL}>{_t('Shop')}</a></li>
            {p.category ? <li className="breadcrumb-item"><a href={shopUrl({ category: p.category.id })}>{p.category.name}</a></li> : null}
            <li className="breadcrumb-item active" aria-current="page">{p.name}</li>
          </ol>
        </nav>
        <CartLink quantity={cartQuantity} />
      </div>
      <div className="row g-4">
        <div className="col-md-6">
          <div className="card overflow-hidden mx-auto product-picture" style={{ maxWidth: 480 }}>
            {/* zoom under the pointer from 468 px up; a plain picture on phones */}
            {p.imageId ? <ImageZoom src={variantImageUrl(p.imageId, 'image')} alt={p.name} width={480} height={480} /> : <Picture name={p.name} imageUrl={null} square />}
          </div>
        </div>
        <div className="col-md-6">
          <h1 className="h2">{p.name}</h1>
          {p.description ? <p className="text-body-secondary">{p.description}</p> : null}
          <Choices choices={p.choices} currency={currency} />
          {p.variant ? (
            <>
              <p className="fs-3 fw-semibold product_price" data-product-id={p.variant.id}>{formatMoney(p.variant.price, currency)}</p>
              {/* No CSRF token: the page is the same for every visitor; the route checks the post's origin. */}
              <form method="post" action={CART_UPDATE_URL} className="d-flex gap-2 align-items-end" style={{ maxWidth: 320 }}>
                <input type="hidden" name="product_id" value={p.variant.id} />
                <div>
                  <label htmlFor="add_qty" className="form-label small mb-1">{_t('Quantity')}</label>
                  <input id="add_qty" type="number" name="add_qty" className="form-control" min={1} max={MAX_LINE_QTY} step={1} defaultValue={1} required style={{ width: 96 }} />
                </div>
                <button type="submit" className="btn btn-primary flex-grow-1" id="add_to_cart">{_t('Add to cart')}</button>
              </form>
            </>
          ) : (
            <div className="alert alert-warning" role="status">{_t('This combination is not available.')}</div>
          )}
        </div>
      </div>
      <ProductViewIsland productId={p.id} />
    </section>
  );
}

export function productPage(props: ProductPageProps) {
  return page('%s', <ProductBody {...props} />, { titleArgs: [props.product.name], description: props.product.description.slice(0, 160) });
}

export interface CartPageProps {
  cart: CartView;
  /** A refused update: the message. */
  error?: string;
  status?: number;
}

function CartBody({ cart, error }: CartPageProps) {
  const _t = useT();
  return (
    <section className="container py-4 shop-cart" style={{ maxWidth: 960 }}>
      <h1 className="h2 mb-3">{_t('Your cart')}</h1>
      <CartIsland cart={cart} error={error} />
    </section>
  );
}

export function cartPage(props: CartPageProps) {
  return page('Your cart', <CartBody {...props} />, { status: props.status ?? 200 });
}

/**
 * `/shop/cart?type=popover`: the cart's lines (picture, name, quantity, amount), its total and the way
 * to the cart, as an HTML fragment the header's cart link shows ("Your cart is empty!" when it is).
 */
export function cartPopover(cart: CartView, t: (s: string) => string): string {
  const money = (v: number) => formatMoney(v, cart.currency);
  if (!cart.lines.length) return renderToStaticMarkup(<p className="mb-0 p-2 text-body-secondary">{t('Your cart is empty!')}</p>);
  return renderToStaticMarkup(
    <div className="cart_popover">
      <ul className="list-unstyled mb-2">
        {cart.lines.map((l) => (
          <li key={l.id} className="d-flex gap-2 align-items-center py-2 border-bottom">
            {l.hasImage
              ? <img src={variantImageUrl(l.productId, 'image_small')} alt="" width={48} height={48} className="rounded object-fit-cover flex-shrink-0" />
              : <span className="d-inline-block rounded bg-body-secondary flex-shrink-0" style={{ width: 48, height: 48 }} aria-hidden="true" />}
            <div className="flex-grow-1 small text-truncate" style={{ minWidth: 0 }}>
              <a href={l.url} className="text-decoration-none fw-semibold">{l.name}</a>
              <div className="text-body-secondary">{`${t('Quantity')}: ${l.qty}`}</div>
            </div>
            <span className="small fw-semibold text-nowrap">{money(l.subtotal)}</span>
          </li>
        ))}
      </ul>
      <div className="d-flex justify-content-between align-items-center px-1 mb-2"><span>{t('Total')}</span><strong>{money(cart.amountTotal)}</strong></div>
      <a href={CART_URL} className="btn btn-primary btn-sm w-100">{`${t('View cart')} (${cart.quantity})`}</a>
    </div>,
  );
}
