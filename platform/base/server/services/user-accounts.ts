import type { Knex } from 'knex';
import { resolveXmlid } from '@platform/orm/data-loader';
import { UserError, ValidationError } from '@platform/core/errors';
import type { Env } from '@platform/orm/environment';
import { hashPassword } from '@platform/http/password';
import { EMAIL_RE } from '@platform/common/email-pattern';

export const MIN_PASSWORD_LENGTH = 8;

export interface NewUser {
  name: string;
  login: string;
  email?: string;
  password: string;
  /** Group external ids; default: portal user. */
  groups?: string[];
}

/** Creating users and changing passwords, shared by sign-up, the CLI and tests. */
export class UserAccounts {
  constructor(private readonly envSudo: () => Env) {}

  async create(input: NewUser): Promise<number> {
    const name = input.name?.trim();
    const login = input.login?.trim();
    if (!name) throw new ValidationError('A name is required');
    if (!login) throw new ValidationError('A login is required');
    if (login.length > 128) throw new ValidationError('The login is too long');
    const email = input.email ?? (EMAIL_RE.test(login) ? login : undefined);
    if (email && !EMAIL_RE.test(email)) throw new ValidationError('Invalid e-mail address');
    checkPassword(input.password);
    return this.envSudo().transaction(async (env) => {
      if (await this.loginTaken(env.db, login)) throw new UserError('Another user is already registered using this login.');
      const groupIds = await Promise.all((input.groups ?? ['base.group_portal']).map((g) => resolveXmlid(env, g)));
      const partnerId = await env.model('res.partner').create({ name, email: email ?? false });
      const uid = await env.model('res.users').create({
        name, login, email: email ?? false, partner_id: partnerId, share: !(input.groups ?? []).some((g) => g !== 'base.group_portal'),
        groups_id: [[6, 0, groupIds]],
      });
      await env.db('res_users').where({ id: uid }).update({ password_hash: await hashPassword(input.password) });
      return uid;
    });
  }

  async setPassword(login: string, password: string): Promise<void> {
    checkPassword(password);
    const db = this.envSudo().db;
    const updated = await db('res_users').whereRaw('LOWER(login) = ?', [login.trim().toLowerCase()]).update({ password_hash: await hashPassword(password) });
    if (!updated) throw new UserError(`No user with login '${login}'`);
  }

  private async loginTaken(db: Knex, login: string): Promise<boolean> {
    return Boolean(await db('res_users').whereRaw('LOWER(login) = ?', [login.toLowerCase()]).first());
  }
}

/** Refuses a password too short to be one (sign-up, reset, change). */
export function checkPassword(password: unknown): void {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH) {
    throw new ValidationError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters`);
  }
}
