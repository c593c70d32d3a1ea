import { page } from '@platform/web';
import { useLocalizedPath, useT } from '@platform/web/client';
import type { QueueFailure, QueueItem, QueueType } from '../../common/page-props';

export interface ModerationQueueProps {
  forumName: string;
  base: string;
  type: QueueType;
  items: QueueItem[];
  csrfToken: string;
  /** The last decision that failed (SPEC 8: the item shows again, in red, with why). */
  failure: QueueFailure | null;
}

export const QUEUE_PATHS: Record<QueueType, string> = { validation: 'validation_queue', flagged: 'flagged_queue', offensive: 'offensive_posts' };
const TITLES: Record<QueueType, string> = { validation: 'Questions to validate', flagged: 'Flagged posts', offensive: 'Offensive posts' };
const TABS: Record<QueueType, string> = { validation: 'To validate', flagged: 'Flagged', offensive: 'Offensive' };

/** A form posting one decision on a queued post, back to this queue. */
function Decision({ p, item, decision, label, style }: { p: ModerationQueueProps; item: QueueItem; decision: 'validate' | 'refuse'; label: string; style: string }) {
  const localized = useLocalizedPath();
  return (
    <form method="post" action={localized(`${p.base}/post/${item.id}/${decision}`)}>
      <input type="hidden" name="csrf_token" value={p.csrfToken} />
      <input type="hidden" name="queue_type" value={p.type} />
      <button type="submit" className={`btn btn-sm ${style}`}>{label}</button>
    </form>
  );
}

/** The moderators' queues: posts waiting for validation, flagged posts, offensive posts, each with its decisions. */
function ModerationQueue(p: ModerationQueueProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  const failedShown = p.failure && p.items.some((i) => i.id === p.failure!.id);
  return (
    <section className="container py-4 forum-moderation-queue">
      <nav aria-label={_t('Breadcrumb')}><ol className="breadcrumb"><li className="breadcrumb-item"><a href={localized(p.base)}>{p.forumName}</a></li></ol></nav>
      <h1>{_t(TITLES[p.type])}</h1>
      <ul className="nav nav-pills mb-3">
        {(Object.keys(QUEUE_PATHS) as QueueType[]).map((t) => (
          <li key={t} className="nav-item">
            <a className={`nav-link${t === p.type ? ' active' : ''}`} aria-current={t === p.type ? 'page' : undefined} href={localized(`${p.base}/${QUEUE_PATHS[t]}`)}>{_t(TABS[t])}</a>
          </li>
        ))}
      </ul>
      {p.failure && !failedShown && <div className="alert alert-danger forum-queue-failure" role="alert">{p.failure.message}</div>}
      {p.items.length === 0 ? <p>{_t('Nothing is waiting.')}</p> : (
        <ul className="list-group">
          {p.items.map((item) => {
            const failed = p.failure?.id === item.id;
            return (
              <li key={item.id} className={`list-group-item forum-queue-item${failed ? ' list-group-item-danger border-danger forum-queue-failed' : ''}`}>
                <h2 className="h5 text-break">{item.questionId !== item.id && <span className="badge text-bg-secondary me-1">{_t('Answer')}</span>}{item.name}</h2>
                <p className="small text-body-secondary text-break mb-1">{item.excerpt} · {item.authorName}</p>
                {item.flaggedBy && <p className="small mb-1">{_t('Flagged by %s').replace('%s', item.flaggedBy)}</p>}
                {item.reason && <p className="small mb-1">{_t('Reason: %s').replace('%s', item.reason)}</p>}
                {failed && <p className="small text-danger fw-bold mb-1" role="alert">{p.failure!.message}</p>}
                <div className="d-flex flex-wrap gap-2">
                  <Decision p={p} item={item} decision="validate" label={p.type === 'validation' ? _t('Validate') : p.type === 'flagged' ? _t('Accept the post') : _t('Restore')} style="btn-success" />
                  {p.type === 'validation' && <Decision p={p} item={item} decision="refuse" label={_t('Refuse')} style="btn-outline-danger" />}
                  {p.type === 'flagged' && <a className="btn btn-sm btn-outline-danger" href={localized(`${p.base}/post/${item.id}/ask_for_mark_as_offensive`)}>{_t('Mark as offensive')}</a>}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function moderationQueuePage(props: ModerationQueueProps) {
  return page(TITLES[props.type], <ModerationQueue {...props} />);
}

export interface OffensiveFormProps {
  forumName: string;
  base: string;
  postId: number;
  postName: string;
  reasons: Array<{ id: number; name: string }>;
  /** The karma its author loses (karma_gen_answer_flagged, a negative number). */
  penalty: number;
  csrfToken: string;
  error?: string;
}

/** Marking a post offensive: the moderator picks why (forum.post.reason of the offensive kind). */
function OffensiveForm(p: OffensiveFormProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  return (
    <section className="container py-4 forum-offensive-form" style={{ maxWidth: '40rem' }}>
      <nav aria-label={_t('Breadcrumb')}><ol className="breadcrumb"><li className="breadcrumb-item"><a href={localized(p.base)}>{p.forumName}</a></li><li className="breadcrumb-item"><a href={localized(`${p.base}/flagged_queue`)}>{_t('Flagged')}</a></li></ol></nav>
      <h1>{_t('Mark as offensive')}</h1>
      <p className="text-break">{p.postName}</p>
      {p.error && <div className="alert alert-danger" role="alert">{p.error}</div>}
      <form method="post" action={localized(`${p.base}/post/${p.postId}/mark_as_offensive`)}>
        <input type="hidden" name="csrf_token" value={p.csrfToken} />
        <fieldset className="mb-3">
          <legend className="h6">{_t('Reason')}</legend>
          {p.reasons.map((r, i) => (
            <div key={r.id} className="form-check">
              <input className="form-check-input" type="radio" name="reason_id" id={`reason-${r.id}`} value={r.id} defaultChecked={i === 0} required />
              <label className="form-check-label" htmlFor={`reason-${r.id}`}>{_t(r.name)}</label>
            </div>
          ))}
        </fieldset>
        <p className="small text-body-secondary">{_t('The author loses %s karma and the post is hidden.').replace('%s', String(Math.abs(p.penalty)))}</p>
        <div className="d-flex gap-2">
          <button type="submit" className="btn btn-danger">{_t('Mark as offensive')}</button>
          <a className="btn btn-outline-secondary" href={localized(`${p.base}/flagged_queue`)}>{_t('Cancel')}</a>
        </div>
      </form>
    </section>
  );
}

export function offensiveFormPage(props: OffensiveFormProps) {
  return page('Mark as offensive', <OffensiveForm {...props} />, { status: props.error ? 400 : 200 });
}
