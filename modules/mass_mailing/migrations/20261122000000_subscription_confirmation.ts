import type { Knex } from 'knex';

/**
 * Double opt-in: a subscription a visitor asks for waits for the address's owner to confirm it.
 * Existing subscriptions were made before, by administrators or subscribers: they stay confirmed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_mass_mailing_subscription', (t) => {
    t.boolean('confirmed').notNullable().defaultTo(true);
    t.timestamp('confirmation_sent_at', { useTz: false });
  });
}
