import { useCallback, useEffect, useState } from 'react';
import { rpc, RpcError } from '@platform/web/client';
import { type BusNotification, sharedBus } from '@platform/web/client/bus';
import { type BackofficeViewProps, useBackoffice } from '@platform/web/backoffice/client';
import { BACKOFFICE_QUEUES, type BackofficeQueue, type BackofficeQueueItem } from '../../common/backoffice-queues';
import type { QueueType } from '../../common/page-props';

/** A decision's buttons as each queue names them ('validate' publishes, accepts a flagged post, restores an offensive one). */
const VALIDATE_LABEL: Record<QueueType, string> = { validation: 'Validate', flagged: 'Accept the post', offensive: 'Restore' };
const EMPTY: Record<QueueType, string> = { validation: 'No post is waiting for validation.', flagged: 'No post is flagged.', offensive: 'No post was marked offensive.' };

/**
 * Forum > Waiting for validation / Flagged posts / Offensive posts in the back office: the posts of
 * every forum the moderator moderates, each with its decisions (validate or refuse; accept or mark
 * offensive with a reason; restore). A post waiting for validation that arrives on the moderator's bus
 * channel shows at once in the validation queue.
 */
export default function ModerationQueueView({ action }: BackofficeViewProps) {
  const { _t } = useBackoffice();
  const screen = action && 'screen' in action ? action.screen : '';
  const queue = BACKOFFICE_QUEUES.find((q) => q.screen === screen) ?? BACKOFFICE_QUEUES[0];
  const [data, setData] = useState<BackofficeQueue | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  const load = useCallback(async () => {
    try {
      setData(await rpc<BackofficeQueue>('/forum/moderation/queue', { type: queue.type }));
    } catch (err) {
      setError(err instanceof RpcError ? err.message : String(err));
    }
  }, [queue.type]);

  useEffect(() => { setData(null); setError(''); setNotice(''); void load(); }, [load]);

  // A new post waiting for validation: the validation queue reloads and says so.
  useEffect(() => sharedBus().onNotification((ns: BusNotification[]) => {
    const pending = ns.map((n) => n.message as { type?: string; pending?: { title: string; forumName: string } }).filter((m) => m?.type === 'forum.pending' && m.pending);
    if (!pending.length || queue.type !== 'validation') return;
    setNotice(_t('New post waiting for validation: %s').replace('%s', pending.map((m) => m.pending!.title).join(', ')));
    void load();
  }), [queue.type, load, _t]);

  const act = async (item: BackofficeQueueItem, call: () => Promise<unknown>, done: string) => {
    setError('');
    try {
      await call();
      setNotice(done.replace('%s', item.name));
      await load();
    } catch (err) {
      setError(err instanceof RpcError ? err.message : String(err));
    }
  };

  return (
    <div className="container-fluid py-3 o_forum_moderation" data-queue={queue.type}>
      <h1 className="h4 mb-3">{_t(queue.name)}</h1>
      <div aria-live="polite">{notice ? <div className="alert alert-success py-2 o_forum_moderation_notice">{notice}</div> : null}</div>
      {error ? <div className="alert alert-danger py-2" role="alert">{error}</div> : null}
      {!data && !error ? <p className="text-body-secondary" role="status">{_t('Loading…')}</p> : null}
      {data && !data.forums.length ? <p className="o_forum_moderation_none">{_t('You moderate no forum: moderators are the users whose karma reaches the forum\'s moderation threshold.')}</p> : null}
      {data && data.forums.length > 0 && !data.items.length ? <p className="text-body-secondary o_forum_moderation_empty">{_t(EMPTY[queue.type])}</p> : null}
      {data && data.items.length > 0 ? (
        <ul className="list-unstyled mb-0 d-grid gap-2">
          {data.items.map((item) => (
            <QueueEntry key={item.id} item={item} type={queue.type} reasons={data.reasons}
              onValidate={() => act(item, () => rpc('/forum/moderation/decide', { post_id: item.id, decision: 'validate' }), _t('Done: %s'))}
              onRefuse={() => act(item, () => rpc('/forum/moderation/decide', { post_id: item.id, decision: 'refuse' }), _t('Refused: %s'))}
              onOffensive={(reasonId) => act(item, () => rpc('/forum/moderation/mark_offensive', { post_id: item.id, reason_id: reasonId }), _t('Marked offensive: %s'))} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

interface EntryProps {
  item: BackofficeQueueItem;
  type: QueueType;
  reasons: BackofficeQueue['reasons'];
  onValidate(): Promise<void>;
  onRefuse(): Promise<void>;
  onOffensive(reasonId: number): Promise<void>;
}

/** One queued post: where it is, what it says, who wrote (or flagged) it, and its decisions. */
function QueueEntry({ item, type, reasons, onValidate, onRefuse, onOffensive }: EntryProps) {
  const { _t } = useBackoffice();
  const [busy, setBusy] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [reasonId, setReasonId] = useState(reasons[0]?.id ?? 0);
  const run = (fn: () => Promise<void>) => async () => { setBusy(true); try { await fn(); } finally { setBusy(false); } };
  const titleId = `forum-queue-${item.id}`;
  return (
    <li className="card o_forum_queue_item" data-post-id={item.id} aria-labelledby={titleId}>
      <div className="card-body py-2">
        <div className="small text-body-secondary mb-1">{item.forumName}{item.questionId !== item.id ? ` · ${_t('Answer')}` : ''}</div>
        <h2 id={titleId} className="h6 mb-1 text-break">
          {type === 'offensive' ? item.name : <a href={item.path} target="_blank" rel="noopener">{item.name}</a>}
        </h2>
        <p className="small mb-1 text-break">{item.excerpt}</p>
        <p className="small text-body-secondary mb-2">
          {_t('By %s').replace('%s', item.authorName)}
          {item.flaggedBy ? ` · ${_t('Flagged by %s').replace('%s', item.flaggedBy)}` : ''}
          {item.reason ? ` · ${_t('Reason: %s').replace('%s', item.reason)}` : ''}
        </p>
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <button type="button" className="btn btn-sm btn-success o_forum_validate" disabled={busy} onClick={run(onValidate)}>{_t(VALIDATE_LABEL[type])}</button>
          {type === 'validation' ? <button type="button" className="btn btn-sm btn-outline-danger o_forum_refuse" disabled={busy} onClick={run(onRefuse)}>{_t('Refuse')}</button> : null}
          {type !== 'offensive' && reasons.length > 0 && !choosing
            ? <button type="button" className="btn btn-sm btn-outline-danger o_forum_offensive" disabled={busy} aria-expanded={false} onClick={() => setChoosing(true)}>{_t('Mark as offensive')}</button>
            : null}
          {choosing ? (
            <div className="d-flex flex-wrap gap-2 align-items-center">
              <label className="visually-hidden" htmlFor={`${titleId}-reason`}>{_t('Reason')}</label>
              <select id={`${titleId}-reason`} className="form-select form-select-sm w-auto" value={reasonId} onChange={(e) => setReasonId(Number(e.target.value))}>
                {reasons.map((r) => <option key={r.id} value={r.id}>{_t(r.name)}</option>)}
              </select>
              <button type="button" className="btn btn-sm btn-danger o_forum_offensive_confirm" disabled={busy} onClick={run(() => onOffensive(reasonId))}>{_t('Mark as offensive')}</button>
              <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setChoosing(false)}>{_t('Cancel')}</button>
            </div>
          ) : null}
        </div>
      </div>
    </li>
  );
}
