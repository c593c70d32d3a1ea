import { ConfigParameters, People } from '@platform/base';
import crypto from 'node:crypto';
import { inject, injectable } from 'inversify';
import { UserError } from '@platform/core';
import { escapeHtml, hostnameOf, localizedPath, utcText } from '@platform/common';
import { addressBucket, LanguageCatalog, RateLimiter, type Site, TooManyRequests } from '@platform/http';
import { deliveryError, MailTransport } from '@platform/mail';
import type { Env } from '@platform/orm';
import { TranslationCatalog } from '@platform/web';
import { FollowService } from './follow-service';
import { FollowTokens } from './follow-tokens';
import { ThreadRegistry } from './thread-registry';

export const REQUEST_TABLE = 'website_mail_follow_request';
/** Path of the page a confirmation link opens (a confirmation whose button posts). */
export const CONFIRM_PATH = '/website_mail/follow/confirm';
/** A confirmation link works this long after it was mailed. */
export const CONFIRM_LINK_SECONDS = 7 * 86_400;
/** At most one confirmation mail per record and address in this time, however often a form names them. */
export const RESEND_AFTER_MS = 10 * 60_000;
/**
 * Confirmation mails per hour to one address (whatever the records and whoever asks) and asked from
 * one client address (whatever the addresses typed): the opt-in mail must not become the cannon.
 */
export const MAILS_PER_ADDRESS = 3;
export const MAILS_PER_CLIENT = 20;
const WINDOW_SECONDS = 3600;

/** What a follow by e-mail asks for. */
export interface FollowAsk {
  model: string;
  resId: number;
  /** The address to follow with (the visitor's typed one, or a signed-in user's own). */
  email: string;
  /** A signed-in user's partner: the follower once confirmed; null for a visitor. */
  partnerId: number | null;
  lang: string;
  site: Site;
  /** The site's address for mail links (SiteUrls.forMail); null: no mail can be sent. */
  baseUrl: string | null;
  /** The client address, for the per-client limit. */
  ip: string;
}

/** A pending follow as its link names it, checked. */
export interface PendingFollow {
  requestId: number;
  model: string;
  resId: number;
  email: string;
  partnerId: number | null;
  lang: string;
  issuedAt: number;
  token: string;
}

/**
 * Double opt-in of follows by e-mail (the newsletter's pattern, for followers): asking records a
 * pending request and mails the address a link signed (HMAC, database secret) over the request and
 * the time; only following that link, once, before it expires, makes the address a follower, and so
 * a receiver of comment mails. Requests are answered the same whether or not the address follows
 * already or a mail went out.
 */
@injectable()
export class FollowConfirmation {
  constructor(
    @inject(FollowService) private readonly followers: FollowService,
    @inject(FollowTokens) private readonly tokens: FollowTokens,
    @inject(ThreadRegistry) private readonly threads: ThreadRegistry,
    @inject(MailTransport) private readonly transport: MailTransport,
    @inject(RateLimiter) private readonly limiter: RateLimiter,
    @inject(TranslationCatalog) private readonly translations: TranslationCatalog,
    @inject(LanguageCatalog) private readonly languages: LanguageCatalog,
    @inject(ConfigParameters) private readonly params: ConfigParameters,
    @inject(People) private readonly people: People,
  ) {}

  /** Records the pending follow and mails its link, unless the address follows already or had one lately. */
  async ask(env: Env, ask: FollowAsk): Promise<void> {
    const email = ask.email.trim().toLowerCase();
    if (await this.followsAlready(env, ask, email)) return;
    const db = env.db;
    await db(REQUEST_TABLE).insert({ res_model: ask.model, res_id: ask.resId, email, partner_id: ask.partnerId, lang: ask.lang, create_date: utcText() })
      .onConflict(['res_model', 'res_id', 'email']).ignore();
    const row = await db(REQUEST_TABLE).where({ res_model: ask.model, res_id: ask.resId, email }).first('id', 'partner_id');
    if (ask.partnerId && Number(row.partner_id ?? 0) !== ask.partnerId) await db(REQUEST_TABLE).where({ id: row.id }).update({ partner_id: ask.partnerId, lang: ask.lang });
    // Claimed with one conditional update: two requests at once send one mail.
    const claimed = await db(REQUEST_TABLE).where({ id: row.id })
      .andWhere((w) => w.whereNull('confirmation_sent_at').orWhere('confirmation_sent_at', '<', utcText(Date.now() - RESEND_AFTER_MS)))
      .update({ confirmation_sent_at: utcText() });
    if (claimed !== 1) return;
    const release = () => db(REQUEST_TABLE).where({ id: row.id }).update({ confirmation_sent_at: null });
    if (!ask.baseUrl) {
      await release();
      throw new UserError('This site cannot send e-mails yet: it has no public address. Please try again later.');
    }
    const fromClient = await this.limiter.take(`website_mail.confirm.client:${addressBucket(ask.ip)}`, MAILS_PER_CLIENT, WINDOW_SECONDS);
    if (!fromClient.ok) {
      await release();
      throw new TooManyRequests('Too many confirmation e-mails were asked from your address. Please try again later.', fromClient.retryAfterSeconds);
    }
    // Over the address's budget: the request waits, silently (the answer must not tell who asked before).
    if (!(await this.limiter.hit(`website_mail.confirm.to:${digest(email)}`, MAILS_PER_ADDRESS, WINDOW_SECONDS))) {
      await release();
      return;
    }
    try {
      await this.mail(env, { requestId: Number(row.id), model: ask.model, resId: ask.resId, email, issuedAt: Math.floor(Date.now() / 1000) }, ask);
    } catch (err) {
      await release(); // the next try may send it
      throw new UserError(`The confirmation e-mail could not be sent (${deliveryError(err).message}). Please try again later.`);
    }
  }

  /** The pending follow a link names, if its token is right, it has not expired and it was not used; null otherwise. */
  async check(env: Env, params: Record<string, unknown>): Promise<PendingFollow | null> {
    const text = (v: unknown, max: number) => (typeof v === 'string' && v.length <= max ? v : '');
    const requestId = /^\d{1,9}$/.test(text(params.request, 9)) ? Number(params.request) : 0;
    const issuedAt = /^\d{1,12}$/.test(text(params.at, 12)) ? Number(params.at) : 0;
    const token = text(params.token, 128);
    const now = Date.now() / 1000;
    if (!requestId || !issuedAt || issuedAt > now + 300 || now - issuedAt > CONFIRM_LINK_SECONDS) return null;
    const row = await env.db(REQUEST_TABLE).where({ id: requestId }).first('res_model', 'res_id', 'email', 'partner_id', 'lang');
    if (!row) return null;
    const ref = { requestId, model: String(row.res_model), resId: Number(row.res_id), email: String(row.email), issuedAt };
    if (!(await this.tokens.checkConfirm(ref, token))) return null;
    return { ...ref, partnerId: row.partner_id ? Number(row.partner_id) : null, lang: String(row.lang), token };
  }

  /**
   * Makes the pending follow a follow, once: the request is consumed in the same transaction (a second
   * use of the link, or two at once, finds nothing). Returns the follower's partner and whether this
   * created the follow; null when the request was used already.
   */
  async confirm(env: Env, pending: PendingFollow): Promise<{ partnerId: number; created: boolean } | null> {
    return env.transaction(async (tx) => {
      const consumed = await tx.db(REQUEST_TABLE).where({ id: pending.requestId }).delete();
      if (consumed !== 1) return null;
      const own = pending.partnerId ? await this.people.partnerByEmail(tx.db, pending.email, pending.partnerId) : null;
      const partnerId = own ?? await this.followers.partnerForEmail(pending.email, pending.lang, tx);
      const created = await this.followers.follow(pending.model, pending.resId, partnerId, tx);
      // Its owner has read a mail sent to it: a signed-in user with this address follows at once from now on.
      await this.followers.markEmailVerified(pending.email, tx);
      return { partnerId, created };
    });
  }

  /** Whether the address (or the signed-in user's partner) follows the record already. */
  private async followsAlready(env: Env, ask: FollowAsk, email: string): Promise<boolean> {
    if (ask.partnerId) return this.followers.isFollower(ask.model, ask.resId, ask.partnerId, env);
    const row = await env.db('mail_followers as f').join(this.people.partnersView(env.db, ['email']).as('p'), 'p.id', 'f.partner_id')
      .where({ 'f.res_model': ask.model, 'f.res_id': ask.resId }).whereRaw('lower(p.email) = ?', [email]).first('f.id');
    return Boolean(row);
  }

  private async mail(env: Env, ref: { requestId: number; model: string; resId: number; email: string; issuedAt: number }, ask: FollowAsk): Promise<void> {
    const baseUrl = ask.baseUrl!.replace(/\/+$/, '');
    const lang = ask.site.langs.includes(ask.lang) ? ask.lang : ask.site.defaultLang;
    const urlCode = lang === ask.site.defaultLang ? null : (await this.languages.find(lang))?.urlCode ?? null;
    const record = await this.threads.optionsForModel(ref.model)?.recordLink(env.sudo().withLang(lang), ref.resId);
    if (!record) throw new Error('the record is gone');
    const token = await this.tokens.signConfirm(ref);
    const query = new URLSearchParams({ request: String(ref.requestId), at: String(ref.issuedAt), token });
    const link = `${baseUrl}${localizedPath(CONFIRM_PATH, urlCode)}?${query}`;
    const _t = (source: string) => this.translations.module('website_mail', lang)[source] ?? source;
    const host = hostnameOf(baseUrl) ?? 'localhost';
    const from = await this.params.get('mail.default.from', env);
    const asked = _t('Someone, hopefully you, asked to follow %s with this address: each new comment or answer would be sent to it.').replace('%s', record.name);
    const button = _t('Confirm: follow it');
    const ignore = _t('If you did not ask for it, ignore this e-mail: this address will not follow anything.');
    await this.transport.send({
      from: from || `notifications@${host}`,
      to: ref.email,
      subject: _t('Confirm that you want to follow %s').replace('%s', record.name),
      html: `<p>${escapeHtml(asked)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(button)}</a></p><p><small>${escapeHtml(ignore)}</small></p>`,
      text: `${asked}\n\n${button}: ${link}\n\n${ignore}\n`,
      messageId: `<follow-confirm-${ref.requestId}-${ref.issuedAt}-${crypto.randomUUID()}@${host}>`,
    });
  }
}

/** A short, stable key for an address in the rate-limit table (the address itself is not stored there). */
function digest(email: string): string {
  return crypto.createHash('sha256').update(email).digest('base64url').slice(0, 32);
}
