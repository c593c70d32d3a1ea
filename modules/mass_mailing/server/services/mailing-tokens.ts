import crypto from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { loadDatabaseSecret } from '@platform/http';
import { DatabaseToken } from '@platform/core';
import { normalizeEmail } from './email-address';

/** Signs with the database secret; methods are synchronous so messages can be composed in a tight loop. */
export class TokenSigner {
  /** A key object, so each HMAC skips converting the secret again (two per message sent). */
  private readonly key: crypto.KeyObject;

  constructor(secret: string) {
    this.key = crypto.createSecretKey(Buffer.from(secret, 'utf8'));
  }

  /** Authenticates unsubscribe links: only someone who received the mailing at that address has it. */
  unsubscribe(mailingId: number, email: string): string {
    return this.hmac(JSON.stringify(['unsubscribe', mailingId, normalizeEmail(email)]));
  }

  /** Authenticates open/click tracking URLs so counters cannot be inflated by guessing recipient ids. */
  tracking(recipientId: number): string {
    return this.hmac(JSON.stringify(['track', recipientId])).slice(0, 32);
  }

  /**
   * Authenticates the link of a subscription confirmation mail: only someone who received it at that
   * address has it. `issuedAt` (seconds) is signed too, so links expire.
   */
  confirm(listId: number, email: string, issuedAt: number): string {
    return this.hmac(JSON.stringify(['confirm', listId, normalizeEmail(email), issuedAt]));
  }

  checkConfirm(listId: number, email: string, issuedAt: number, token: unknown): boolean {
    return sameToken(this.confirm(listId, email, issuedAt), token);
  }

  checkUnsubscribe(mailingId: number, email: string, token: unknown): boolean {
    return sameToken(this.unsubscribe(mailingId, email), token);
  }

  checkTracking(recipientId: number, token: unknown): boolean {
    return sameToken(this.tracking(recipientId), token);
  }

  private hmac(data: string): string {
    return crypto.createHmac('sha256', this.key).update(data).digest('hex');
  }
}

/** Constant-time comparison; a token of another length (or type) is simply wrong. */
function sameToken(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}

/** Hands out a TokenSigner keyed with the database secret (loaded once per process). */
@injectable()
export class MailingTokens {
  private signerPromise?: Promise<TokenSigner>;
  constructor(@inject(DatabaseToken) private readonly db: Knex) {}

  signer(): Promise<TokenSigner> {
    this.signerPromise ??= loadDatabaseSecret(this.db).then((secret) => new TokenSigner(secret), (err) => {
      this.signerPromise = undefined; // a failed read is retried by the next caller
      throw err;
    });
    return this.signerPromise;
  }
}
