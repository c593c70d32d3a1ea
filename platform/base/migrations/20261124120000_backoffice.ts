import type { Knex } from 'knex';
import { createModelTable } from '@platform/db/schema';

/** The back office: saved filters per user, and one site per host name. */
export async function up(knex: Knex): Promise<void> {
  await createModelTable(knex, 'ir_filters', (t) => {
    t.string('name', 128).notNullable();
    t.string('model_id', 128).notNullable();
    t.text('domain').notNullable();
    t.integer('user_id').notNullable().references('id').inTable('res_users').onDelete('CASCADE');
    t.index(['user_id', 'model_id']);
  });
  // Ignoring case, as requests' Host headers are matched; sites without a domain are not concerned.
  await knex.raw("CREATE UNIQUE INDEX website_domain_unique ON website (lower(domain)) WHERE domain IS NOT NULL AND domain <> ''");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS website_domain_unique');
  await knex.schema.dropTable('ir_filters');
}
