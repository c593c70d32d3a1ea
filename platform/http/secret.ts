import crypto from 'node:crypto';
import type { Knex } from 'knex';

/** The database's secret (HMAC key for CSRF and mail tokens), created on first use and shared by all processes. */
export async function loadDatabaseSecret(db: Knex): Promise<string> {
  const key = 'database.secret';
  const row = await db('ir_config_parameter').where({ key }).first();
  if (row?.value) return row.value as string;
  await db('ir_config_parameter').insert({ key, value: crypto.randomBytes(32).toString('hex') }).onConflict('key').ignore();
  return (await db('ir_config_parameter').where({ key }).first()).value as string;
}
