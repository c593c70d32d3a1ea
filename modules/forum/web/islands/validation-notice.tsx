import { useState } from 'react';
import { defineIsland, rpc, RpcError, useT } from '@platform/web/client';

export interface ValidationNoticeProps {
  forumId: number;
  /** ask: karma 0, no mail sent yet; sent: the mail is on its way; done: just validated (thanks, closable). */
  state: 'ask' | 'sent' | 'done';
  /**
   * On the ask form: the karma asking needs and the karma validating gives (the notice then says how
   * to earn the right to post); elsewhere absent.
   */
  toAsk?: { needed: number; gain: number };
}

/** The e-mail validation notice of new users (karma 0), and the thanks after the link was opened. */
function ValidationNotice({ forumId, state: initial, toAsk }: ValidationNoticeProps) {
  const _t = useT();
  const [state, setState] = useState<ValidationNoticeProps['state'] | 'closed'>(initial);
  const [error, setError] = useState('');
  const [resent, setResent] = useState(false);
  if (state === 'closed') return null;
  const send = async () => {
    setError('');
    try {
      if (await rpc<boolean>('/forum/send_validation_email', { forum_id: forumId })) {
        setResent(state === 'sent');
        setState('sent');
      }
      else setError(_t('Your account has no e-mail address to validate.'));
    } catch (err) {
      setError(err instanceof RpcError ? err.message : String(err));
    }
  };
  const close = async () => {
    await rpc('/forum/validate_email/close', {}).catch(() => undefined);
    setState('closed');
  };
  if (state === 'done') {
    return (
      <div className="alert alert-success d-flex align-items-start gap-2 forum-validation-done" role="status">
        <span className="flex-grow-1">{_t('Thank you! Your e-mail is validated: you can now take part in the forum.')}</span>
        <button type="button" className="btn-close" aria-label={_t('Close')} onClick={close} />
      </div>
    );
  }
  return (
    <div className="alert alert-warning forum-validation-notice" role="status">
      {toAsk && <p className="mb-2 fw-semibold forum-validation-to-ask">{_t('You need %s karma to post here. Validate your e-mail address to get %d karma at once.').replace('%s', String(toAsk.needed)).replace('%d', String(toAsk.gain))}</p>}
      {state === 'sent'
        ? <>{_t('A validation e-mail has been sent: open its link to take part in the forum.')} <button type="button" className="btn btn-link btn-sm p-0 align-baseline forum-validation-resend" onClick={send}>{_t('Send it again')}</button></>
        : <>{_t('Your e-mail is not validated yet: validate it to ask, answer and vote.')} <button type="button" className="btn btn-sm btn-warning ms-1" onClick={send}>{_t('Send the validation e-mail')}</button></>}
      {error && <div className="text-danger small mt-1" role="alert">{error}</div>}
    </div>
  );
}

export default defineIsland('forum.validation_notice', ValidationNotice);
