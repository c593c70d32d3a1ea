import { injectable } from 'inversify';
import type { BackofficeMenuContribution, BackofficeMenuEntry } from '@platform/web';

/** Forum administrators: all rights on the forum's models (the manifest), and every post (their rules do not bind them). */
const ADMINS = ['base.group_system'];

/**
 * The Forum app of the back office (/web), for administrators, who alone may write the forum's models
 * through the ORM (everybody else changes posts through the forum's karma-checked pages): forums (each
 * with its settings and every karma threshold and gain), posts, tags, reasons, and the queues of posts
 * waiting for validation, flagged and offensive, as lists with their domains.
 */
@injectable()
export class ForumBackofficeMenu implements BackofficeMenuContribution {
  backofficeMenuEntries(): BackofficeMenuEntry[] {
    const posts = (id: string, name: string, sequence: number, domain: BackofficeMenuEntry['action'] & object) =>
      ({ id: `forum.${id}`, parent: 'forum.app', name, sequence, groups: ADMINS, action: domain });
    const columns = ['name', 'forum_id', 'parent_id', 'create_uid', 'state', 'vote_count', 'child_count', 'create_date'];
    return [
      { id: 'forum.app', name: 'Forum', sequence: 60, groups: ADMINS },
      { id: 'forum.forums', parent: 'forum.app', name: 'Forums', sequence: 10, groups: ADMINS, action: { model: 'forum.forum', columns: ['name', 'default_order', 'karma_ask', 'karma_moderate', 'active'] } },
      posts('posts', 'Posts', 20, { model: 'forum.post', domain: [['parent_id', '=', false]], columns }),
      posts('pending', 'Waiting for validation', 30, { model: 'forum.post', domain: [['state', '=', 'pending'], ['active', '=', true]], columns }),
      posts('flagged', 'Flagged posts', 40, { model: 'forum.post', domain: [['state', '=', 'flagged'], ['active', '=', true]], columns: [...columns, 'flag_user_id'] }),
      posts('offensive', 'Offensive posts', 50, { model: 'forum.post', domain: [['state', '=', 'offensive']], columns: [...columns, 'closed_reason_id'] }),
      { id: 'forum.tags', parent: 'forum.app', name: 'Tags', sequence: 60, groups: ADMINS, action: { model: 'forum.tag', columns: ['name', 'forum_id', 'posts_count'] } },
      // Karma set by administrators (in a user's form: the karma field), with the value it replaced.
      { id: 'forum.karma_tracking', parent: 'forum.app', name: 'Karma changes', sequence: 80, groups: ADMINS, action: { model: 'forum.karma.tracking', columns: ['user_id', 'old_value', 'new_value', 'create_uid', 'create_date'] } },
      { id: 'forum.reasons', parent: 'forum.app', name: 'Reasons', sequence: 70, groups: ADMINS, action: { model: 'forum.post.reason', columns: ['name', 'reason_type'] } },
    ];
  }
}
