import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { DetachedWork } from '@platform/core/detached-work';
import { absoluteUrl, hostnameOf } from '@platform/common/absolute-url';
import { UserError } from '@platform/core/errors';
import { EMAIL_RE } from '@platform/common/email-pattern';
import { hashPassword } from '@platform/http/password';
import type { RateLimiter } from '@platform/http/rate-limiter';
import { loadDatabaseSecret } from '@platform/http/secret';
import type { MailTransport } from '@platform/mail/mail-transport';
import { checkPassword } from './user-accounts';

/** A reset link works this long after it was mailed: long enough to reach a slow inbox, short if a mailbox leaks. */
export const RESET_LINK_SECONDS = 3600;
/** Reset mails one account receives per hour, whatever addresses ask (the route also limits each address). */
export const RESET_MAILS_PER_ACCOUNT = 3;

/** What the reset mail needs to know about the site it is sent for, already resolved by the caller. */
export interface ResetMailContext {
  /** `https://www.example.com[/fr]`: where the link points (the site's base URL, with the language prefix). */
  linkBase: string;
  siteName: string;
  /** Translates the mail's sentences into the language the visitor asked in. */
  _t: (source: string) => string;
}

interface ResetAccount {
  id: number;
  login: string;
  email: string;
  passwordHash: string;
}

/**
 * Password reset by e-mail. A link carries `<uid>.<expiry>.<hmac>`; the HMAC (database secret) covers
 * the user, the expiry and the current password hash, so a link stops working once it has been used,
 * or once the password changed in any other way: single use without storing anything. Asking answers
 * the same whether or not the address exists; the mail is sent after the answer, never inline.
 */
export class PasswordReset {
  constructor(
    private readonly db: Knex,
    private readonly limiter: RateLimiter,
    private readonly transport: MailTransport | null,
    private readonly detached: DetachedWork,
  ) {}

  /** Whether mails can be sent at all (the `mail` module binds the transport). */
  get available(): boolean {
    return this.transport !== null;
  }

  /**
   * Schedules the reset mail for the account whose login or e-mail is `loginOrEmail`, if there is one
   * with an e-mail address and it has not had its share of mails this hour. Answers whether a mail was
   * scheduled: for an administrator's screen; the public form tells visitors the same either way.
   */
  async request(loginOrEmail: string, mail: ResetMailContext): Promise<boolean> {
    // Counted per typed address whether or not it names an account (the same work either way), and per
    // account (its login and its e-mail are two ways to type it).
    const typed = crypto.createHash('sha256').update(loginOrEmail.trim().toLowerCase()).digest('base64url').slice(0, 32);
    const withinTyped = await this.limiter.hit(`reset.typed:${typed}`, RESET_MAILS_PER_ACCOUNT, 3600);
    const account = await this.findAccount(loginOrEmail);
    if (!account || !this.transport || !withinTyped) return false;
    if (!(await this.limiter.hit(`reset.account:${account.id}`, RESET_MAILS_PER_ACCOUNT, 3600))) return false;
    const token = await this.sign(account.id, Math.floor(Date.now() / 1000) + RESET_LINK_SECONDS, account.passwordHash);
    const transport = this.transport;
    // After the answer: the visitor must not learn from the delay whether a mail went out.
    const link = absoluteUrl(mail.linkBase, `/web/reset_password?token=${token}`);
    if (!link) return false;
    this.detached.run('password reset mail', () => transport.send(this.composeMail(account, link, mail)), { uid: account.id });
    return true;
  }

  /** The account a link is for, if its signature is right, it has not expired and its password is unchanged. */
  async check(token: unknown): Promise<{ id: number; login: string } | null> {
    if (typeof token !== 'string' || token.length > 200) return null;
    const match = /^(\d{1,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const [, uid, expires] = match;
    if (Number(expires) < Date.now() / 1000) return null;
    const row = await this.db('res_users').where({ id: Number(uid) }).first('id', 'login', 'active', 'password_hash');
    if (!row || !(row.active === true || row.active === 1)) return null;
    const expected = await this.sign(Number(uid), Number(expires), row.password_hash ?? '');
    const a = Buffer.from(expected);
    const b = Buffer.from(token);
    return a.length === b.length && crypto.timingSafeEqual(a, b) ? { id: Number(row.id), login: String(row.login) } : null;
  }

  /**
   * Sets the new password of a link's account and signs that account out everywhere (whoever could read
   * the old password may hold a session). The new hash makes the link, and every other one, worthless.
   */
  async reset(token: unknown, password: string, confirm: string): Promise<{ id: number; login: string }> {
    const account = await this.check(token);
    if (!account) throw new UserError('This reset link is not valid any more. Ask for a new one.');
    if (password !== confirm) throw new UserError('Passwords do not match; please retype them.');
    checkPassword(password);
    const hash = await hashPassword(password);
    const secret = await loadDatabaseSecret(this.db);
    const [uid, expires] = String(token).split('.').map(Number);
    // Only if the password is still the one the link was signed for: two tabs using one link race here.
    const updated = await this.db.transaction(async (trx) => {
      const row = await trx('res_users').where({ id: account.id }).first('password_hash');
      const current: string | null = row?.password_hash ?? null;
      if (!row || signWith(secret, uid, expires, current ?? '') !== token) return 0;
      const n = await trx('res_users').where({ id: account.id })
        .where((q) => { if (current === null) q.whereNull('password_hash'); else q.where('password_hash', current); })
        .update({ password_hash: hash });
      if (n) await trx('http_session').where({ uid: account.id }).delete();
      return n;
    });
    if (!updated) throw new UserError('This reset link is not valid any more. Ask for a new one.');
    return account;
  }

  private async findAccount(loginOrEmail: string): Promise<ResetAccount | null> {
    const key = loginOrEmail.trim().toLowerCase();
    if (!key) return null;
    const rows: Array<{ id: number; login: string; email: string | null; active: unknown; password_hash: string | null }> = await this.db('res_users')
      .whereRaw('LOWER(login) = ?', [key]).orWhereRaw('LOWER(email) = ?', [key])
      .orderBy('id').limit(2).select('id', 'login', 'email', 'active', 'password_hash');
    // An address shared by two accounts names neither: the login does.
    const row = rows.find((r) => r.login.toLowerCase() === key) ?? (rows.length === 1 ? rows[0] : undefined);
    if (!row || !(row.active === true || row.active === 1)) return null;
    const email = row.email && EMAIL_RE.test(row.email) ? row.email : EMAIL_RE.test(row.login) ? row.login : null;
    return email ? { id: row.id, login: row.login, email, passwordHash: row.password_hash ?? '' } : null;
  }

  private async sign(uid: number, expires: number, passwordHash: string): Promise<string> {
    return signWith(await loadDatabaseSecret(this.db), uid, expires, passwordHash);
  }

  private composeMail(account: ResetAccount, link: string, { siteName, _t }: ResetMailContext) {
    const host = hostnameOf(link) ?? 'localhost';
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    const intro = _t('Someone, hopefully you, asked to reset the password of the account %s on %s.').replace('%s', account.login).replace('%s', siteName);
    const expiry = _t('The link works for one hour, once.');
    const ignore = _t('If you did not ask for it, ignore this e-mail: your password stays as it is.');
    const action = _t('Choose a new password');
    return {
      from: `noreply@${host}`,
      to: account.email,
      subject: _t('Reset your password on %s').replace('%s', siteName),
      html: `<p>${esc(intro)}</p><p><a href="${esc(link)}">${esc(action)}</a></p><p>${esc(expiry)}</p><p>${esc(ignore)}</p>`,
      text: `${intro}\n\n${action}: ${link}\n\n${expiry}\n${ignore}\n`,
      messageId: `<password-reset-${account.id}-${crypto.randomUUID()}@${host}>`,
    };
  }
}

function signWith(secret: string, uid: number, expires: number, passwordHash: string): string {
  const mac = crypto.createHmac('sha256', secret).update(`password-reset|${uid}|${expires}|${passwordHash}`).digest('base64url');
  return `${uid}.${expires}.${mac}`;
}
