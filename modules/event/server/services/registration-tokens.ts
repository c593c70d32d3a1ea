import crypto from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { DatabaseToken } from '@platform/core';
import { loadDatabaseSecret } from '@platform/http';

/**
 * The token of an attendee's cancel link: an HMAC (database secret) of the registration id, so the
 * link works for that registration only and nobody can make one for another.
 */
@injectable()
export class RegistrationTokens {
  private key?: Promise<string>;
  constructor(@inject(DatabaseToken) private readonly db: Knex) {}

  async sign(registrationId: number): Promise<string> {
    this.key ??= loadDatabaseSecret(this.db);
    return crypto.createHmac('sha256', await this.key).update(`event.registration.cancel|${registrationId}`).digest('base64url').slice(0, 32);
  }

  async verify(registrationId: number, token: string): Promise<boolean> {
    const expected = Buffer.from(await this.sign(registrationId));
    const given = Buffer.from(token);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  }
}
