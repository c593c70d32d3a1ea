import type { Knex } from 'knex';

/**
 * A mailing belongs to a site, whose public base URL its links (unsubscribe, tracking, clicks) are
 * built on. Existing mailings go to the first site, as new ones do by default.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_mass_mailing', (t) => {
    t.integer('website_id').references('id').inTable('website').onDelete('SET NULL');
  });
  const first = await knex('website').orderBy('id').first('id');
  if (first) await knex('mail_mass_mailing').update({ website_id: first.id });
}
