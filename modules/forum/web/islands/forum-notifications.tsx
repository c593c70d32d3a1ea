import { useEffect, useState } from 'react';
import { defineIsland, rpc, RpcError, useLocalizedPath, useT } from '@platform/web/client';
import { type BusNotification, sharedBus } from '@platform/web/client/bus';

export interface ForumNotificationItem {
  id: number;
  /** pending: a post waiting for validation, told to moderators on their bus only (no record: dismissed here). */
  kind: 'question' | 'answer' | 'comment' | 'pending';
  questionId: number;
  postId: number;
  title: string;
  author: string;
  /** kind pending: the validation queue's path. */
  path?: string;
}

export interface ForumNotificationsProps {
  /** `/forum/<forum slug>`: the questions' links. */
  base: string;
  notifications: ForumNotificationItem[];
}

/** How each notification starts (`%s`: its author), before the question's title. */
const LEAD: Record<ForumNotificationItem['kind'], string> = { question: '%s asked', answer: '%s answered', comment: '%s commented on', pending: 'New post by %s to validate:' };

interface PendingMessage { type?: string; pending?: { postId: number; title: string; author: string; path: string } }

/**
 * A signed-in user's unread forum notifications (news of the questions they follow): listed by the
 * server, joined live by those arriving on the user's bus channel, each dismissed with
 * `/forum/notification_read`.
 */
function ForumNotifications({ base, notifications }: ForumNotificationsProps) {
  const _t = useT();
  const localized = useLocalizedPath();
  const [items, setItems] = useState(notifications);
  const [error, setError] = useState('');

  useEffect(() => sharedBus().onNotification((ns: BusNotification[]) => {
    const incoming = ns.map((n) => n.message as { type?: string; notification?: ForumNotificationItem })
      .filter((m) => m?.type === 'forum.notification' && m.notification).map((m) => m.notification!);
    // A moderator's news of a post waiting for validation (ids below 0: not a notification record).
    const pending = ns.map((n) => n.message as PendingMessage).filter((m) => m?.type === 'forum.pending' && m.pending)
      .map((m): ForumNotificationItem => ({ id: -m.pending!.postId, kind: 'pending', questionId: m.pending!.postId, postId: m.pending!.postId, title: m.pending!.title, author: m.pending!.author, path: m.pending!.path }));
    incoming.push(...pending);
    if (incoming.length) setItems((list) => [...incoming.filter((i) => !list.some((l) => l.id === i.id)).reverse(), ...list]);
  }), []);

  const dismiss = async (id: number) => {
    setError('');
    if (id < 0) return setItems((list) => list.filter((n) => n.id !== id));
    try {
      await rpc('/forum/notification_read', { notification_id: id });
      setItems((list) => list.filter((n) => n.id !== id));
    } catch (err) {
      setError(err instanceof RpcError ? err.message : String(err));
    }
  };

  if (!items.length && !error) return null;
  return (
    <section className="mb-3 forum-notifications" aria-label={_t('Notifications')}>
      {items.map((n) => (
        <div key={n.id} className="alert alert-info d-flex align-items-start gap-2 py-2 mb-2 forum-notification" role="status">
          <span className="flex-grow-1 text-break">
            {_t(LEAD[n.kind]).replace('%s', n.author || _t('Someone'))}{' '}
            {n.kind === 'pending' && n.path
              ? <a href={localized(n.path)}>{n.title}</a>
              : <a href={localized(`${base}/question/${n.questionId}`) + (n.postId !== n.questionId ? `#post-${n.postId}` : '')}>{n.title}</a>}
          </span>
          <button type="button" className="btn-close" aria-label={_t('Mark as read')} onClick={() => dismiss(n.id)} />
        </div>
      ))}
      {error && <div className="alert alert-danger" role="alert">{error}</div>}
    </section>
  );
}

export default defineIsland('forum.notifications', ForumNotifications);
