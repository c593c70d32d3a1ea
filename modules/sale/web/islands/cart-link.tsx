import { useEffect, useRef, useState } from 'react';
import { defineIsland, useT } from '@platform/web/client';
import { CART_POPOVER_URL, CART_URL, POPOVER_HIDE_DELAY_MS, POPOVER_SHOW_DELAY_MS } from '../../common/shop-schemas';

export interface CartLinkProps {
  quantity: number;
}

/**
 * The cart link of the shop's header. Without JavaScript a plain link to `/shop/cart`. Once hydrated,
 * resting the pointer (or the keyboard focus) on it for 100 ms fetches `/shop/cart?type=popover` (the
 * lines the server renders) and shows them under the link; it hides 1 s after the pointer left both the
 * link and the preview (coming back in time keeps it), or at once on Escape.
 */
function CartLink({ quantity }: CartLinkProps) {
  const _t = useT();
  const [html, setHtml] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clear = () => { if (timer.current) clearTimeout(timer.current); timer.current = null; };
  useEffect(() => clear, []);

  const show = () => {
    clear();
    if (open) return;
    timer.current = setTimeout(() => {
      fetch(CART_POPOVER_URL, { credentials: 'same-origin', headers: { Accept: 'text/html' } })
        .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
        .then((text) => { setHtml(text); setOpen(true); }, () => undefined);
    }, POPOVER_SHOW_DELAY_MS);
  };
  const hide = () => {
    clear();
    timer.current = setTimeout(() => setOpen(false), POPOVER_HIDE_DELAY_MS);
  };

  return (
    <div className="position-relative d-inline-block js_cart_link" onMouseEnter={show} onMouseLeave={hide} onFocus={show} onBlur={hide}
      onKeyDown={(e) => { if (e.key === 'Escape') { clear(); setOpen(false); } }}>
      <a href={CART_URL} className="btn btn-outline-primary position-relative" id="my_cart">
        {_t('Cart')}
        {quantity > 0 ? <span className="badge text-bg-primary ms-2 my_cart_quantity">{quantity}</span> : null}
      </a>
      {open && html !== null ? (
        <div className="popover bs-popover-bottom position-absolute end-0 top-100 mt-2 shadow" style={{ width: 320, maxWidth: '90vw', left: 'auto' }}
          role="region" aria-label={_t('Cart preview')} id="cart_popover">
          <div className="popover-body p-2" dangerouslySetInnerHTML={{ __html: html }} />
        </div>
      ) : null}
    </div>
  );
}

export default defineIsland('sale.cart_link', CartLink);
