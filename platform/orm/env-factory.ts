import type { AbortSource } from '@platform/db/cancel-on-abort';
import type { Knex } from 'knex';
import { Env, SUPERUSER_ID, type OrmState } from './environment';

export interface ActingUser {
  id: number;
  partnerId: number;
  groups: ReadonlySet<string>;
}

/** Makes environments: for a request's user, or for server code acting on its own authority. */
export class EnvFactory {
  constructor(private readonly orm: OrmState, private readonly db: Knex) {}

  superuser(lang = 'en_US', siteId: number | null = null): Env {
    return new Env(this.orm, this.db, { uid: SUPERUSER_ID, groups: new Set(['base.group_system', 'base.group_user']), partnerId: null, siteId, lang, superuser: true });
  }

  /** `signal`: aborted when the request is gone (its running PostgreSQL statement is then cancelled). */
  forUser(user: ActingUser, siteId: number | null, lang: string, signal?: AbortSource): Env {
    return new Env(this.orm, this.db, { uid: user.id, groups: user.groups, partnerId: user.partnerId, siteId, lang, superuser: false }, signal);
  }
}
