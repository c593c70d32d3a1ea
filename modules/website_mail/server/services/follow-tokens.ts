import crypto from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { DatabaseToken } from '@platform/core';
import { loadDatabaseSecret } from '@platform/http';

/** What an unfollow link names: one follower of one record. */
export interface FollowRef {
  model: string;
  resId: number;
  partnerId: number;
}

/** What a follow confirmation link names: one pending request, as it was when the mail was sent. */
export interface ConfirmRef {
  requestId: number;
  model: string;
  resId: number;
  email: string;
  issuedAt: number;
}

/**
 * Signs the links of website_mail's mails with the database secret: only someone who received the
 * mail at the address has the token. Unfollow links do not expire (a mail's unfollow link must keep
 * working); confirmation links carry their time, and the caller refuses old ones.
 */
@injectable()
export class FollowTokens {
  private key?: Promise<crypto.KeyObject>;

  constructor(@inject(DatabaseToken) private readonly db: Knex) {}

  async sign(ref: FollowRef): Promise<string> {
    return crypto.createHmac('sha256', await this.secret()).update(JSON.stringify(['unfollow', ref.model, ref.resId, ref.partnerId])).digest('hex');
  }

  /** Constant-time check; anything that is not the right token (other length, not a string) is wrong. */
  async check(ref: FollowRef, token: unknown): Promise<boolean> {
    const expected = await this.sign(ref);
    return typeof token === 'string' && token.length === expected.length && crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(token));
  }

  async signConfirm(ref: ConfirmRef): Promise<string> {
    return crypto.createHmac('sha256', await this.secret())
      .update(JSON.stringify(['follow-confirm', ref.requestId, ref.model, ref.resId, ref.email.toLowerCase(), ref.issuedAt])).digest('hex');
  }

  async checkConfirm(ref: ConfirmRef, token: unknown): Promise<boolean> {
    const expected = await this.signConfirm(ref);
    return typeof token === 'string' && token.length === expected.length && crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(token));
  }

  private secret(): Promise<crypto.KeyObject> {
    this.key ??= loadDatabaseSecret(this.db).then((s) => crypto.createSecretKey(Buffer.from(s, 'utf8')), (err) => {
      this.key = undefined; // a failed read is retried by the next caller
      throw err;
    });
    return this.key;
  }
}
