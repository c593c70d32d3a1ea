import { useRef, useState, type ChangeEvent } from 'react';
import { useFormik } from 'formik';
import { defineIsland, rpc, useLocalizedPath, useT } from '@platform/web/client';
import { brandLabel, cardBrand, formatCardNumberInput, formatCvcInput, formatExpiryInput } from '../../common/card-rules';
import { cardFieldsSchema, type CardField } from '../../common/card-schema';
import type { CardFormProps } from '../../common/page-props';
import { RETRY_SUFFIX, TRANSACTION_URL, processUrl, type PayReply } from '../../common/pay-schema';

/**
 * The card form. Without JavaScript it is a plain post (the server checks every rule and shows it
 * again with its messages). Hydrated: the number, expiry and code keep only what the rules allow while
 * typed (digits, the brand's longest number, 6 expiry digits, 4 code digits), each field shows its
 * error or success style when left (formik on the shared schema), and paying goes through the JSON
 * calls: the transaction, then the card to the provider's action URL; a failure shows the server's
 * words followed by 'Retry ? ' in a danger panel.
 */
function CardForm(p: CardFormProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  const form = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState(p.error ?? '');
  const [busy, setBusy] = useState(false);
  const formik = useFormik({
    initialValues: { cc_number: '', cc_holder_name: p.holderName ?? '', cc_expiry: '', cc_cvc: '', save_card: false },
    initialErrors: p.errors,
    initialTouched: Object.fromEntries(Object.keys(p.errors ?? {}).map((k) => [k, true])),
    validationSchema: cardFieldsSchema,
    onSubmit: async (values, helpers) => {
      if (p.mode === 'save') {
        form.current?.submit();
        return;
      }
      setBusy(true);
      setFailure('');
      try {
        const tx = await rpc<{ tx_id: number; tx_token: string }>(TRANSACTION_URL, {
          reference: p.hidden.reference, amount: Number(p.hidden.amount), currency_id: Number(p.hidden.currency_id),
          access_token: p.hidden.access_token, acquirer_id: Number(p.hidden.acquirer_id),
        });
        const reply = await rpc<PayReply>(processUrl(p.provider), {
          tx_id: tx.tx_id, tx_token: tx.tx_token, cc_number: values.cc_number, cc_holder_name: values.cc_holder_name,
          cc_expiry: values.cc_expiry, cc_cvc: values.cc_cvc, save_card: values.save_card,
        });
        if (reply.success && reply.url) {
          window.location.assign(/^https?:\/\//i.test(reply.url) ? reply.url : localized(reply.url));
          return;
        }
        if (reply.fields) helpers.setErrors(reply.fields);
        setFailure(reply.error ?? '');
      } catch (err) {
        setFailure((err as Error).message);
      }
      setBusy(false);
    },
  });
  const id = (f: string) => `${p.idPrefix}_${f}`;
  const error = (f: CardField) => (formik.touched[f] && formik.errors[f] ? formik.errors[f] : undefined);
  const style = (f: CardField) => (error(f) ? ' is-invalid' : formik.touched[f] && formik.values[f] ? ' is-valid' : '');
  const control = (f: CardField, format?: (v: string) => string) => ({
    id: id(f), name: f, value: formik.values[f],
    onChange: (e: ChangeEvent<HTMLInputElement>) => void formik.setFieldValue(f, format ? format(e.target.value) : e.target.value),
    onBlur: formik.handleBlur,
    className: `form-control${style(f)}`,
    'aria-invalid': error(f) ? true : undefined,
    'aria-describedby': error(f) ? id(`${f}_error`) : undefined,
  });
  const message = (f: CardField) => (error(f) ? <div id={id(`${f}_error`)} className="invalid-feedback">{_t(String(error(f)))}</div> : null);
  const brand = cardBrand(formik.values.cc_number);

  return (
    <form ref={form} method="post" action={localized(p.action)} onSubmit={formik.handleSubmit} noValidate className="payment-card-form" aria-busy={busy}>
      <input type="hidden" name="csrf_token" value={p.csrfToken} />
      {Object.entries(p.hidden).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
      {failure ? (
        <div className="alert alert-danger payment-error" role="alert">{_t(failure)} {_t(RETRY_SUFFIX)}</div>
      ) : null}
      <div className="mb-3">
        <label className="form-label" htmlFor={id('cc_number')}>{_t('Card number')}</label>
        <div className="input-group has-validation">
          <input {...control('cc_number', formatCardNumberInput)} inputMode="numeric" autoComplete="cc-number" placeholder="•••• •••• •••• ••••" maxLength={23} />
          <span className="input-group-text payment-card-brand" aria-live="polite">{brand ? brandLabel(brand) : _t('Card')}</span>
          {message('cc_number')}
        </div>
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor={id('cc_holder_name')}>{_t('Name on the card')}</label>
        <input {...control('cc_holder_name')} autoComplete="cc-name" maxLength={128} />
        {message('cc_holder_name')}
      </div>
      <div className="row g-3 mb-3">
        <div className="col-6">
          <label className="form-label" htmlFor={id('cc_expiry')}>{_t('Expiry (MM / YY)')}</label>
          <input {...control('cc_expiry', formatExpiryInput)} inputMode="numeric" autoComplete="cc-exp" placeholder="MM / YY" maxLength={9} />
          {message('cc_expiry')}
        </div>
        <div className="col-6">
          <label className="form-label" htmlFor={id('cc_cvc')}>{_t('Security code')}</label>
          <input {...control('cc_cvc', formatCvcInput)} inputMode="numeric" autoComplete="cc-csc" placeholder="CVC" maxLength={4} />
          {message('cc_cvc')}
        </div>
      </div>
      {p.mode === 'pay' && p.signedIn && p.saveToken === 'ask' ? (
        <div className="form-check mb-3">
          <input className="form-check-input" type="checkbox" id={id('save_card')} name="save_card" value="on"
            checked={formik.values.save_card} onChange={(e) => void formik.setFieldValue('save_card', e.target.checked)} />
          <label className="form-check-label" htmlFor={id('save_card')}>{_t('Save my card for my next payments')}</label>
        </div>
      ) : null}
      {p.mode === 'pay' && p.signedIn && p.saveToken === 'always' ? <p className="small text-body-secondary">{_t('Your card will be saved for your next payments.')}</p> : null}
      <button type="submit" className="btn btn-primary" disabled={busy}>{_t(p.submitLabel)}</button>
    </form>
  );
}

export default defineIsland('payment.card_form', CardForm);
