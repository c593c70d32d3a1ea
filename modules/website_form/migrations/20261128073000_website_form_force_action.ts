import type { Knex } from 'knex';

/** A form block may post to another model open to forms (the spec's force_action). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('website_form_block', (t) => {
    t.integer('force_action_model_id').nullable().references('id').inTable('website_form_model').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('website_form_block', (t) => t.dropColumn('force_action_model_id'));
}
