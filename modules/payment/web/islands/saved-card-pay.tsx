import { useState, type FormEvent } from 'react';
import { defineIsland, rpc, useLocalizedPath, useT } from '@platform/web/client';
import { brandLabel } from '../../common/card-rules';
import type { SavedCardProps } from '../../common/page-props';
import { PAY_SUBMIT_URL, RETRY_SUFFIX, TOKEN_PAY_URL, TRANSACTION_URL, type PayReply } from '../../common/pay-schema';

export interface SavedCardPayProps {
  cards: SavedCardProps[];
  /** The payment link and the acquirer, posted with the chosen card. */
  hidden: Record<string, string>;
  csrfToken: string;
  idPrefix: string;
  /** A refusal of the plain post (shown followed by 'Retry ? '). */
  error?: string;
}

/**
 * Pay with a saved card. Without JavaScript, a plain post of the chosen card. Hydrated: the transaction
 * then the token payment as JSON calls (`{success, url, error}`); a failure shows the server's words
 * followed by 'Retry ? ' in a danger panel.
 */
function SavedCardPay(p: SavedCardPayProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  const [chosen, setChosen] = useState(p.cards[0]?.id ?? 0);
  const [failure, setFailure] = useState(p.error ?? '');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailure('');
    try {
      const tx = await rpc<{ tx_id: number; tx_token: string }>(TRANSACTION_URL, {
        reference: p.hidden.reference, amount: Number(p.hidden.amount), currency_id: Number(p.hidden.currency_id),
        access_token: p.hidden.access_token, acquirer_id: Number(p.hidden.acquirer_id),
      });
      const reply = await rpc<PayReply>(TOKEN_PAY_URL, { tx_id: tx.tx_id, tx_token: tx.tx_token, token_id: chosen });
      if (reply.success && reply.url) {
        window.location.assign(localized(reply.url));
        return;
      }
      setFailure(reply.error ?? '');
    } catch (err) {
      setFailure((err as Error).message);
    }
    setBusy(false);
  };

  return (
    <form method="post" action={localized(PAY_SUBMIT_URL)} onSubmit={(e) => void submit(e)} className="mb-3 payment-saved-cards" aria-busy={busy}>
      <input type="hidden" name="csrf_token" value={p.csrfToken} />
      {Object.entries(p.hidden).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
      {failure ? <div className="alert alert-danger payment-error" role="alert">{_t(failure)} {_t(RETRY_SUFFIX)}</div> : null}
      <fieldset>
        <legend className="fs-6">{_t('Pay with a saved card')}</legend>
        {p.cards.map((c) => (
          <div className="form-check" key={c.id}>
            <input className="form-check-input" type="radio" name="token_id" value={c.id} id={`${p.idPrefix}_token_${c.id}`}
              checked={chosen === c.id} onChange={() => setChosen(c.id)} />
            <label className="form-check-label" htmlFor={`${p.idPrefix}_token_${c.id}`}>
              {brandLabel(c.brand)} •••• {c.last4}{c.holderName ? ` (${c.holderName})` : ''}
            </label>
          </div>
        ))}
      </fieldset>
      <button type="submit" className="btn btn-outline-primary mt-2" disabled={busy}>{_t('Pay with this card')}</button>
    </form>
  );
}

export default defineIsland('payment.saved_card_pay', SavedCardPay);
