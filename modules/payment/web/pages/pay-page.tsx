import { page } from '@platform/web';
import { useLocalizedPath, useT } from '@platform/web/client';
import type { OfferedAcquirer, PayPageProps } from '../../common/page-props';
import { PAY_SUBMIT_URL, RETRY_SUFFIX } from '../../common/pay-schema';
import CardForm from '../islands/card-form';
import SavedCardPay from '../islands/saved-card-pay';

function Hidden({ fields }: { fields: Record<string, string> }) {
  return <>{Object.entries(fields).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}</>;
}

function AcquirerPanel({ p, a }: { p: PayPageProps; a: OfferedAcquirer }) {
  const _t = useT();
  const localized = useLocalizedPath();
  const hidden = { ...p.link, acquirer_id: String(a.id) };
  const active = p.activeAcquirerId === a.id;
  const cards = p.savedCards.filter((c) => c.acquirerId === a.id);
  return (
    <section className="card mb-3 payment-acquirer" aria-labelledby={`acquirer_${a.id}_title`} data-provider={a.provider}>
      <div className="card-body">
        <h2 id={`acquirer_${a.id}_title`} className="h5 card-title">
          {a.name}
          {a.environment === 'test' && a.form.kind !== 'button' ? <span className="badge text-bg-warning ms-2">{_t('Test mode')}</span> : null}
        </h2>
        {a.preMsg ? <div className="payment-pre-msg mb-2" dangerouslySetInnerHTML={{ __html: a.preMsg }} /> : null}
        {active && p.tokenFailed && !cards.length ? <div className="alert alert-danger" role="alert">{_t(p.error ?? '')} {_t(RETRY_SUFFIX)}</div> : null}
        {cards.length ? (
          <SavedCardPay cards={cards} hidden={hidden} csrfToken={p.csrfToken} idPrefix={`acquirer_${a.id}`} error={active && p.tokenFailed ? p.error : undefined} />
        ) : null}
        {cards.length && a.form.kind === 'card_form' ? <h3 className="fs-6 fw-normal">{_t('Or pay with a new card')}</h3> : null}
        {a.form.kind === 'card_form' ? (
          <CardForm action={PAY_SUBMIT_URL} hidden={hidden} csrfToken={p.csrfToken} mode="pay" provider={a.provider} submitLabel="Pay Now"
            saveToken={a.saveToken} signedIn={p.signedIn} idPrefix={`acquirer_${a.id}`}
            error={active && !p.tokenFailed ? p.error : undefined} errors={active ? p.errors : undefined} holderName={active ? p.holderName : undefined} />
        ) : null}
        {a.form.kind === 'button' || a.form.kind === 'redirect' ? (
          <form method="post" action={localized(PAY_SUBMIT_URL)}>
            <input type="hidden" name="csrf_token" value={p.csrfToken} />
            <Hidden fields={hidden} />
            {active && p.error ? <div className="alert alert-danger" role="alert">{_t(p.error)} {_t(RETRY_SUFFIX)}</div> : null}
            <button type="submit" className="btn btn-primary">{_t(a.form.label)}</button>
          </form>
        ) : null}
      </div>
    </section>
  );
}

function PayBody(p: PayPageProps) {
  const _t = useT();
  const general = p.error && !p.activeAcquirerId;
  return (
    <div className="container py-4 payment-pay" style={{ maxWidth: '40rem' }}>
      <h1 className="h2">{_t('Pay online')}</h1>
      <dl className="row payment-summary">
        <dt className="col-5">{_t('Reference')}</dt><dd className="col-7 payment-reference">{p.link.reference}</dd>
        <dt className="col-5">{_t('Amount')}</dt><dd className="col-7 payment-amount fw-bold">{p.amountText}</dd>
      </dl>
      {general ? <div className="alert alert-danger" role="alert">{_t(p.error!)}</div> : null}
      {p.alreadyPaid ? <div className="alert alert-success" role="status">{_t('This reference has already been paid.')}</div> : null}
      {!p.alreadyPaid && !general && !p.acquirers.length ? <p>{_t('No payment method is available on this site.')}</p> : null}
      {!p.alreadyPaid && !general ? p.acquirers.map((a) => <AcquirerPanel key={a.id} p={p} a={a} />) : null}
      {!p.signedIn && !p.alreadyPaid && !general ? <p className="small"><a href={p.loginUrl}>{_t('Sign in')}</a> {_t('to pay with a saved card or save yours.')}</p> : null}
      {p.testCards && !p.alreadyPaid && !general ? (
        <details className="small text-body-secondary payment-test-cards">
          <summary>{_t('Test card numbers')}</summary>
          <ul className="mb-0">
            {Object.entries(p.testCards).map(([k, n]) => <li key={k}><code>{n}</code>: {_t(k)}</li>)}
          </ul>
          <p className="mb-0">{_t('Any expiry date in the future, any security code, any name.')}</p>
        </details>
      ) : null}
    </div>
  );
}

/** `/website_payment/pay`: the amount of a signed link, and a form per payment method. */
export function payPage(props: PayPageProps, status = 200) {
  return page('Pay online', <PayBody {...props} />, { status });
}
