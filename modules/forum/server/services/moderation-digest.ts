import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { ConfigParameters } from '@platform/base';
import { escapeHtml } from '@platform/common';
import { DatabaseToken } from '@platform/core';
import { MailQueues, type OutgoingMail, type QueueRow, type QueuedMailSender } from '@platform/mail';
import type { Env } from '@platform/orm';
import { POST_MODEL } from '../models/forum-post';
import { forumPath } from '../../common/forum-urls';
import { ForumModerators } from './forum-moderators';

const TABLE = 'forum_moderation_digest';
/** Titles a digest lists per forum; the count says how many more wait. */
const LISTED = 10;

interface PendingOfForum { forumId: number; forumName: string; count: number; titles: string[] }

/**
 * The moderators' daily digest: once a day (a scheduled job), each moderator of a forum where posts wait
 * for validation gets one mail listing them, forum by forum, with a link to each validation queue.
 * Mails are rows of a send queue (one per moderator and day: running twice the same day queues nothing
 * more), sent with a lease per row (a crash neither loses nor doubles one; 4xx replies are retried).
 */
@injectable()
export class ModerationDigest {
  private readonly sender: QueuedMailSender;

  constructor(
    @inject(DatabaseToken) private readonly db: Knex,
    @inject(MailQueues) queues: MailQueues,
    @inject(ConfigParameters) private readonly params: ConfigParameters,
    @inject(ForumModerators) private readonly moderators: ForumModerators,
  ) {
    this.sender = queues.sender({ table: TABLE, label: 'forum: moderation digests', compose: (row) => this.compose(row) });
  }

  /** Queues today's digests (`day`: YYYY-MM-DD, UTC); how many it queued. Moderators without an address or pending posts get none. */
  async enqueue(env: Env, day = new Date().toISOString().slice(0, 10)): Promise<number> {
    const forums = await this.moderators.forums(env);
    const pending = await this.pendingByForum(env, new Map(forums.map((f) => [f.id, f.name])));
    if (!pending.size) return 0;
    const moderators = await this.moderators.of(env, forums.filter((f) => pending.has(f.id)));
    const base = ((await this.params.get('web.base.url')) ?? '').replace(/\/+$/, '');
    const rows = moderators.flatMap((m) => {
      const theirs = m.forumIds.map((id) => pending.get(id)).filter((p): p is PendingOfForum => Boolean(p));
      if (!m.email || !theirs.length) return [];
      const total = theirs.reduce((n, p) => n + p.count, 0);
      return [{
        user_id: m.uid, digest_day: day, email_to: m.email.slice(0, 256), subject: `${total} forum post${total === 1 ? '' : 's'} waiting for validation`.slice(0, 256),
        body_html: digestHtml(m.name, theirs, base), body_text: digestText(m.name, theirs, base), state: 'pending', attempts: 0, next_attempt_at: 0,
      }];
    });
    if (!rows.length) return 0;
    const before = await this.count(day);
    await this.db(TABLE).insert(rows).onConflict(['user_id', 'digest_day']).ignore();
    return (await this.count(day)) - before;
  }

  /** Sends what is due now (the job, after queueing; retries of temporary failures). */
  kick(): Promise<void> {
    return this.sender.kick();
  }

  async drain(stopping?: AbortSignal): Promise<number> {
    return this.sender.drain(stopping);
  }

  private async compose(row: QueueRow): Promise<OutgoingMail> {
    const from = (await this.params.get('mail.default.from')) || 'noreply@localhost';
    return {
      from, to: String(row.email_to), subject: String(row.subject), messageId: `<forum-moderation-digest-${row.id}@site>`,
      html: String(row.body_html), text: String(row.body_text),
    };
  }

  private async count(day: string): Promise<number> {
    const row = await this.db(TABLE).where({ digest_day: day }).count({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  /** The posts waiting in each active forum's validation queue, oldest first, in one query. */
  private async pendingByForum(env: Env, forumNames: Map<number, string>): Promise<Map<number, PendingOfForum>> {
    const rows = await env.sudo().model(POST_MODEL).search_read(
      [['state', '=', 'pending'], ['active', '=', true], ['forum_id', 'in', [...forumNames.keys()]]], ['forum_id', 'name'], { order: 'create_date, id', limit: 5000 },
    );
    const byForum = new Map<number, PendingOfForum>();
    for (const r of rows) {
      const forumId = Array.isArray(r.forum_id) ? Number(r.forum_id[0]) : Number(r.forum_id);
      const entry = byForum.get(forumId) ?? { forumId, forumName: forumNames.get(forumId) ?? '', count: 0, titles: [] };
      entry.count += 1;
      if (entry.titles.length < LISTED) entry.titles.push(String(r.name ?? ''));
      byForum.set(forumId, entry);
    }
    return byForum;
  }
}

const queueUrl = (base: string, p: PendingOfForum) => `${base}${forumPath({ id: p.forumId, name: p.forumName })}/validation_queue`;

function digestHtml(name: string, forums: PendingOfForum[], base: string): string {
  const parts = forums.map((p) => {
    const more = p.count - p.titles.length;
    return `<h3>${escapeHtml(p.forumName)}: ${p.count} waiting</h3><ul>${p.titles.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}${more > 0 ? `<li>and ${more} more</li>` : ''}</ul>`
      + (base ? `<p><a href="${escapeHtml(queueUrl(base, p))}">Open the validation queue</a></p>` : '');
  });
  return `<p>Hello ${escapeHtml(name)},</p><p>These forum posts are waiting for a moderator to validate or refuse them:</p>${parts.join('')}`
    + '<p>You get this digest once a day while posts wait in a forum you moderate.</p>';
}

function digestText(name: string, forums: PendingOfForum[], base: string): string {
  const parts = forums.map((p) => {
    const more = p.count - p.titles.length;
    return `${p.forumName}: ${p.count} waiting\n${p.titles.map((t) => `- ${t}`).join('\n')}${more > 0 ? `\n- and ${more} more` : ''}${base ? `\nValidation queue: ${queueUrl(base, p)}` : ''}`;
  });
  return `Hello ${name},\n\nThese forum posts are waiting for a moderator to validate or refuse them:\n\n${parts.join('\n\n')}\n\nYou get this digest once a day while posts wait in a forum you moderate.\n`;
}
