import { useEffect, useRef, useState, type FormEvent } from 'react';
import { defineIsland, rpc, RpcError, useT } from '@platform/web/client';
import {
  CART_UPDATE_JSON_URL, CART_UPDATE_URL, MAX_LINE_QTY, SHOP_URL, formatMoney, variantImageUrl, type CartUpdateResult, type CartView,
} from '../../common/shop-schemas';

/** The spec's wait after the last change of a quantity before it is sent (a burst of clicks is one update). */
const QTY_UPDATE_DELAY_MS = 500;
import { CHECKOUT_URL } from '../../common/checkout-schemas';

export interface CartProps {
  cart: CartView;
  /** A refused update (the no-JS form): the message. */
  error?: string;
}

/**
 * The cart's lines. Without JavaScript each line is a form posting its quantity (and a Remove form; no
 * CSRF token: `/shop/cart/update` checks the post's origin, as for the cached product page's form);
 * once hydrated, the forms and the - / + buttons call `/shop/cart/update_json` and show the amounts the
 * server answers (never computed here), a warning in a dismissible danger alert. The - / + buttons and
 * typing in a quantity show the new quantity at once and send it 500 ms after the last change; an answer
 * to an older change of a line is not shown over a newer one.
 */
function Cart({ cart, error: initialError }: CartProps) {
  const _t = useT();
  const [lines, setLines] = useState(cart.lines);
  const [total, setTotal] = useState(cart.amountTotal);
  const [alert, setAlert] = useState(initialError ?? '');
  const [busy, setBusy] = useState(false);
  const [live, setLive] = useState(false);
  /** Quantities typed or clicked and not yet answered by the server, by line: what the inputs show. */
  const [shown, setShown] = useState<Record<number, string>>({});
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  /** The latest change of each line: an answer to an older one is dropped. */
  const changes = useRef(new Map<number, number>());
  useEffect(() => {
    setLive(true);
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  const money = (v: number) => formatMoney(v, cart.currency);

  const setQty = async (lineId: number, productId: number, qty: number) => {
    const change = (changes.current.get(lineId) ?? 0) + 1;
    changes.current.set(lineId, change);
    setBusy(true);
    setAlert('');
    try {
      const r = await rpc<CartUpdateResult>(CART_UPDATE_JSON_URL, { line_id: lineId, product_id: productId, set_qty: qty });
      if (changes.current.get(lineId) !== change) return;
      setLines((ls) => (r.quantity === 0 ? ls.filter((l) => l.id !== lineId) : ls.map((l) => (l.id === lineId ? { ...l, qty: r.quantity, subtotal: r.line_subtotal } : l))));
      setShown(({ [lineId]: _answered, ...rest }) => rest);
      setTotal(r.amount_total);
      if (r.warning) setAlert(r.warning);
    } catch (err) {
      if (changes.current.get(lineId) !== change) return;
      setShown(({ [lineId]: _failed, ...rest }) => rest);
      setAlert(err instanceof RpcError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  /** Shows `text` as the line's quantity and sends it once the changes stop (a blank or partial entry is not sent). */
  const changeSoon = (lineId: number, productId: number, text: string) => {
    setShown((s) => ({ ...s, [lineId]: text }));
    changes.current.set(lineId, (changes.current.get(lineId) ?? 0) + 1); // an answer on its way is now stale
    clearTimeout(timers.current.get(lineId));
    const qty = Number(text);
    if (text.trim() === '' || !Number.isInteger(qty) || qty < 0) return;
    timers.current.set(lineId, setTimeout(() => {
      timers.current.delete(lineId);
      void setQty(lineId, productId, qty);
    }, QTY_UPDATE_DELAY_MS));
  };
  const qtyOf = (l: CartView['lines'][number]) => Number(shown[l.id] ?? l.qty);
  const submit = (lineId: number, productId: number) => (e: FormEvent<HTMLFormElement>) => {
    if (!live) return;
    e.preventDefault();
    clearTimeout(timers.current.get(lineId));
    const value = Number(new FormData(e.currentTarget).get('set_qty'));
    void setQty(lineId, productId, value);
  };

  return (
    <>
      {alert ? (
        <div className="alert alert-danger alert-dismissible" role="alert">
          {alert}
          {live ? <button type="button" className="btn-close" aria-label={_t('Close')} onClick={() => setAlert('')} /> : null}
        </div>
      ) : null}
      {lines.length === 0 ? (
        <div className="alert alert-info">{_t('Your cart is empty!')} <a href={SHOP_URL} className="alert-link">{_t('Continue shopping')}</a></div>
      ) : (
        <>
          <ul className="list-group mb-3">
            {lines.map((l) => (
              <li key={l.id} className="list-group-item js_cart_line" data-line-id={l.id}>
                <div className="d-flex gap-3 align-items-start">
                  {l.hasImage
                    ? <img src={variantImageUrl(l.productId, 'image_small')} alt="" width={64} height={64} className="rounded object-fit-cover flex-shrink-0 bg-body-tertiary" />
                    : <span className="d-inline-block rounded bg-body-secondary flex-shrink-0" style={{ width: 64, height: 64 }} aria-hidden="true" />}
                  <div className="flex-grow-1" style={{ minWidth: 0 }}>
                    <div className="d-flex justify-content-between gap-2">
                      <a href={l.url} className="fw-semibold text-decoration-none">{l.name}</a>
                      <div className="fw-semibold text-end text-nowrap">{money(l.subtotal)}</div>
                    </div>
                    <div className="small text-body-secondary">{`${money(l.priceUnit)} ${_t('each')}`}</div>
                    <div className="d-flex flex-wrap gap-2 align-items-center mt-2">
                      <form method="post" action={CART_UPDATE_URL} className="d-flex gap-2 align-items-center" onSubmit={submit(l.id, l.productId)}>
                        <input type="hidden" name="product_id" value={l.productId} />
                        <input type="hidden" name="line_id" value={l.id} />
                        <div className="input-group flex-nowrap" style={{ width: live ? 144 : 80 }}>
                          {live ? <button type="button" className="btn btn-outline-secondary px-3" aria-label={_t('Remove one %s').replace('%s', l.name)} onClick={() => changeSoon(l.id, l.productId, String(Math.max(0, qtyOf(l) - 1)))}>−</button> : null}
                          <label htmlFor={`qty-${l.id}`} className="visually-hidden">{_t('Quantity of %s').replace('%s', l.name)}</label>
                          {live
                            ? <input key="live" id={`qty-${l.id}`} type="number" name="set_qty" className="form-control text-center px-1" min={0} max={MAX_LINE_QTY} step={1} value={shown[l.id] ?? String(l.qty)} onChange={(e) => changeSoon(l.id, l.productId, e.target.value)} required />
                            : <input key="static" id={`qty-${l.id}`} type="number" name="set_qty" className="form-control text-center px-1" min={0} max={MAX_LINE_QTY} step={1} defaultValue={l.qty} required />}
                          {live ? <button type="button" className="btn btn-outline-secondary px-3" aria-label={_t('Add one %s').replace('%s', l.name)} onClick={() => changeSoon(l.id, l.productId, String(qtyOf(l) + 1))}>+</button> : null}
                        </div>
                        <button type="submit" className="btn btn-sm btn-outline-primary" disabled={busy}>{_t('Update')}</button>
                      </form>
                      <form method="post" action={CART_UPDATE_URL} onSubmit={submit(l.id, l.productId)}>
                        <input type="hidden" name="product_id" value={l.productId} />
                        <input type="hidden" name="line_id" value={l.id} />
                        <input type="hidden" name="set_qty" value="0" />
                        <button type="submit" className="btn btn-sm btn-link text-danger" disabled={busy} aria-label={_t('Remove %s').replace('%s', l.name)}>{_t('Remove')}</button>
                      </form>
                    </div>
                  </div>
                </div>
              </li>
            ))}
          </ul>
          {/* On a phone the total and the way on stay in view at the bottom of the screen. */}
          <div className="position-sticky bottom-0 bg-body border-top py-3 d-flex flex-wrap justify-content-between align-items-center gap-2 cart_summary">
            <a href={SHOP_URL} className="btn btn-outline-secondary">{_t('Continue shopping')}</a>
            <p className="fs-5 mb-0 ms-auto">{`${_t('Total')}: `}<strong id="order_total">{money(total)}</strong></p>
            <a href={CHECKOUT_URL} className="btn btn-primary" id="process_checkout">{_t('Process Checkout')}</a>
          </div>
        </>
      )}
    </>
  );
}

export default defineIsland('sale.cart', Cart);
