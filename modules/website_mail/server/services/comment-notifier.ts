import { ConfigParameters, People } from '@platform/base';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { DatabaseToken } from '@platform/core';
import type { Site } from '@platform/http';
import { MailQueues, type OutgoingMail, type QueueRow, type QueuedMailSender } from '@platform/mail';
import { type Env, EnvFactory } from '@platform/orm';
import { TranslationCatalog } from '@platform/web';
import { escapeHtml, hostnameOf, localizedPath } from '@platform/common';
import { FollowTokens } from './follow-tokens';
import { ThreadRegistry } from './thread-registry';

export const NOTIFICATION_TABLE = 'website_mail_notification';
/** Path of the page an unfollow link opens (a confirmation whose button posts). */
export const UNFOLLOW_PATH = '/website_mail/unfollow';

/** Where the comment was posted: the site's public base URL and languages decide the links. */
export interface PostedOn {
  site: Site;
  /** Null when the site has no address to trust (no base URL, a stranger's Host): no mail is queued. */
  baseUrl: string | null;
}


/**
 * Tells the followers of a record about a new comment: `enqueue` writes one queue row per follower
 * (the author and addresses without e-mail left out) in the comment's own transaction; `drain` sends
 * them through the mail transport with a lease per row, in each follower's language, with a signed
 * unfollow link on the site's public base URL. Posting kicks a drain at once; the scheduled job picks up
 * retries and rows a stopped process left.
 */
@injectable()
export class CommentNotifier {
  private readonly sender: QueuedMailSender;

  constructor(
    @inject(DatabaseToken) private readonly db: Knex,
    @inject(MailQueues) queues: MailQueues,
    @inject(EnvFactory) private readonly envs: EnvFactory,
    @inject(ThreadRegistry) private readonly threads: ThreadRegistry,
    @inject(FollowTokens) private readonly tokens: FollowTokens,
    @inject(TranslationCatalog) private readonly translations: TranslationCatalog,
    @inject(ConfigParameters) private readonly params: ConfigParameters,
    @inject(People) private readonly people: People,
  ) {
    this.sender = queues.sender({ table: NOTIFICATION_TABLE, label: 'comment notifications: sending', compose: (row) => this.compose(row) });
  }

  /**
   * Queues the mails of a new comment (inside the comment's transaction: both are written, or neither)
   * to the followers of record `resId` of `model` (the message's record, or the record it is news of).
   */
  async enqueue(env: Env, messageId: number, model: string, resId: number, authorId: number, on: PostedOn): Promise<number> {
    const baseUrl = on.baseUrl;
    if (!baseUrl) return 0;
    const followers: Array<{ id: number; email: string | null; lang: string | null }> = await env.db('mail_followers as f')
      .join(this.people.partnersView(env.db, ['email', 'lang']).as('p'), 'p.id', 'f.partner_id')
      .where({ 'f.res_model': model, 'f.res_id': resId }).whereNot('f.partner_id', authorId)
      .select('p.id', 'p.email', 'p.lang');
    // Read in the transaction: the language catalog would wait for a second connection (SQLite has one).
    const langs = (await env.sudo().model('res.lang').search_read([], ['code', 'url_code']))
      .map((l) => ({ code: String(l.code), urlCode: String(l.url_code) }));
    const rows = followers.filter((f) => f.email && f.email.includes('@')).map((f) => {
      const lang = f.lang && on.site.langs.includes(f.lang) ? f.lang : on.site.defaultLang;
      const prefix = lang === on.site.defaultLang ? null : langs.find((l) => l.code === lang)?.urlCode ?? null;
      return {
        message_id: messageId, partner_id: f.id, email: String(f.email).trim().toLowerCase(), lang, url_prefix: prefix,
        site_id: on.site.id, base_url: baseUrl.replace(/\/+$/, '').slice(0, 512), state: 'pending', attempts: 0, next_attempt_at: 0,
      };
    });
    if (rows.length) await env.db(NOTIFICATION_TABLE).insert(rows).onConflict(['message_id', 'partner_id']).ignore();
    return rows.length;
  }

  /** Starts sending now (one run at a time; a call during a run asks for one more); callers need not wait. */
  kick(): Promise<void> {
    return this.sender.kick();
  }

  /** Sends every due row; returns how many were accepted by the transport. */
  async drain(stopping?: AbortSignal): Promise<number> {
    return this.sender.drain(stopping);
  }

  private async compose(row: QueueRow): Promise<OutgoingMail | null> {
    const env = this.envs.superuser();
    const message = await this.db('mail_message as m').leftJoin(this.people.partnersView(this.db, ['name']).as('a'), 'a.id', 'm.author_id')
      .where('m.id', row.message_id as number).first('m.id', 'm.body', 'm.model', 'm.res_id', 'm.message_type', 'a.name as author');
    if (!message?.model) return null;
    const opts = this.threads.optionsForModel(String(message.model));
    const lang = String(row.lang);
    const record = await opts?.recordLink(env.withLang(lang), Number(message.res_id));
    const followedId = opts?.threadOf ? await opts.threadOf(env, Number(message.res_id)) : Number(message.res_id);
    if (!opts || !record || !followedId) return null;
    const _t = (source: string) => this.translations.module('website_mail', lang)[source] ?? source;
    const texts = opts.mailTexts;
    const _tm = texts ? (source: string) => this.translations.module(texts.module, lang)[source] ?? source : _t;
    const baseUrl = String(row.base_url);
    const prefix = row.url_prefix ? String(row.url_prefix) : null;
    // A path's own #fragment is kept; records with comments are linked at them.
    const [recordPath, fragment] = record.path.split('#', 2);
    const anchor = fragment ?? (opts.comments ? 'comments' : '');
    const recordUrl = `${baseUrl}${localizedPath(recordPath, prefix)}${anchor ? `#${anchor}` : ''}`;
    const ref = { model: String(message.model), resId: followedId, partnerId: Number(row.partner_id) };
    const query = new URLSearchParams({ model: ref.model, res_id: String(ref.resId), partner_id: String(ref.partnerId), token: await this.tokens.sign(ref) });
    const unfollowUrl = `${baseUrl}${localizedPath(UNFOLLOW_PATH, prefix)}?${query}`;
    const author = String(message.author ?? '') || _t('Someone');
    const host = hostnameOf(baseUrl) ?? 'localhost';
    const from = await this.params.get('mail.default.from');
    const subject = _tm(texts?.subjects[String(message.message_type)] ?? 'New comment on %s').replace('%s', record.name);
    const wrote = _t('%s wrote:').replace('%s', author);
    const why = _tm(texts?.why ?? 'You receive this e-mail because you follow this page.');
    const stop = _t('Stop following');
    const read = _t(texts ? 'Read it on the site' : 'Read the comments');
    // The body was stored as sanitised HTML (plain text escaped by the comment service); the text part reads it back.
    const bodyHtml = String(message.body ?? '');
    const bodyText = bodyHtml.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>/gi, '\n').replace(/<[^>]*>/g, '')
      .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#0*39;/g, "'").replace(/&amp;/g, '&').trim();
    return {
      from: from || `notifications@${host}`,
      to: String(row.email),
      subject,
      html: `<p>${escapeHtml(wrote)}</p><blockquote>${bodyHtml}</blockquote>`
        + `<p><a href="${escapeHtml(recordUrl)}">${escapeHtml(read)}</a></p>`
        + `<hr><p><small>${escapeHtml(why)} <a href="${escapeHtml(unfollowUrl)}">${escapeHtml(stop)}</a></small></p>`,
      text: `${wrote}\n\n${bodyText}\n\n${read}: ${recordUrl}\n\n-- \n${why}\n${stop}: ${unfollowUrl}\n`,
      messageId: `<comment-${message.id}-${row.partner_id}@${host}>`,
      headers: { 'List-Unsubscribe': `<${unfollowUrl}>` },
    };
  }
}
