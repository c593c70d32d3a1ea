/**
 * The data and the two query pairs of the ORM benchmark. Each raw-knex query does the same work as
 * its ORM counterpart (same columns, filter, order, limit, many2one names, same output shape), so the
 * ORM/raw ratio measures the ORM's own overhead and nothing else.
 */
import type { Knex } from 'knex';
import { knexDialect } from '@platform/db/connection';
import type { Env } from '@platform/orm/environment';

type Row = Record<string, unknown>;

const CITIES = ['Brussels', 'Paris', 'Lyon', 'Berlin', 'Madrid', 'Lisbon', 'Rome', 'Vienna', 'Prague', 'Dublin'];
const COUNTRY_CODES = ['BE', 'FR', 'DE', 'ES', 'PT', 'IT', 'AT', 'CZ', 'IE', 'NL'];
const DAY_MS = 24 * 3600 * 1000;

/** Small seeded PRNG: the same rows on every run and every database, so figures compare. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const stamp = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** Inserts `count` partners in one transaction (raw batchInsert: seeding speed is not what we measure). */
export async function seedPartners(db: Knex, count: number): Promise<void> {
  const sqlite = knexDialect(db) === 'sqlite';
  const countryIds: number[] = (await db('res_country').whereIn('code', COUNTRY_CODES).select('id')).map((r: Row) => r.id as number);
  const random = prng(42);
  const now = Date.now();
  const rows: Row[] = [];
  for (let i = 0; i < count; i++) {
    const created = now - Math.floor(random() * 365 * DAY_MS);
    rows.push({
      name: `Partner ${i}`,
      email: `partner${i}@example.com`,
      city: CITIES[i % CITIES.length],
      country_id: countryIds[Math.floor(random() * countryIds.length)],
      create_date: stamp(created),
      write_date: stamp(created + Math.floor(random() * DAY_MS)),
      active: sqlite ? 1 : true,
    });
  }
  // knex inserts a SQLite batch as one compound SELECT, capped at 500 terms; 1000 rows x 7 columns
  // stays under PostgreSQL's bound-parameter limit.
  await db.transaction((trx) => trx.batchInsert('res_partner', rows, sqlite ? 500 : 1000));
  // Fresh statistics, so the planner does not pick a plan for an empty table mid-measurement.
  await db.raw(sqlite ? 'ANALYZE' : 'ANALYZE res_partner');
}

export const SEARCH_FIELDS = ['name', 'email', 'city', 'country_id'];

export function ormSearchRead(env: Env): Promise<Row[]> {
  return env.model('res.partner').search_read([['active', '=', true]], SEARCH_FIELDS, { limit: 1000, order: 'id' });
}

/** search_read by hand: the page of partners, then one query for their countries' names. */
export async function rawSearchRead(db: Knex): Promise<Row[]> {
  const active = knexDialect(db) === 'sqlite' ? 1 : true;
  const rows: Row[] = await db('res_partner').where('active', active).orderBy('id').limit(1000)
    .select('id', 'name', 'email', 'city', 'country_id');
  const countryIds = [...new Set(rows.map((r) => r.country_id).filter((v): v is number => typeof v === 'number'))];
  const names = new Map<number, string>();
  if (countryIds.length) {
    for (const c of await db('res_country').whereIn('id', countryIds).select('id', 'name')) {
      // Country names are translated: JSON text {"en_US": ..., "fr_FR": ...}.
      const map = JSON.parse(c.name as string) as Record<string, string>;
      names.set(c.id as number, map.en_US ?? '');
    }
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name ?? false,
    email: r.email ?? false,
    city: r.city ?? false,
    country_id: typeof r.country_id === 'number' ? [r.country_id, names.get(r.country_id) ?? ''] : false,
  }));
}

export function ormReadGroup(env: Env): Promise<Row[]> {
  return env.model('res.partner').read_group([], [], ['create_date:day']);
}

/** Partners per creation day, straight SQL. */
export async function rawReadGroup(db: Knex): Promise<Row[]> {
  const day = knexDialect(db) === 'sqlite'
    ? `strftime('%Y-%m-%d', create_date)`
    : `to_char(date_trunc('day', create_date), 'YYYY-MM-DD')`;
  return db('res_partner').select(db.raw(`${day} AS day, COUNT(*) AS n`)).groupByRaw(day).orderBy('day');
}

/** Same groups and counts on both sides? Guards against comparing queries that do different work. */
export function sameGroups(orm: Row[], raw: Row[]): boolean {
  return orm.length === raw.length && orm.every((g, i) => Number(g.create_date_count) === Number(raw[i].n));
}
