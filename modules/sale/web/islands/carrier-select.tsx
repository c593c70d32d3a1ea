import { useEffect, useState, type FormEvent } from 'react';
import { defineIsland, useT } from '@platform/web/client';
import { CHECKOUT_URL, CONFIRM_ORDER_URL, type CarrierView } from '../../common/checkout-schemas';
import { formatMoney, type Money } from '../../common/shop-schemas';

export interface CarrierSelectProps {
  carriers: CarrierView[];
  carrierId: number;
  currency: Money;
  csrfToken: string;
}

/**
 * The shipping methods. Without JavaScript a form posting the choice (then the page again with the new
 * totals). Hydrated, choosing posts it at once with the `xhr` flag (the server answers `ok`) and the
 * page is read again for the totals the server computed.
 */
function CarrierSelect(p: CarrierSelectProps) {
  const _t = useT();
  const [chosen, setChosen] = useState(p.carrierId);
  const [live, setLive] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  useEffect(() => setLive(true), []);

  const choose = async (id: number) => {
    setChosen(id);
    if (!live) return;
    setBusy(true);
    setFailure('');
    const body = new URLSearchParams({ csrf_token: p.csrfToken, carrier_id: String(id), xhr: '1' });
    const res = await fetch(CHECKOUT_URL, { method: 'POST', body, credentials: 'same-origin' }).catch(() => null);
    if (res?.ok) {
      window.location.reload();
      return;
    }
    setFailure(res ? await res.text() : _t('The network failed. Try again.'));
    setBusy(false);
  };
  const submit = (e: FormEvent) => { if (live) e.preventDefault(); };

  return (
    <form method="post" action={CHECKOUT_URL} onSubmit={submit} aria-busy={busy} className="shop-carriers">
      <input type="hidden" name="csrf_token" value={p.csrfToken} />
      <fieldset>
        <legend className="h5">{_t('Shipping method')}</legend>
        {failure ? <div className="alert alert-danger" role="alert">{failure}</div> : null}
        <div className="list-group mb-2">
          {p.carriers.map((c) => (
            <label key={c.id} className="list-group-item d-flex gap-2 align-items-center" htmlFor={`carrier_${c.id}`}>
              <input className="form-check-input mt-0" type="radio" name="carrier_id" id={`carrier_${c.id}`} value={c.id} checked={chosen === c.id}
                disabled={busy} onChange={() => void choose(c.id)} />
              <span className="flex-grow-1">
                {c.name}
                {c.freeFrom !== null ? <span className="d-block small text-body-secondary">{_t('Free from %s').replace('%s', formatMoney(c.freeFrom, p.currency))}</span> : null}
              </span>
              <span className="fw-semibold">{c.price === 0 ? _t('Free') : formatMoney(c.price, p.currency)}</span>
            </label>
          ))}
        </div>
        {!live ? <button type="submit" className="btn btn-outline-primary btn-sm">{_t('Update shipping')}</button> : null}
      </fieldset>
      <a href={CONFIRM_ORDER_URL} className={`btn btn-primary btn-lg w-100 mt-3${busy ? ' disabled' : ''}`} aria-disabled={busy ? 'true' : undefined}>{_t('Confirm')}</a>
    </form>
  );
}

export default defineIsland('sale.carrier_select', CarrierSelect);
