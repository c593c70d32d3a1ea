import type { Knex } from 'knex';
import { cancelOnAbort, type AbortSource } from '@platform/db/cancel-on-abort';
import { knexDialect, type Dialect } from '@platform/db/connection';
import { ValidationError } from '@platform/core/errors';
import type { AccessControl } from './access-control';
import { Model } from './model';
import type { ModelRegistry } from './registry';

/** Who is acting, where, in which language. */
export interface UserContext {
  uid: number;
  /** External ids of the user's groups, implied groups included. */
  groups: ReadonlySet<string>;
  partnerId: number | null;
  siteId: number | null;
  lang: string;
  /** Bypasses access rights and record rules (server code acting on its own authority). */
  superuser: boolean;
}

export const SUPERUSER_ID = 1;

/** Shared, per-database ORM state: models and access rules. */
export interface OrmState {
  registry: ModelRegistry;
  access: AccessControl;
}

/**
 * Everything an ORM call needs: models, database handle (or transaction), and the acting user.
 * Immutable: `sudo()`, `withLang()`... return new environments.
 */
export class Env {
  readonly dialect: Dialect;
  /**
   * @param signal aborted when the HTTP request this environment serves is gone: the PostgreSQL
   *   statement its transaction is running is then cancelled.
   */
  constructor(readonly orm: OrmState, readonly db: Knex, readonly user: UserContext, readonly signal?: AbortSource) {
    this.dialect = knexDialect(db);
  }

  get registry(): ModelRegistry {
    return this.orm.registry;
  }
  get uid(): number {
    return this.user.uid;
  }
  get lang(): string {
    return this.user.lang;
  }
  get isSuperuser(): boolean {
    return this.user.superuser;
  }

  model(name: string): Model {
    const meta = this.orm.registry.get(name);
    if (!meta) throw new ValidationError(`Unknown model '${name}'`);
    return new Model(this, meta);
  }

  hasGroup(xmlid: string): boolean {
    return this.user.superuser || this.user.groups.has(xmlid);
  }

  sudo(): Env {
    return this.user.superuser ? this : new Env(this.orm, this.db, { ...this.user, superuser: true }, this.signal);
  }
  withLang(lang: string): Env {
    return new Env(this.orm, this.db, { ...this.user, lang }, this.signal);
  }
  withDb(db: Knex): Env {
    return new Env(this.orm, db, this.user, this.signal);
  }
  /** The same environment, its statements cancelled when `signal` aborts (see the constructor). */
  withSignal(signal: AbortSource): Env {
    return new Env(this.orm, this.db, this.user, signal);
  }

  get inTransaction(): boolean {
    return (this.db as Knex.Transaction).isTransaction === true;
  }

  /** Runs `fn` in a transaction (or in the current one): all of its writes land, or none. */
  async transaction<T>(fn: (env: Env) => Promise<T>): Promise<T> {
    if (this.inTransaction) return fn(this);
    return this.db.transaction((trx) => cancelOnAbort(trx, this.signal, () => fn(this.withDb(trx))));
  }
}
