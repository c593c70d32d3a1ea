import knexFactory from 'knex';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../test/support/test-database';

/** A database URL fit for printing: the password hidden. */
export const redact = (url: string): string => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

export const DEFAULT_PG_ADMIN = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Databases a benchmark runs on: `--sqlite` and/or `--pg`, else SQLite plus PostgreSQL when it answers
 * (at TEST_DATABASE_URL when that is a PostgreSQL URL, else the default local server).
 */
export async function chooseDatabases(args: string[]): Promise<{ databases: Array<'sqlite' | 'postgres'>; pgAdminUrl: string }> {
  const envUrl = process.env.TEST_DATABASE_URL;
  const pgAdminUrl = envUrl && /^postgres(ql)?:\/\//.test(envUrl) ? envUrl : DEFAULT_PG_ADMIN;
  let databases: Array<'sqlite' | 'postgres'> = [];
  if (args.includes('--sqlite')) databases.push('sqlite');
  if (args.includes('--pg')) databases.push('postgres');
  if (databases.length === 0) {
    databases = ['sqlite'];
    if (await pgReachable(pgAdminUrl)) databases.push('postgres');
    else console.log(`PostgreSQL not reachable at ${redact(pgAdminUrl)}: SQLite only.`);
  }
  return { databases, pgAdminUrl };
}

/** Whether PostgreSQL answers at this URL (benchmarks then also run there). */
export async function pgReachable(url: string): Promise<boolean> {
  const admin = knexFactory({ client: 'pg', connection: { connectionString: url, connectionTimeoutMillis: 2000 }, pool: { min: 0, max: 1 } });
  try {
    await admin.raw('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await admin.destroy();
  }
}

/** A throwaway database of the given kind (the test helper reads TEST_DATABASE_URL: set just for this call). */
export async function throwawayDatabase(dialect: 'sqlite' | 'postgres', pgAdminUrl: string): Promise<ThrowawayDatabase> {
  const saved = process.env.TEST_DATABASE_URL;
  if (dialect === 'postgres') process.env.TEST_DATABASE_URL = pgAdminUrl;
  else delete process.env.TEST_DATABASE_URL;
  try {
    return await createThrowawayDatabase();
  } finally {
    if (saved === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = saved;
  }
}
