import crypto from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { DatabaseToken } from '@platform/core';
import { loadDatabaseSecret } from '@platform/http';

/**
 * HMACs with the database secret: a payment link's amount and currency (so the browser cannot change
 * them), a transaction's status link (so only whoever started it follows it), the test processor's
 * notifications.
 */
@injectable()
export class PaymentSignatures {
  private key?: Promise<crypto.KeyObject>;

  constructor(@inject(DatabaseToken) private readonly db: Knex) {}

  async sign(...parts: Array<string | number>): Promise<string> {
    return crypto.createHmac('sha256', await this.secret()).update(JSON.stringify(parts)).digest('base64url');
  }

  async verify(signature: unknown, ...parts: Array<string | number>): Promise<boolean> {
    if (typeof signature !== 'string' || !signature) return false;
    const expected = Buffer.from(await this.sign(...parts));
    const given = Buffer.from(signature);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  }

  private secret(): Promise<crypto.KeyObject> {
    this.key ??= loadDatabaseSecret(this.db).then((s) => crypto.createSecretKey(Buffer.from(`payment|${s}`, 'utf8')), (err) => {
      this.key = undefined;
      throw err;
    });
    return this.key;
  }
}
