import { page } from '@platform/web';
import { useT } from '@platform/web/client';
import type { StatusPageProps } from '../../common/page-props';
import PaymentStatus from '../islands/payment-status';

function StatusBody(p: StatusPageProps) {
  const _t = useT();
  return (
    <div className="container py-4 payment-status-page" style={{ maxWidth: '40rem' }}>
      <h1 className="h2">{_t('Payment status')}</h1>
      <dl className="row">
        <dt className="col-5">{_t('Reference')}</dt><dd className="col-7 payment-reference">{p.reference}</dd>
        <dt className="col-5">{_t('Amount')}</dt><dd className="col-7">{p.amountText}</dd>
        {p.cardText ? <><dt className="col-5">{_t('Card')}</dt><dd className="col-7">{p.cardText}</dd></> : null}
      </dl>
      <PaymentStatus {...p} />
    </div>
  );
}

/** `/website_payment/status/<id>?token=`: where a transaction stands, polled while it is pending. */
export function statusPage(props: StatusPageProps) {
  return page('Payment status', <StatusBody {...props} />);
}
