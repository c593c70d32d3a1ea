import type { Knex } from 'knex';
import { createModelTable, createRelationTable, datetime } from '@platform/db';
import { addQueueColumns } from '@platform/mail';

export async function up(knex: Knex): Promise<void> {
  await createModelTable(knex, 'event_type', (t) => {
    t.string('name', 128).notNullable();
    t.integer('sequence').notNullable().defaultTo(10);
  });
  await createModelTable(knex, 'event_event', (t) => {
    t.string('name', 256).notNullable();
    t.integer('event_type_id').references('id').inTable('event_type').onDelete('SET NULL');
    datetime(t, 'date_begin').notNullable();
    datetime(t, 'date_end').notNullable();
    t.string('date_tz', 64).notNullable().defaultTo('UTC');
    t.string('state', 16).notNullable().defaultTo('draft');
    t.boolean('auto_confirm').notNullable().defaultTo(true);
    t.string('seats_availability', 16).notNullable().defaultTo('unlimited');
    t.integer('seats_max').notNullable().defaultTo(0);
    t.string('address_name', 256);
    t.string('street', 256);
    t.string('zip', 32);
    t.string('city', 128);
    t.integer('country_id').references('id').inTable('res_country').onDelete('RESTRICT');
    t.text('description');
    t.string('organizer_email', 254);
    t.boolean('website_published').notNullable().defaultTo(false);
    t.boolean('website_track').notNullable().defaultTo(false);
    t.boolean('website_track_proposal').notNullable().defaultTo(false);
    // The list: published events by date (upcoming ones end after now), per country and type.
    t.index(['website_published', 'date_end', 'date_begin']);
    t.index(['country_id']);
    t.index(['event_type_id']);
  });
  await createModelTable(knex, 'event_event_ticket', (t) => {
    t.string('name', 128).notNullable();
    t.integer('event_id').notNullable().references('id').inTable('event_event').onDelete('CASCADE');
    t.integer('sequence').notNullable().defaultTo(10);
    t.decimal('price', 16, 2).notNullable().defaultTo(0);
    t.date('deadline');
    t.integer('seats_max').notNullable().defaultTo(0);
    t.index(['event_id']);
  });
  await createModelTable(knex, 'event_registration', (t) => {
    t.integer('event_id').notNullable().references('id').inTable('event_event').onDelete('CASCADE');
    t.integer('event_ticket_id').references('id').inTable('event_event_ticket').onDelete('RESTRICT');
    t.string('name', 128).notNullable();
    t.string('email', 254).notNullable();
    t.string('phone', 64);
    t.integer('partner_id').references('id').inTable('res_partner').onDelete('SET NULL');
    t.string('state', 16).notNullable().defaultTo('draft');
    t.string('origin', 64);
    datetime(t, 'date_open');
    datetime(t, 'date_closed');
    // Seat counts: per event (and ticket) and state.
    t.index(['event_id', 'state']);
    t.index(['event_ticket_id', 'state']);
  });
  await createModelTable(knex, 'event_track_tag', (t) => {
    t.string('name', 64).notNullable().unique();
    t.integer('color').notNullable().defaultTo(0);
  });
  await createModelTable(knex, 'event_track_location', (t) => {
    t.string('name', 128).notNullable();
  });
  await createModelTable(knex, 'event_track', (t) => {
    t.string('name', 256).notNullable();
    t.integer('event_id').notNullable().references('id').inTable('event_event').onDelete('CASCADE');
    t.string('partner_name', 128);
    t.string('partner_email', 254);
    t.string('partner_phone', 64);
    t.text('partner_biography');
    t.text('description');
    datetime(t, 'date');
    t.float('duration').notNullable().defaultTo(1.5);
    t.integer('location_id').references('id').inTable('event_track_location').onDelete('SET NULL');
    t.string('state', 16).notNullable().defaultTo('draft');
    t.integer('color').notNullable().defaultTo(0);
    t.index(['event_id', 'state', 'date']);
  });
  await createRelationTable(knex, 'event_track_tag_rel', 'track_id', 'event_track', 'tag_id', 'event_track_tag');
  // Confirmation mails: one row per attendee, sent through a LeasedQueue (once, retried on 4xx).
  await knex.schema.createTable('event_registration_mail', (t) => {
    t.increments('id').primary();
    t.integer('registration_id').notNullable().references('id').inTable('event_registration').onDelete('CASCADE');
    t.string('base_url', 512).notNullable();
    addQueueColumns(t);
    t.index(['state', 'next_attempt_at']);
  });
}
