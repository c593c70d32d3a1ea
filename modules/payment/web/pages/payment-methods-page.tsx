import { page } from '@platform/web';
import { useLocalizedPath, useT } from '@platform/web/client';
import { brandLabel } from '../../common/card-rules';
import type { SavedCardProps } from '../../common/page-props';
import { PAYMENT_METHODS_URL, PAYMENT_METHOD_DELETE_URL, tokenCreateUrl } from '../../common/pay-schema';
import CardForm from '../islands/card-form';

export interface PaymentMethodsPageProps {
  cards: SavedCardProps[];
  csrfToken: string;
  /** Acquirers whose provider saves cards with our card form (test mode). */
  addTo: { id: number; name: string; provider: string }[];
  notice?: string;
  error?: string;
  errors?: Record<string, string>;
  holderName?: string;
}

function PaymentMethodsBody(p: PaymentMethodsPageProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  return (
    <div className="container py-4 payment-methods" style={{ maxWidth: '40rem' }}>
      <h1 className="h2">{_t('Payment methods')}</h1>
      {p.notice ? <div className="alert alert-success" role="status">{_t(p.notice)}</div> : null}
      {p.error ? <div className="alert alert-danger" role="alert">{_t(p.error)}</div> : null}
      {p.cards.length ? (
        <ul className="list-group mb-4">
          {p.cards.map((c) => (
            <li key={c.id} className="list-group-item d-flex flex-wrap gap-2 align-items-center justify-content-between payment-saved-card">
              <span>
                <strong>{brandLabel(c.brand)}</strong> •••• {c.last4}
                {c.holderName ? <span className="text-body-secondary"> · {c.holderName}</span> : null}
                {c.expiry ? <span className="text-body-secondary"> · {_t('expires')} {c.expiry}</span> : null}
              </span>
              <form method="post" action={localized(PAYMENT_METHOD_DELETE_URL)}>
                <input type="hidden" name="csrf_token" value={p.csrfToken} />
                <input type="hidden" name="token_id" value={c.id} />
                <button type="submit" className="btn btn-outline-danger btn-sm" aria-label={`${_t('Delete')} ${brandLabel(c.brand)} •••• ${c.last4}`}>{_t('Delete')}</button>
              </form>
            </li>
          ))}
        </ul>
      ) : <p>{_t('You have no saved card.')}</p>}
      {p.addTo.map((a) => (
        <section key={a.id} className="card card-body mb-3" aria-labelledby={`add_${a.id}_title`}>
          <h2 id={`add_${a.id}_title`} className="h5">{_t('Add a card')}: {a.name}</h2>
          <CardForm action={tokenCreateUrl(a.provider)} hidden={{ acquirer_id: String(a.id), return_url: PAYMENT_METHODS_URL }} csrfToken={p.csrfToken}
            mode="save" provider={a.provider} submitLabel="Save the card" saveToken="none" signedIn idPrefix={`add_${a.id}`}
            errors={p.errors} holderName={p.holderName} />
        </section>
      ))}
    </div>
  );
}

/** `/my/payment_method`: the signed-in user's saved cards (brand and last 4 digits), to delete or add. */
export function paymentMethodsPageView(props: PaymentMethodsPageProps, status = 200) {
  return page('Payment methods', <PaymentMethodsBody {...props} />, { status });
}
