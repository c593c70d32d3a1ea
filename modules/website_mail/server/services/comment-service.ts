import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { People } from '@platform/base';
import { EnvFactory, nowUtc } from '@platform/orm';
import { textToHtml } from '@platform/common';
import { CommentNotifier, type PostedOn } from './comment-notifier';

export const MAX_COMMENT_LENGTH = 5000;

/** A comment as the page and the comment form's result show it. */
export interface CommentView {
  id: number;
  body: string;
  date: string;
  author: string;
  author_id: number | null;
  rating: number | null;
  /** `date` in the reader's language formats (filled by the route or widget). */
  date_label?: string;
}

/** A comment on one of several records, as a page that shows their threads together reads it. */
export interface ThreadComment {
  id: number;
  resId: number;
  /** Sanitised HTML of the escaped text. */
  body: string;
  authorId: number;
  authorName: string;
}

export interface RatingStats {
  average: number;
  count: number;
}

/** Public comments and their ratings; the routes check who may post and delete before calling it. */
@injectable()
export class CommentService {
  constructor(
    @inject(EnvFactory) private readonly envs: EnvFactory,
    @inject(CommentNotifier) private readonly notifier: CommentNotifier,
    @inject(People) private readonly people: People,
  ) {}

  /**
   * Posts a comment and, in the same transaction, queues one mail per follower of the record (the
   * author left out); the mails are sent right after, without holding up the answer.
   */
  async post(model: string, id: number, authorId: number, text: string, rating: number | null, on: PostedOn): Promise<CommentView> {
    const posted = await this.envs.superuser().transaction(async (env) => {
      const messageId = await env.model('mail.message').create({
        model, res_id: id, body: textToHtml(text), author_id: authorId, message_type: 'comment', date: nowUtc(), website_published: true,
      });
      if (rating !== null) {
        await env.model('rating.rating').create({ res_model: model, res_id: id, rating, partner_id: authorId, message_id: messageId, consumed: true });
      }
      const queued = await this.notifier.enqueue(env, messageId, model, id, authorId, on);
      const [view] = await this.viewsOf(env, [['id', '=', messageId]]);
      return { view, queued };
    });
    if (posted.queued) void this.notifier.kick();
    return posted.view;
  }

  async list(model: string, id: number, limit = 100): Promise<CommentView[]> {
    return this.viewsOf(this.envs.superuser(), [['model', '=', model], ['res_id', '=', id], ['message_type', '=', 'comment'], ['website_published', '=', true]], limit);
  }

  /**
   * Every comment (published or not: the caller's page decides who sees them) on these records of
   * `model`, oldest first, with its author's name: one query, for pages showing many threads at once
   * (a forum question and its answers). `db`: the caller's transaction when there is one.
   */
  async onRecords(db: Knex, model: string, resIds: number[], limit: number): Promise<ThreadComment[]> {
    if (!resIds.length) return [];
    const rows: Array<{ id: number; res_id: number; body: string | null; author_id: number | null; name: string | null }> = await db('mail_message as m')
      .leftJoin(this.people.partnersView(db, ['name']).as('p'), 'p.id', 'm.author_id')
      .where({ 'm.model': model, 'm.message_type': 'comment' }).whereIn('m.res_id', resIds).orderBy('m.id').limit(limit)
      .select('m.id', 'm.res_id', 'm.body', 'm.author_id', 'p.name');
    return rows.map((c) => ({ id: Number(c.id), resId: Number(c.res_id), body: String(c.body ?? ''), authorId: Number(c.author_id ?? 0), authorName: String(c.name ?? '') }));
  }

  async stats(model: string, id: number): Promise<RatingStats> {
    const rows = await this.envs.superuser().model('rating.rating').read_group(
      [['res_model', '=', model], ['res_id', '=', id], ['consumed', '=', true], ['rating', '>=', 1]], ['rating:avg'], [], { lazy: false },
    );
    const row = rows[0] ?? {};
    const count = Number(row.__count ?? 0);
    return { average: count ? Math.round(Number(row.rating) * 10) / 10 : 0, count };
  }

  /** The message's record and author, or null when it is not a comment. */
  async find(messageId: number): Promise<{ model: string; resId: number; authorId: number | null } | null> {
    const [m] = await this.envs.superuser().model('mail.message').search_read([['id', '=', messageId], ['message_type', '=', 'comment']], ['model', 'res_id', 'author_id']);
    if (!m || !m.model) return null;
    return { model: String(m.model), resId: Number(m.res_id), authorId: Array.isArray(m.author_id) ? Number(m.author_id[0]) : null };
  }

  async remove(messageId: number): Promise<void> {
    await this.envs.superuser().model('mail.message').unlink([messageId]);
  }

  private async viewsOf(env: ReturnType<EnvFactory['superuser']>, domain: unknown[], limit = 100): Promise<CommentView[]> {
    const messages = await env.model('mail.message').search_read(domain as never, ['body', 'date', 'author_id'], { limit, order: 'id desc' });
    const ids = messages.map((m) => Number(m.id));
    const ratings = ids.length ? await env.model('rating.rating').search_read([['message_id', 'in', ids]], ['message_id', 'rating']) : [];
    const ratingOf = new Map(ratings.map((r) => [Number((r.message_id as [number, string])[0]), Number(r.rating)]));
    return messages.map((m) => ({
      id: Number(m.id),
      body: String(m.body ?? ''),
      date: String(m.date ?? ''),
      author: Array.isArray(m.author_id) ? String(m.author_id[1]) : '',
      author_id: Array.isArray(m.author_id) ? Number(m.author_id[0]) : null,
      rating: ratingOf.get(Number(m.id)) ?? null,
    }));
  }
}
