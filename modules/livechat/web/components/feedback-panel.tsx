import { useState } from 'react';
import { useT } from '@platform/web/client';
import { CHAT_RATINGS as RATINGS } from '../../common/chat-ratings';

/** Smileys asked for when the visitor closes a conversation it wrote in, or once the operator ended it. Rating 1 asks for a reason first. */
export function FeedbackPanel({ onRate, onSkip }: { onRate(rate: number, reason?: string): void; onSkip(): void }) {
  const _t = useT();
  const [askReason, setAskReason] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <div className="o_livechat_feedback">
      <p>{_t('Did we correctly answer your question?')}</p>
      <div className="o_livechat_rating_choices">
        {RATINGS.map((r) => (
          <button key={r.rate} type="button" className="o_livechat_rating" data-rate={r.rate} aria-label={_t(r.label)}
            onClick={() => (r.rate === 1 ? setAskReason(true) : onRate(r.rate))}>
            {r.face}
          </button>
        ))}
      </div>
      {askReason ? (
        <div className="o_livechat_reason">
          <label>
            {_t('Please explain why you are not satisfied')}
            <textarea className="form-control" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={2000} rows={3} />
          </label>
          <button type="button" className="btn btn-primary btn-sm o_livechat_send_reason" onClick={() => onRate(1, reason)}>{_t('Send')}</button>
        </div>
      ) : null}
      <button type="button" className="btn btn-link btn-sm o_livechat_no_feedback" onClick={onSkip}>{_t('No feedback')}</button>
    </div>
  );
}
