import crypto from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { DatabaseToken, DetachedWork } from '@platform/core';
import { loadDatabaseSecret } from '@platform/http';
import { MailTransport } from '@platform/mail';
import { FollowService } from '@modules/website_mail';
import type { Env } from '@platform/orm';
import { startingKarma } from '../../common/karma-rules';
import { ForumKarma } from './forum-karma';
import { escapeHtml } from '@platform/common';

/** A validation link works for two days (the original platform's worked until midnight only). */
export const VALIDATION_LINK_SECONDS = 2 * 86_400;


/**
 * E-mail validation of new forum users (karma 0): a mail carries a link signed with the database
 * secret over the user, the forum, the address and an expiry; opening it while the user still has
 * karma 0 and the same address gives the starting karma (ask + 2 downvotes: 7 by default).
 */
@injectable()
export class EmailValidation {
  constructor(
    @inject(DatabaseToken) private readonly db: Knex,
    @inject(MailTransport) private readonly transport: MailTransport,
    @inject(ForumKarma) private readonly karma: ForumKarma,
    @inject(DetachedWork) private readonly detached: DetachedWork,
    @inject(FollowService) private readonly followers: FollowService,
  ) {}

  /** Mails the link (after the answer: a slow mail server does not hold the request); false when there is no address. */
  async send(env: Env, forumId: number, linkBase: string, host: string): Promise<boolean> {
    const rules = await this.karma.rules(env, forumId);
    const user = await this.user(env, env.uid);
    if (!user?.email || Number(user.karma) !== 0) return false;
    const expires = Math.floor(Date.now() / 1000) + VALIDATION_LINK_SECONDS;
    const token = await this.sign(user.id, forumId, String(user.email), expires);
    const link = `${linkBase}/forum/validate_email?token=${token}&forum_id=${forumId}`;
    const forumName = escapeHtml(rules.name);
    this.detached.run('forum validation mail', () => this.transport.send({
        from: `noreply@${host}`, to: String(user.email), subject: `${rules.name}: validate your e-mail`,
        html: `<p>Hello,</p><p>Please confirm your e-mail address to take part in the forum ${forumName}:</p><p><a href="${escapeHtml(link)}">Validate my account</a></p>`,
        text: `Please confirm your e-mail address to take part in the forum ${rules.name}: ${link}`,
        messageId: `<forum-validation-${user.id}-${expires}@${host}>`,
      }), { uid: user.id });
    return true;
  }

  /** Applies a link: the starting karma for its user if the token is right, unexpired, and the user is still at 0. */
  async validate(env: Env, token: string, forumId: number): Promise<number | null> {
    const m = /^(\d{1,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m || Number(m[2]) < Date.now() / 1000) return null;
    const uid = Number(m[1]);
    const user = await this.user(env, uid);
    if (!user?.email) return null;
    const expected = Buffer.from(await this.sign(uid, forumId, String(user.email), Number(m[2])));
    const given = Buffer.from(token);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
    // The link reached the address: its owner follows questions at once from now on (no confirmation mail).
    await this.followers.markEmailVerified(String(user.email));
    if (Number(user.karma) !== 0) return uid;
    const rules = await this.karma.rules(env.sudo(), forumId);
    await this.karma.set(env, uid, startingKarma(rules), 0);
    return uid;
  }

  /** The user's address and karma, whoever asks (the link's user is not the caller's business). */
  private async user(env: Env, uid: number): Promise<{ id: number; email: string | false; karma: number } | undefined> {
    const [row] = await env.sudo().model('res.users').search_read([['id', '=', uid]], ['email', 'karma']);
    return row ? { id: Number(row.id), email: row.email ? String(row.email) : false, karma: Number(row.karma) } : undefined;
  }

  private async sign(uid: number, forumId: number, email: string, expires: number): Promise<string> {
    const secret = await loadDatabaseSecret(this.db);
    const mac = crypto.createHmac('sha256', secret).update(`forum-validation|${uid}|${forumId}|${email.toLowerCase()}|${expires}`).digest('base64url');
    return `${uid}.${expires}.${mac}`;
  }
}
