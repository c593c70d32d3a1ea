import { inject, injectable } from 'inversify';
import { MissingError, UserError, ValidationError } from '@platform/core';
import { textToHtml, utcText } from '@platform/common';
import type { Env } from '@platform/orm';
import { POST_MODEL } from '../models/forum-post';
import type { PostedOn } from '@modules/website_mail';
import { ForumKarma } from './forum-karma';
import { ForumNotifications, type Announcement } from './forum-notifications';
import { ForumPostService } from './forum-post-service';

export const COMMENT_MAX = 2000;

/**
 * Comments on questions and answers: plain text (escaped, newlines kept) stored as `mail.message`
 * comments of the post (website_mail's model), written as the superuser after the karma checks:
 * commenting needs karma_comment_own/all, deleting karma_comment_unlink_own/all (own = the
 * comment's author).
 */
@injectable()
export class ForumComments {
  constructor(
    @inject(ForumKarma) private readonly karma: ForumKarma,
    @inject(ForumPostService) private readonly posts: ForumPostService,
    @inject(ForumNotifications) private readonly notifications: ForumNotifications,
  ) {}

  /** Comments a post; the followers of its question are told (mails linking to `on`'s site). */
  async add(env: Env, postId: number, text: string, on?: PostedOn): Promise<number> {
    const typed = text.trim();
    if (!typed) throw new ValidationError('A comment cannot be empty.');
    if (typed.length > COMMENT_MAX) throw new ValidationError(`A comment has at most ${COMMENT_MAX} characters.`);
    let news: Announcement | null = null;
    const messageId = await env.transaction(async (tx) => {
      const [visible] = await tx.model(POST_MODEL).search_read([['id', '=', postId]], ['id'], { limit: 1 });
      if (!visible) throw new MissingError('This post does not exist.');
      const post = await this.posts.post(tx, postId);
      if (post.state !== 'active') throw new UserError('Only active posts can be commented on.');
      const rules = await this.karma.rules(tx, post.forum_id);
      this.karma.require(await this.karma.of(tx, tx.uid), rules, post.author === tx.uid ? 'karma_comment_own' : 'karma_comment_all');
      const id = await tx.sudo().model('mail.message').create({
        model: POST_MODEL, res_id: postId, message_type: 'comment', body: textToHtml(typed), author_id: tx.user.partnerId, website_published: true, date: utcText(new Date()),
      });
      if (tx.user.partnerId) {
        news = await this.notifications.record(tx, { kind: 'comment', forumId: post.forum_id, questionId: post.parent_id ?? post.id, postId, authorPartnerId: tx.user.partnerId, messageId: id }, on);
      }
      return id;
    });
    await this.notifications.announce(news);
    return messageId;
  }

  async remove(env: Env, postId: number, messageId: number): Promise<void> {
    await env.transaction(async (tx) => {
      const [message] = await tx.sudo().model('mail.message').search_read([['id', '=', messageId], ['model', '=', POST_MODEL], ['res_id', '=', postId], ['message_type', '=', 'comment']], ['author_id'], { limit: 1 });
      if (!message) throw new MissingError('This comment does not exist.');
      const post = await this.posts.post(tx, postId);
      const rules = await this.karma.rules(tx, post.forum_id);
      const authorId = Array.isArray(message.author_id) ? Number(message.author_id[0]) : Number(message.author_id ?? 0);
      this.karma.require(await this.karma.of(tx, tx.uid), rules, authorId === tx.user.partnerId ? 'karma_comment_unlink_own' : 'karma_comment_unlink_all');
      await tx.sudo().model('mail.message').unlink([messageId]);
    });
  }
}
