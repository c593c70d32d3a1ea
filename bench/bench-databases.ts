import knexFactory from 'knex';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../test/support/test-database';

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
