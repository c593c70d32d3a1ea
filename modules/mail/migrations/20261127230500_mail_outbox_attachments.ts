import type { Knex } from 'knex';

/** Files attached to a kept message (JSON list of filename, contentType, content), e.g. an event's .ics. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.text('attachments');
  });
}
