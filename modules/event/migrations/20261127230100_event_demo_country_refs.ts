import type { Knex } from 'knex';
import { DEMO_COUNTRY_CODES } from '../demo/event-demo';

/*
 * Countries are reference rows loaded in bulk by base, without external ids. The demo events refer to
 * a few of them by external id (event.country_<code>), registered here (rows of ir_model_data only).
 */
export async function up(knex: Knex): Promise<void> {
  const rows: Array<{ id: number; code: string }> = await knex('res_country').whereIn('code', DEMO_COUNTRY_CODES.map((c) => c.toUpperCase())).select('id', 'code');
  for (const r of rows) await knex('ir_model_data').insert({ module: 'event', name: `country_${r.code.toLowerCase()}`, model: 'res.country', res_id: r.id });
}
