import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '@platform/core/config';
import { AccessDenied } from '@platform/core/errors';
import { verifyPassword } from './password';
import { addressBucket } from './address-bucket';
import type { RateLimiter } from './rate-limiter';
import { TooManyRequests } from './too-many-requests';
import type { UserDirectory, UserInfo } from './user-directory';

const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
const THROTTLED = 'Too many login attempts. Please wait a few minutes and try again.';

/**
 * Checks credentials with throttling that slows guessing without letting anyone lock an account:
 * - per address, every attempt counts (one address cannot try many accounts at speed);
 * - per account and address, failures count: an address that failed `perAccount` times for an account
 *   is refused for it;
 * - per account, failures from all addresses count: past `perAccount`, every address that has itself
 *   failed for the account is refused for it.
 * An address that has not failed for the account is never refused because of others' failures, so
 * wrong passwords sent from many addresses cannot keep the owner out. The price: each new address gets
 * one guess per window once the account is under attack (and the per-address limit still applies).
 */
export class AuthService {
  constructor(
    private readonly db: Knex,
    private readonly limiter: RateLimiter,
    private readonly users: UserDirectory,
    private readonly config: Config,
  ) {}

  async authenticate(login: unknown, password: unknown, ip: string): Promise<UserInfo> {
    if (typeof login !== 'string' || typeof password !== 'string' || !login || !password) throw new AccessDenied('Wrong login/password');
    const { perIp, perAccount, windowSeconds } = this.config.loginLimits;
    const account = login.trim().toLowerCase();
    // Keys hold a digest of the login: fixed length whatever was typed (the key column is 255 wide).
    const accountKey = `login.fail:${digest(account)}`;
    // An IPv6 client is its /64 (address-bucket.ts): it could otherwise guess from 2^64 addresses.
    const source = addressBucket(ip);
    const sourceKey = `${accountKey}:${source}`;
    const attempt = await this.limiter.take(`login.ip:${source}`, perIp, windowSeconds);
    if (!attempt.ok) throw new TooManyRequests(THROTTLED, attempt.retryAfterSeconds);
    const sourceFailures = await this.limiter.count(sourceKey, windowSeconds);
    if (sourceFailures >= perAccount) {
      throw new TooManyRequests(THROTTLED, await this.limiter.retryAfter(sourceKey, perAccount - 1, windowSeconds, 0));
    }
    if (sourceFailures > 0 && (await this.limiter.count(accountKey, windowSeconds)) >= perAccount) {
      // Free again once the account's failures drop under the limit, or this address's own ones are all gone.
      const untilAccount = await this.limiter.retryAfter(accountKey, perAccount - 1, windowSeconds, 0);
      const untilSource = await this.limiter.retryAfter(sourceKey, 0, windowSeconds, 0);
      throw new TooManyRequests(THROTTLED, Math.min(untilAccount, untilSource));
    }
    const row = await this.db('res_users').whereRaw('LOWER(login) = ?', [account]).first();
    const active = row && (row.active === true || row.active === 1);
    // Verify against a dummy hash when the user does not exist, so timing does not reveal logins.
    const ok = await verifyPassword(password, active ? row.password_hash : DUMMY_HASH);
    if (!ok || !active) {
      await this.limiter.increment(accountKey, windowSeconds);
      await this.limiter.increment(sourceKey, windowSeconds);
      throw new AccessDenied('Wrong login/password');
    }
    // The owner is in: the account's count starts over; addresses that guessed keep theirs.
    await this.limiter.reset(accountKey, windowSeconds);
    await this.limiter.reset(sourceKey, windowSeconds);
    const user = await this.users.get(row.id);
    if (!user) throw new AccessDenied('Wrong login/password');
    return user;
  }
}

function digest(account: string): string {
  return crypto.createHash('sha256').update(account).digest('base64url').slice(0, 32);
}
