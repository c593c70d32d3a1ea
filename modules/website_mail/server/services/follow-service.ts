import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { type Env, EnvFactory } from '@platform/orm';
import { People } from '@platform/base';
import { utcText } from '@platform/common';

/** Session key of the records an anonymous visitor followed from this browser (`model:id`). */
export const SESSION_FOLLOWED = 'website_mail.followed';
/**
 * Session key of the partners whose follow of each record this session created (`model:id` -> partner
 * ids): a visitor may type a different e-mail on each page, and unfollowing must remove that page's
 * partner, never a follow that existed before.
 */
export const SESSION_FOLLOWED_AS = 'website_mail.followed_as';
/** Session key of the e-mail the visitor last followed with (shown back to them). */
export const SESSION_EMAIL = 'website_mail.email';

/**
 * Followers of records; writes run as superuser once the route has checked the caller. A caller in a
 * transaction passes its `env` (SQLite has one connection: another would wait for it forever).
 */
@injectable()
export class FollowService {
  constructor(@inject(EnvFactory) private readonly envs: EnvFactory, @inject(People) private readonly people: People) {}

  async isFollower(model: string, id: number, partnerId: number, env?: Env): Promise<boolean> {
    const n = await (env?.sudo() ?? this.envs.superuser()).model('mail.followers')
      .search_count([['res_model', '=', model], ['res_id', '=', id], ['partner_id', '=', partnerId]]);
    return n > 0;
  }

  /**
   * The partner's follow of the record (one row or none) as a query to select from inside another
   * statement (a page reading its reader's facts in one round trip); read as isFollower reads it.
   */
  followerRow(db: Knex, model: string, id: number, partnerId: number): Knex.QueryBuilder {
    return db('mail_followers').where({ res_model: model, res_id: id, partner_id: partnerId });
  }

  /** True when this call created the follow, false when the partner followed the record already. */
  async follow(model: string, id: number, partnerId: number, env?: Env): Promise<boolean> {
    if (await this.isFollower(model, id, partnerId, env)) return false;
    await (env?.sudo() ?? this.envs.superuser()).model('mail.followers').create({ res_model: model, res_id: id, partner_id: partnerId });
    return true;
  }

  /** The records of a model a partner follows (the most recent 10,000). */
  async recordsFollowedBy(model: string, partnerId: number): Promise<number[]> {
    const rows = await this.envs.superuser().db('mail_followers').where({ res_model: model, partner_id: partnerId }).orderBy('id', 'desc').limit(10_000).select('res_id');
    return rows.map((r: { res_id: number }) => Number(r.res_id));
  }

  /** The partners following a record. */
  async partnersOf(model: string, id: number, env?: Env): Promise<number[]> {
    const rows = await (env?.sudo() ?? this.envs.superuser()).model('mail.followers')
      .search_read([['res_model', '=', model], ['res_id', '=', id]], ['partner_id'], { limit: 10_000 });
    return rows.map((r) => (Array.isArray(r.partner_id) ? Number(r.partner_id[0]) : Number(r.partner_id)));
  }

  async unfollow(model: string, id: number, partnerId: number): Promise<void> {
    const env = this.envs.superuser();
    const ids = await env.model('mail.followers').search([['res_model', '=', model], ['res_id', '=', id], ['partner_id', '=', partnerId]]);
    if (ids.length) await env.model('mail.followers').unlink(ids);
  }

  /**
   * The partner with this e-mail (compared case-insensitively), created when there is none, in the
   * language the visitor was reading (the language of the mails it will get).
   */
  async partnerForEmail(email: string, lang?: string, inTx?: Env): Promise<number> {
    const env = inTx?.sudo() ?? this.envs.superuser();
    const normalized = email.trim().toLowerCase();
    const found = await this.people.partnerByEmail(env.db, normalized);
    if (found) return found;
    return env.model('res.partner').create({ name: normalized.split('@')[0], email: normalized, ...(lang ? { lang } : {}) });
  }

  /**
   * Whether the address was proven to reach its owner (a follow confirmation link followed, or another
   * module's check of it, as the forum's e-mail validation): a signed-in user with it follows at once.
   */
  async isEmailVerified(email: string, env?: Env): Promise<boolean> {
    const row = await (env?.db ?? this.envs.superuser().db)('website_mail_verified_email').where({ email: email.trim().toLowerCase() }).first('id');
    return Boolean(row);
  }

  async markEmailVerified(email: string, env?: Env): Promise<void> {
    await (env?.db ?? this.envs.superuser().db)('website_mail_verified_email')
      .insert({ email: email.trim().toLowerCase().slice(0, 254), verified_at: utcText() }).onConflict('email').ignore();
  }

  async followerCount(model: string, id: number): Promise<number> {
    return this.envs.superuser().model('mail.followers').search_count([['res_model', '=', model], ['res_id', '=', id]]);
  }
}
