import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { defineIsland, rpc, useT } from '@platform/web/client';
import { PAYMENT_PAY_URL, PAYMENT_TRANSACTION_URL, RETRY_SUFFIX, TERMS_URL } from '../../common/checkout-schemas';

/*
 * The card rules (brands, Luhn, expiry) are the payment module's, checked on the server, which answers
 * per field; its face also carries server code, so the browser only keeps digits here.
 */
const digits = (max: number) => (v: string) => v.replace(/\D/g, '').slice(0, max);
const formatCardNumberInput = (v: string) => digits(19)(v).replace(/(\d{4})(?=\d)/g, '$1 ');
const formatExpiryInput = (v: string) => { const d = digits(6)(v); return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d; };
const formatCvcInput = digits(4);

export interface PaymentFormProps {
  csrfToken: string;
  acquirers: Array<{ id: number; name: string; preMsg: string; kind: string; testCards?: Record<string, string> }>;
  acquirerId?: number;
  error?: string;
  /** The payment failed: the error is followed by 'Retry ? '. */
  retry?: boolean;
  fieldErrors?: Record<string, string>;
  holderName?: string;
}

type CardValues = { cc_number: string; cc_holder_name: string; cc_expiry: string; cc_cvc: string };

/**
 * The payment method page's form. Without JavaScript: a plain post of the chosen provider, the terms
 * and the card fields to `/shop/payment/pay` (the server checks the terms and the card again). Hydrated:
 * the pay button is enabled only once the terms are ticked; paying asks
 * `/shop/payment/transaction/<acquirer>` for the order's transaction, which answers a form; the card
 * fields are added to it and it is submitted. A failure comes back as the page with the server's words
 * followed by 'Retry ? '.
 */
function PaymentForm(p: PaymentFormProps) {
  const _t = useT();
  const [acquirerId, setAcquirerId] = useState(p.acquirerId ?? p.acquirers[0]?.id ?? 0);
  const [terms, setTerms] = useState(false);
  const [live, setLive] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState(p.error ? `${p.error}${p.retry ? ` ${RETRY_SUFFIX}` : ''}` : '');
  const [card, setCard] = useState<CardValues>({ cc_number: '', cc_holder_name: p.holderName ?? '', cc_expiry: '', cc_cvc: '' });
  const [errors, setErrors] = useState<Record<string, string>>(p.fieldErrors ?? {});
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => setLive(true), []);
  const chosen = p.acquirers.find((a) => a.id === acquirerId);
  const isCard = chosen?.kind === 'card_form';

  const change = (f: keyof CardValues, format?: (v: string) => string) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = format ? format(e.target.value) : e.target.value;
    setCard((c) => ({ ...c, [f]: value }));
    if (errors[f]) setErrors((er) => { const { [f]: _gone, ...rest } = er; return rest; });
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    if (!live) return;
    e.preventDefault();
    if (!terms || !chosen) return;
    if (isCard) {
      const missing = Object.fromEntries((['cc_number', 'cc_holder_name', 'cc_expiry', 'cc_cvc'] as const).filter((f) => !card[f].trim()).map((f) => [f, 'This field is required.']));
      if (Object.keys(missing).length) {
        setErrors(missing);
        return;
      }
    }
    setBusy(true);
    setFailure('');
    try {
      const reply = await rpc<{ tx_id: number; form: string }>(`${PAYMENT_TRANSACTION_URL}/${chosen.id}`, { tx_type: 'form', accept_terms: true });
      const box = holder.current!;
      box.innerHTML = reply.form;
      const form = box.querySelector('form')!;
      if (isCard) {
        for (const [name, value] of Object.entries(card)) {
          const input = document.createElement('input');
          input.type = 'hidden';
          input.name = name;
          input.value = value;
          form.appendChild(input);
        }
      }
      form.submit();
    } catch (err) {
      setFailure(`${(err as Error).message} ${RETRY_SUFFIX}`);
      setBusy(false);
    }
  };

  const field = (f: keyof CardValues, label: string, extra: Record<string, unknown>, format?: (v: string) => string) => (
    <>
      <label className="form-label d-block" htmlFor={`shop_${f}`}>{label}</label>
      <input id={`shop_${f}`} name={f} className={`form-control${errors[f] ? ' is-invalid' : ''}`} value={card[f]} onChange={change(f, format)}
        aria-invalid={errors[f] ? true : undefined} aria-describedby={errors[f] ? `shop_${f}_error` : undefined} {...extra} />
      {errors[f] ? <div id={`shop_${f}_error`} className="invalid-feedback">{_t(errors[f])}</div> : null}
    </>
  );

  return (
    <>
    <form method="post" action={PAYMENT_PAY_URL} onSubmit={(e) => void submit(e)} noValidate className="shop-payment-form" aria-busy={busy}>
      <input type="hidden" name="csrf_token" value={p.csrfToken} />
      {failure ? <div className="alert alert-danger payment-error" role="alert">{failure}</div> : null}
      {p.acquirers.length === 0 ? <div className="alert alert-warning">{_t('No payment method is available. Please contact us.')}</div> : null}
      <fieldset className="mb-3">
        <legend className="h5">{_t('Pay with')}</legend>
        <div className="list-group">
          {p.acquirers.map((a) => (
            <div key={a.id} className="list-group-item">
              <div className="form-check">
                <input className="form-check-input" type="radio" name="acquirer_id" id={`acquirer_${a.id}`} value={a.id}
                  checked={a.id === acquirerId} onChange={() => setAcquirerId(a.id)} />
                <label className="form-check-label fw-semibold" htmlFor={`acquirer_${a.id}`}>{a.name}</label>
              </div>
              {a.preMsg ? <div className="small text-body-secondary mt-1" dangerouslySetInnerHTML={{ __html: a.preMsg }} /> : null}
              {a.kind === 'card_form' && (a.id === acquirerId || !live) ? (
                <div className="mt-3 shop-card-fields">
                  {a.testCards ? (
                    <p className="small text-body-secondary">{_t('Test mode: %s is approved, %s is declined.').replace('%s', a.testCards.approved).replace('%s', a.testCards.declined)}</p>
                  ) : null}
                  <div className="mb-2">
                    {field('cc_number', _t('Card number'), { inputMode: 'numeric', autoComplete: 'cc-number', placeholder: '•••• •••• •••• ••••', maxLength: 23 }, formatCardNumberInput)}
                  </div>
                  <div className="mb-2">{field('cc_holder_name', _t('Name on the card'), { autoComplete: 'cc-name', maxLength: 128 })}</div>
                  <div className="row g-2">
                    <div className="col-6">{field('cc_expiry', _t('Expiry (MM / YY)'), { inputMode: 'numeric', autoComplete: 'cc-exp', placeholder: 'MM / YY', maxLength: 9 }, formatExpiryInput)}</div>
                    <div className="col-6">{field('cc_cvc', _t('Security code'), { inputMode: 'numeric', autoComplete: 'cc-csc', placeholder: 'CVC', maxLength: 4 }, formatCvcInput)}</div>
                  </div>
                </div>
              ) : null}
            </div>
          ))}
        </div>
      </fieldset>
      <div className="form-check mb-3">
        <input className="form-check-input" type="checkbox" id="accept_terms" name="accept_terms" value="on" required checked={terms} onChange={(e) => setTerms(e.target.checked)} />
        <label className="form-check-label" htmlFor="accept_terms">
          {_t('I agree to the')} <a href={TERMS_URL} target="_blank" rel="noopener">{_t('terms and conditions')}</a>
        </label>
      </div>
      <button type="submit" id="o_payment_form_pay" className="btn btn-primary btn-lg w-100" disabled={(live && !terms) || busy || p.acquirers.length === 0}>{_t('Pay Now')}</button>
    </form>
    {/* The server's form goes here, outside the page's form (a form cannot hold another). */}
    <div ref={holder} className="d-none" />
    </>
  );
}

export default defineIsland('sale.payment_form', PaymentForm);
