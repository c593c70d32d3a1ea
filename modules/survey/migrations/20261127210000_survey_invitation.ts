import type { Knex } from 'knex';
import { addQueueColumns } from '@platform/mail';

/** Invitation mails: one row per invited address, worked through by a LeasedQueue (sent once, retried on 4xx). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('survey_invitation', (t) => {
    t.increments('id').primary();
    t.integer('survey_id').notNullable().references('id').inTable('survey_survey').onDelete('CASCADE');
    t.integer('user_input_id').notNullable().references('id').inTable('survey_user_input').onDelete('CASCADE');
    t.string('email', 254).notNullable();
    t.string('base_url', 512).notNullable();
    addQueueColumns(t);
    t.index(['state', 'next_attempt_at']);
  });
}
