import type { Knex } from 'knex';

/**
 * Countries whose postal addresses need the state (province, prefecture, emirate) to be delivered:
 * the reference platform's `state_required` countries, plus Brazil (its addresses carry the state's
 * two letters before the postcode). Elsewhere a state may be chosen but is not asked for: having
 * subdivisions in the ISO data (France's regions) does not make them part of an address.
 */
export const STATE_REQUIRED_COUNTRIES = ['AE', 'AR', 'AU', 'BR', 'CA', 'ID', 'IN', 'IT', 'JP', 'MX', 'US'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('res_country', (t) => {
    t.boolean('state_required').notNullable().defaultTo(false);
  });
  await knex('res_country').whereIn('code', STATE_REQUIRED_COUNTRIES).update({ state_required: true });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('res_country', (t) => {
    t.dropColumn('state_required');
  });
}
