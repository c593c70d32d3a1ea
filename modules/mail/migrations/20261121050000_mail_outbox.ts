import type { Knex } from 'knex';
import { createModelTable } from '@platform/db';

export async function up(knex: Knex): Promise<void> {
  await createModelTable(knex, 'mail_outbox', (t) => {
    t.text('email_from');
    t.text('email_to');
    t.text('subject');
    t.text('body_html');
    t.text('headers');
    t.text('message_id');
  });
}
