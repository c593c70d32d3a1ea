import { useState } from 'react';
import { rpc } from '@platform/web/client';
import { type BackofficeViewProps, GenericForm, useBackoffice } from '@platform/web/backoffice/client';

/**
 * A payment transaction: its generic form (amount, state and references are written by the payment
 * services only), and for a pending wire transfer the "Confirm the transfer" action, for when the money
 * is on the bank account.
 */
export default function TransactionForm({ route, model }: BackofficeViewProps) {
  const { _t } = useBackoffice();
  const [error, setError] = useState('');
  return (
    <>
      {error ? <div className="alert alert-danger" role="alert">{error}</div> : null}
      <GenericForm model={model ?? 'payment.transaction'} id={route.id} extraActions={(record, reload) => {
        const act = (url: string, params: Record<string, unknown>) => {
          setError('');
          rpc(url, { tx_id: route.id, ...params }).then(() => reload(), (err: Error) => setError(err.message));
        };
        if (record.provider === 'transfer' && record.state === 'pending') {
          return <button type="button" className="btn btn-primary btn-sm" onClick={() => act('/payment/backoffice/confirm_transfer', {})}>{_t('Confirm the transfer')}</button>;
        }
        if (record.state === 'authorized') {
          return (
            <>
              <button type="button" className="btn btn-primary btn-sm" onClick={() => act('/payment/backoffice/settle', { action: 'capture' })}>{_t('Capture')}</button>
              <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => act('/payment/backoffice/settle', { action: 'void' })}>{_t('Void')}</button>
            </>
          );
        }
        return null;
      }} />
    </>
  );
}
