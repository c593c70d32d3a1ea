import type { Knex } from 'knex';
import type { Config } from '../kernel/config';
import { AccessDenied } from '../kernel/errors';
import { verifyPassword } from './password';
import type { RateLimiter } from './rate-limiter';
import type { UserDirectory, UserInfo } from './user-directory';

const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/**
 * Checks credentials with throttling per IP (every attempt counts) and per account (failures count),
 * so neither one address nor many addresses can guess a password at speed.
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
    const accountKey = `login.fail:${login.trim().toLowerCase()}`;
    if (!(await this.limiter.hit(`login.ip:${ip}`, perIp, windowSeconds)) || (await this.limiter.count(accountKey, windowSeconds)) >= perAccount) {
      throw new AccessDenied('Too many login attempts. Please wait a few minutes and try again.');
    }
    const row = await this.db('res_users').whereRaw('LOWER(login) = ?', [login.trim().toLowerCase()]).first();
    const active = row && (row.active === true || row.active === 1);
    // Verify against a dummy hash when the user does not exist, so timing does not reveal logins.
    const ok = await verifyPassword(password, active ? row.password_hash : DUMMY_HASH);
    if (!ok || !active) {
      await this.limiter.increment(accountKey, windowSeconds);
      throw new AccessDenied('Wrong login/password');
    }
    await this.limiter.reset(accountKey, windowSeconds);
    const user = await this.users.get(row.id);
    if (!user) throw new AccessDenied('Wrong login/password');
    return user;
  }
}
