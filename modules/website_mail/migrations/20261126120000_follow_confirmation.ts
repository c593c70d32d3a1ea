import type { Knex } from 'knex';
import { datetime } from '@platform/db';

/**
 * Follows by e-mail wait for the address's owner (double opt-in): a request per (record, address)
 * until its signed link is followed, and the addresses proven that way (a signed-in user whose
 * account e-mail is one follows at once). Follows made before stay: nothing tells how they were made.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('website_mail_follow_request', (t) => {
    t.increments('id').primary();
    t.string('res_model', 64).notNullable();
    t.integer('res_id').notNullable();
    /** Lower-cased; the address the confirmation mail goes to. */
    t.string('email', 254).notNullable();
    /** A signed-in user's own partner (follows as it once confirmed); none for a visitor. */
    t.integer('partner_id').references('id').inTable('res_partner').onDelete('CASCADE');
    /** The language the visitor was reading: the mail's, and the new partner's. */
    t.string('lang', 16).notNullable();
    datetime(t, 'create_date').notNullable();
    /** When the last confirmation mail was sent (at most one per record and address in a while). */
    datetime(t, 'confirmation_sent_at');
    t.unique(['res_model', 'res_id', 'email']);
  });
  await knex.schema.createTable('website_mail_verified_email', (t) => {
    t.increments('id').primary();
    t.string('email', 254).notNullable().unique();
    datetime(t, 'verified_at').notNullable();
  });
}
