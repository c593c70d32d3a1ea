import { injectable } from 'inversify';
import type { Env } from '@platform/orm';
import type { MailThreadContribution, RecordLink, ThreadOptions } from '@modules/website_mail';
import { FORUM_MODEL } from '../models/forum-forum';
import { POST_MODEL } from '../models/forum-post';
import { forumPath, questionPath } from '../../common/forum-urls';

/**
 * Questions and forums can be followed (website_mail's follow button and routes, and the unfollow
 * link of its mails). Comments stay the forum's own (karma rules). A question's followers get each new
 * answer and comment of it, answers' comments included; a forum's, each new question (ForumNotifications).
 */
@injectable()
export class ForumThreads implements MailThreadContribution {
  threads(): ThreadOptions[] {
    return [{
      model: POST_MODEL, follow: true, comments: false, moderatorGroup: 'base.group_system',
      recordLink: (env, id) => postLink(env, id),
      threadOf: async (env, id) => (await postLink(env, id)) ? questionOf(env, id) : null,
      mailTexts: { module: 'forum', subjects: { comment: 'New comment on %s', notification: 'New answer on %s' }, why: 'You receive this e-mail because you follow this question.' },
    }, {
      model: FORUM_MODEL, follow: true, comments: false, moderatorGroup: 'base.group_system',
      recordLink: (env, id) => forumLink(env, id),
      mailTexts: { module: 'forum', subjects: { notification: 'New question in %s' }, why: 'You receive this e-mail because you follow this forum.' },
    }];
  }
}

/** An active forum's name (in the environment's language) and page. */
export async function forumLink(env: Env, id: number): Promise<RecordLink | null> {
  const [forum] = await env.sudo().model(FORUM_MODEL).search_read([['id', '=', id], ['active', '=', true]], ['name'], { limit: 1 });
  return forum ? { name: String(forum.name ?? ''), path: forumPath({ id, name: String(forum.name ?? '') }) } : null;
}

/** The question of a post (itself for a question), read as the superuser. */
async function questionOf(env: Env, id: number): Promise<number | null> {
  const row = await env.db('forum_post').where({ id }).first('id', 'parent_id');
  return row ? Number(row.parent_id ?? row.id) : null;
}

/** A post's question title and its page (an answer's anchor on it); null when the post is gone or not active. */
export async function postLink(env: Env, id: number): Promise<RecordLink | null> {
  const questionId = await questionOf(env, id);
  if (!questionId) return null;
  const row = await env.db('forum_post as q').join('forum_forum as f', 'f.id', 'q.forum_id')
    .where({ 'q.id': questionId, 'q.active': true, 'f.active': true }).whereIn('q.state', ['active', 'close'])
    .first('q.name', 'q.forum_id');
  if (!row) return null;
  // The forum's name in the reader's language (a translated field): its slug is the link's.
  const [forum] = await env.sudo().model('forum.forum').read([Number(row.forum_id)], ['name']);
  const path = questionPath({ id: Number(row.forum_id), name: String(forum?.name ?? '') }, { id: questionId, name: String(row.name ?? '') });
  return { name: String(row.name ?? ''), path: questionId === id ? path : `${path}#post-${id}` };
}
