import { page } from '@platform/web';
import { useLocalizedPath, useT } from '@platform/web/client';
import { PAY_LINK_URL } from '../../common/pay-schema';

export interface LinkPageProps {
  csrfToken: string;
  currencies: { id: number; name: string }[];
  values?: Record<string, unknown>;
  errors?: Record<string, string>;
  /** The signed link made for the posted values. */
  link?: string;
}

function LinkBody(p: LinkPageProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  const field = (name: 'reference' | 'amount', label: string, extra: Record<string, string> = {}) => (
    <div className="mb-3">
      <label className="form-label" htmlFor={`link_${name}`}>{_t(label)}</label>
      <input id={`link_${name}`} name={name} defaultValue={String(p.values?.[name] ?? '')} {...extra}
        className={`form-control${p.errors?.[name] ? ' is-invalid' : ''}`} aria-invalid={p.errors?.[name] ? true : undefined}
        aria-describedby={p.errors?.[name] ? `link_${name}_error` : undefined} />
      {p.errors?.[name] ? <div id={`link_${name}_error`} className="invalid-feedback">{_t(p.errors[name])}</div> : null}
    </div>
  );
  return (
    <div className="container py-4" style={{ maxWidth: '40rem' }}>
      <h1 className="h2">{_t('Payment link')}</h1>
      <p>{_t('The link fixes the reference, the amount and the currency: whoever opens it can pay it, not change it.')}</p>
      <form method="post" action={localized(PAY_LINK_URL)} className="card card-body mb-3" noValidate>
        <input type="hidden" name="csrf_token" value={p.csrfToken} />
        {field('reference', 'Reference', { maxLength: '58', required: 'required' })}
        {field('amount', 'Amount', { inputMode: 'decimal', required: 'required' })}
        <div className="mb-3">
          <label className="form-label" htmlFor="link_currency_id">{_t('Currency')}</label>
          <select id="link_currency_id" name="currency_id" className="form-select" defaultValue={String(p.values?.currency_id ?? p.currencies[0]?.id ?? '')}>
            {p.currencies.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </div>
        <div><button type="submit" className="btn btn-primary">{_t('Make the link')}</button></div>
      </form>
      {p.link ? (
        <div className="alert alert-success payment-link" role="status">
          <p className="mb-1">{_t('Send this link to the payer:')}</p>
          <a href={p.link} className="text-break">{p.link}</a>
        </div>
      ) : null}
    </div>
  );
}

/** `/website_payment/link`: payment managers make signed payment links. */
export function linkPage(props: LinkPageProps, status = 200) {
  return page('Payment link', <LinkBody {...props} />, { status });
}
