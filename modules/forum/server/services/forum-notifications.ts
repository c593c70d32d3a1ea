import { inject, injectable } from 'inversify';
import { People, SiteUrls } from '@platform/base';
import { MissingError } from '@platform/core';
import { escapeHtml, utcText } from '@platform/common';
import type { RequestContext } from '@platform/http';
import type { Env } from '@platform/orm';
import { BusService, partnerChannel } from '@modules/bus';
import { CommentNotifier, FollowService, type PostedOn } from '@modules/website_mail';
import { postLink } from '../contributions/forum-threads';
import { NOTIFICATION_MODEL } from '../models/forum-notification';
import { FORUM_MODEL } from '../models/forum-forum';
import { POST_MODEL } from '../models/forum-post';


/** A new question, told to its forum's followers; a new answer or comment, to its question's. */
export interface ForumNews {
  kind: 'question' | 'answer' | 'comment';
  forumId: number;
  questionId: number;
  /** The question, the answer, or the post commented on. */
  postId: number;
  authorPartnerId: number;
  /** kinds 'question' and 'answer': the post's (sanitised) text, the body of the followers' mail. */
  body?: string;
  /** kind 'question': its title. */
  title?: string;
  /** kind 'comment': the comment's message. */
  messageId?: number;
}

/** What to send once the news is committed (a listener woken earlier could not read it yet). */
export interface Announcement {
  bus: Array<[string, unknown]>;
  mails: number;
}

/** One unread notification as the forum pages and the bus show it. */
export interface NotificationView {
  id: number;
  kind: 'question' | 'answer' | 'comment';
  questionId: number;
  postId: number;
  title: string;
  author: string;
  path: string;
}

/** Unread notifications shown at most on a forum page. */
const SHOWN = 20;

/**
 * Following questions and forums, and telling their followers (SPEC 1, issue item 5): the authors
 * of a question and of its answers follow it; each new answer and comment (answers' comments
 * included) queues a mail to every follower of the question but its author, each new active question
 * one to every follower of its forum, through website_mail's queue (signed unfollow link), and gives each
 * signed-in follower a notification, listed on the forum page until read and pushed on their
 * partner's bus channel. `record` runs in the post's transaction; `announce` after its commit.
 */
@injectable()
export class ForumNotifications {
  constructor(
    @inject(FollowService) private readonly followers: FollowService,
    @inject(CommentNotifier) private readonly mails: CommentNotifier,
    @inject(BusService) private readonly bus: BusService,
    @inject(SiteUrls) private readonly urls: SiteUrls,
    @inject(People) private readonly people: People,
  ) {}

  /** Where a request posts: the site and the base URL its mails may link to (never a stranger's Host). */
  async postedOn(req: RequestContext): Promise<PostedOn> {
    return { site: req.site, baseUrl: await this.urls.forMail(req) };
  }

  /** The author of a new question or answer follows the question (in the post's transaction). */
  async followQuestion(tx: Env, questionId: number, partnerId: number | null): Promise<void> {
    if (partnerId) await this.followers.follow(POST_MODEL, questionId, partnerId, tx);
  }

  async record(tx: Env, news: ForumNews, on: PostedOn | undefined): Promise<Announcement> {
    const sudo = tx.sudo();
    const link = await postLink(sudo, news.postId);
    // A new question is news of its forum (its mail links to the question); the rest, of the question.
    const followed = news.kind === 'question' ? { model: FORUM_MODEL, id: news.forumId } : { model: POST_MODEL, id: news.questionId };
    const body = news.kind === 'question' && link && on?.baseUrl
      ? `<p><a href="${escapeHtml(`${on.baseUrl.replace(/\/+$/, '')}${link.path}`)}">${escapeHtml(news.title ?? '')}</a></p>${news.body ?? ''}`
      : news.body ?? '';
    const messageId = news.messageId ?? await sudo.model('mail.message').create({
      model: followed.model, res_id: news.kind === 'question' ? news.forumId : news.postId, message_type: 'notification', body, author_id: news.authorPartnerId,
      website_published: false, date: utcText(new Date()),
    });
    const partners = (await this.followers.partnersOf(followed.model, followed.id, tx)).filter((p) => p !== news.authorPartnerId);
    const mails = on ? await this.mails.enqueue(tx, messageId, followed.model, followed.id, news.authorPartnerId, on) : 0;
    if (!partners.length) return { bus: [], mails };
    // Followers by e-mail have no account: the mail is all they get.
    const users = await this.people.partnersWithActiveUser(tx.db, partners);
    if (!users.length) return { bus: [], mails };
    const ids = await sudo.model(NOTIFICATION_MODEL).create(users.map((partnerId) => ({
      partner_id: partnerId, kind: news.kind, question_id: news.questionId, post_id: news.postId, message_id: messageId, author_id: news.authorPartnerId,
    })));
    const author = await this.people.partnerName(tx.db, news.authorPartnerId);
    const bus = users.map((partnerId, i): [string, unknown] => [partnerChannel(partnerId), {
      type: 'forum.notification',
      notification: { id: ids[i], kind: news.kind, questionId: news.questionId, postId: news.postId, title: link?.name ?? '', author, path: link?.path ?? '' } satisfies NotificationView,
    }]);
    return { bus, mails };
  }

  /** After the commit: wakes the followers' bus listeners and starts sending the mails. */
  async announce(announcement: Announcement | null): Promise<void> {
    if (!announcement) return;
    if (announcement.mails) void this.mails.kick();
    if (announcement.bus.length) await this.bus.sendMany(announcement.bus);
  }

  /**
   * The caller's unread notifications (their own: the record rule), newest first, of questions they
   * may still see (the dotted path goes through their rules on posts: a deleted question's go quiet).
   */
  async unread(env: Env): Promise<NotificationView[]> {
    const rows = await env.model(NOTIFICATION_MODEL).search_read([['is_read', '=', false], ['question_id.active', '=', true]], ['kind', 'question_id', 'post_id', 'author_id'], { limit: SHOWN });
    const m2o = (v: unknown): [number, string] => (Array.isArray(v) ? [Number(v[0]), String(v[1])] : [0, '']);
    return rows.map((r) => ({
      id: Number(r.id), kind: r.kind as NotificationView['kind'], questionId: m2o(r.question_id)[0], postId: m2o(r.post_id)[0],
      title: m2o(r.question_id)[1], author: m2o(r.author_id)[1], path: '',
    }));
  }

  /** Marks one of the caller's notifications read (`/forum/notification_read`); someone else's does not exist for them. */
  async markRead(env: Env, notificationId: number): Promise<true> {
    const ids = await env.model(NOTIFICATION_MODEL).search([['id', '=', notificationId]], { limit: 1 });
    if (!ids.length) throw new MissingError('This notification does not exist.');
    await env.sudo().model(NOTIFICATION_MODEL).write(ids, { is_read: true });
    return true;
  }
}
