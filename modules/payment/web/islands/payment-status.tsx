import { useEffect, useState } from 'react';
import { defineIsland, rpc, useT } from '@platform/web/client';
import type { StatusPageProps } from '../../common/page-props';
import { GET_STATUS_URL, STATUS_POLL_MAX, WAITING_TITLE, statusPollDelayMs, type PaymentStatus } from '../../common/pay-schema';

/**
 * The status panel of a transaction. While the server says `recall` (pending), it asks again: at most
 * 20 times, the n-th after ceil(n/3) seconds; after the 20th it adds the waiting icon. Without
 * JavaScript the page shows the status it was rendered with (a reload asks again).
 */
function PaymentStatusPanel(p: StatusPageProps) {
  const _t = useT();
  const [status, setStatus] = useState<PaymentStatus>(p.status);
  const [polls, setPolls] = useState(0);

  useEffect(() => {
    if (!status.recall || polls >= STATUS_POLL_MAX) return undefined;
    const attempt = polls + 1;
    const timer = setTimeout(() => {
      rpc<PaymentStatus>(GET_STATUS_URL, { tx_id: p.txId, tx_token: p.txToken })
        .then((s) => setStatus(s), () => undefined)
        .finally(() => setPolls(attempt));
    }, statusPollDelayMs(attempt));
    return () => clearTimeout(timer);
  }, [status.recall, polls, p.txId, p.txToken]);

  return (
    <div className={`alert alert-${status.tone} payment-status`} data-state={status.state} data-polls={polls} role="status" aria-live="polite">
      {/* The acquirer's messages are html sanitised when saved; the provider's words are escaped by the server. */}
      <div dangerouslySetInnerHTML={{ __html: status.message }} />
      {status.recall && polls >= STATUS_POLL_MAX ? (
        <span className="payment-waiting" title={_t(WAITING_TITLE)} role="img" aria-label={_t(WAITING_TITLE)}>⏳</span>
      ) : null}
    </div>
  );
}

export default defineIsland('payment.status', PaymentStatusPanel);
