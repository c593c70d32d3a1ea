import type { Knex } from 'knex';
import { DEMO_COUNTRY_CODES } from '../demo/link-tracker-demo';

/*
 * Countries are reference rows loaded in bulk by base, without external ids. The link tracker's demo
 * clicks refer to a few of them by external id (link_tracker.country_<code>); registering those ids
 * costs a handful of rows in ir_model_data and touches no table of another module.
 */
const CODES = DEMO_COUNTRY_CODES;

export async function up(knex: Knex): Promise<void> {
  const rows: Array<{ id: number; code: string }> = await knex('res_country').whereIn('code', CODES.map((c) => c.toUpperCase())).select('id', 'code');
  for (const r of rows) {
    await knex('ir_model_data').insert({ module: 'link_tracker', name: `country_${r.code.toLowerCase()}`, model: 'res.country', res_id: r.id });
  }
}
