import crypto from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { DatabaseToken } from '@platform/core/tokens';
import { loadDatabaseSecret } from '@platform/http/secret';

/** What an unfollow link names: one follower of one record. */
export interface FollowRef {
  model: string;
  resId: number;
  partnerId: number;
}

/**
 * Signs the unfollow links of comment mails with the database secret: only someone who received the
 * mail at the follower's address has the token. No expiry: a mail's unfollow link must keep working.
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

  private secret(): Promise<crypto.KeyObject> {
    this.key ??= loadDatabaseSecret(this.db).then((s) => crypto.createSecretKey(Buffer.from(s, 'utf8')), (err) => {
      this.key = undefined; // a failed read is retried by the next caller
      throw err;
    });
    return this.key;
  }
}
