import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';

export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database for one test kernel: a temporary SQLite file, or, when TEST_DATABASE_URL points at
 * PostgreSQL, a new database created next to it and dropped afterwards.
 */
export async function createThrowawayDatabase(): Promise<ThrowawayDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  const name = `t_${Date.now().toString(36)}_${crypto.randomBytes(4).toString('hex')}`;
  if (base && /^postgres(ql)?:\/\//.test(base)) {
    const admin = knexFactory({ client: 'pg', connection: base, pool: { min: 0, max: 1 } });
    await admin.raw(`CREATE DATABASE "${name}"`);
    await admin.destroy();
    const url = new URL(base);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: async () => {
        const again = knexFactory({ client: 'pg', connection: base, pool: { min: 0, max: 1 } });
        await again.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await again.destroy();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteplatform-'));
  return {
    url: `sqlite:${path.join(dir, `${name}.sqlite`)}`,
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
