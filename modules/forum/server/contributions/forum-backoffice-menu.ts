import path from 'node:path';
import { injectable } from 'inversify';
import type { BackofficeMenuContribution, BackofficeMenuEntry, BackofficeView, BackofficeViewContribution } from '@platform/web';
import { BACKOFFICE_QUEUES } from '../../common/backoffice-queues';

/** Forum administrators: all rights on the forum's models (the manifest), and every post (their rules do not bind them). */
const ADMINS = ['base.group_system'];
/** Moderators are users with the forum's karma_moderate: every internal user may be one (the screens list only their forums). */
const MODERATORS = ['base.group_user'];
const QUEUE_VIEW = path.join(__dirname, '..', '..', 'web', 'backoffice', 'moderation-queue.tsx');

/**
 * The Forum app of the back office (/web), for administrators, who alone may write the forum's models
 * through the ORM (everybody else changes posts through the forum's karma-checked pages): forums (each
 * with its settings and every karma threshold and gain), posts, tags, reasons; and for moderators, the
 * queues of posts waiting for validation, flagged and offensive, each post with its decisions.
 */
@injectable()
export class ForumBackofficeMenu implements BackofficeMenuContribution, BackofficeViewContribution {
  backofficeMenuEntries(): BackofficeMenuEntry[] {
    const columns = ['name', 'forum_id', 'parent_id', 'create_uid', 'state', 'vote_count', 'child_count', 'create_date'];
    return [
      { id: 'forum.app', name: 'Forum', sequence: 60, groups: [...ADMINS, ...MODERATORS] },
      { id: 'forum.forums', parent: 'forum.app', name: 'Forums', sequence: 10, groups: ADMINS, action: { model: 'forum.forum', columns: ['name', 'default_order', 'karma_ask', 'karma_moderate', 'active'] } },
      { id: 'forum.posts', parent: 'forum.app', name: 'Posts', sequence: 20, groups: ADMINS, action: { model: 'forum.post', domain: [['parent_id', '=', false]], columns } },
      ...BACKOFFICE_QUEUES.map((q) => ({ id: `forum.${q.menu}`, parent: 'forum.app', name: q.name, sequence: q.sequence, groups: MODERATORS, action: { screen: q.screen } })),
      { id: 'forum.tags', parent: 'forum.app', name: 'Tags', sequence: 60, groups: ADMINS, action: { model: 'forum.tag', columns: ['name', 'forum_id', 'posts_count'] } },
      // Karma set by administrators (in a user's form: the karma field), with the value it replaced.
      { id: 'forum.karma_tracking', parent: 'forum.app', name: 'Karma changes', sequence: 80, groups: ADMINS, action: { model: 'forum.karma.tracking', columns: ['user_id', 'old_value', 'new_value', 'create_uid', 'create_date'] } },
      { id: 'forum.reasons', parent: 'forum.app', name: 'Reasons', sequence: 70, groups: ADMINS, action: { model: 'forum.post.reason', columns: ['name', 'reason_type'] } },
    ];
  }

  backofficeViews(): BackofficeView[] {
    return BACKOFFICE_QUEUES.map((q) => ({ target: { screen: q.screen }, file: QUEUE_VIEW }));
  }
}
