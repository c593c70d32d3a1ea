import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { DatabaseToken } from '@platform/core/tokens';
import type { Env } from '@platform/orm/environment';

/**
 * The system parameters (`ir.config_parameter`: `mail.default.from`, `web.base.url`, ...) for other
 * modules, which read base's table only through this face. Pass the caller's environment when it runs
 * in a transaction: on SQLite a read outside it would wait for the one connection the transaction holds.
 */
@injectable()
export class ConfigParameters {
  constructor(@inject(DatabaseToken) private readonly db: Knex) {}

  async get(key: string, env?: Env): Promise<string | null> {
    const row = await (env?.db ?? this.db)('ir_config_parameter').where({ key }).first('value');
    return row?.value ? String(row.value) : null;
  }

  /** Writes a parameter (e.g. the mail module's settings screen setting `mail.default.from`); null removes it. */
  async set(key: string, value: string | null, env?: Env): Promise<void> {
    const db = env?.db ?? this.db;
    if (value === null) await db('ir_config_parameter').where({ key }).delete();
    else await db('ir_config_parameter').insert({ key, value }).onConflict('key').merge();
  }
}
