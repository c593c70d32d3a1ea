import { useEffect, useState } from 'react';
import { defineIsland, rpc, useT } from '@platform/web/client';
import { GET_STATUS_URL, STATUS_POLL_MAX, WAITING_TITLE, statusPollDelayMs, type OrderStatus } from '../../common/checkout-schemas';

export interface OrderStatusProps {
  orderId: number;
  status: OrderStatus;
}

/**
 * The confirmation page's status area. While the server says `recall` (a pending payment), it asks
 * `/shop/payment/get_status/<order>` again: at most 20 times, the n-th after ceil(n/3) seconds; after
 * the 20th it adds the icon titled 'We are waiting the confirmation of the bank or payment provider'.
 * Without JavaScript the page shows the status it was rendered with (a reload asks again).
 */
function OrderStatusPanel(p: OrderStatusProps) {
  const _t = useT();
  const [status, setStatus] = useState<OrderStatus>(p.status);
  const [polls, setPolls] = useState(0);

  useEffect(() => {
    if (!status.recall || polls >= STATUS_POLL_MAX) return undefined;
    const attempt = polls + 1;
    const timer = setTimeout(() => {
      rpc<OrderStatus | Record<string, never>>(`${GET_STATUS_URL}/${p.orderId}`, {})
        .then((s) => { if ('recall' in s) setStatus(s as OrderStatus); }, () => undefined)
        .finally(() => setPolls(attempt));
    }, statusPollDelayMs(attempt));
    return () => clearTimeout(timer);
  }, [status.recall, polls, p.orderId]);

  return (
    <div className={`alert alert-${status.tone} oe_website_sale_tx_status`} data-order-id={p.orderId} data-state={status.state} data-order-state={status.order_state}
      data-polls={polls} role="status" aria-live="polite">
      {/* The acquirer's messages are html sanitised when saved; the provider's words are escaped by the server. */}
      <div dangerouslySetInnerHTML={{ __html: status.message }} />
      {status.recall && polls >= STATUS_POLL_MAX ? (
        <span className="payment-waiting" title={_t(WAITING_TITLE)} role="img" aria-label={_t(WAITING_TITLE)}>⏳</span>
      ) : null}
    </div>
  );
}

export default defineIsland('sale.order_status', OrderStatusPanel);
