import type { Knex } from 'knex';
import { addQueueColumns } from '@platform/mail';
import { createModelTable, createRelationTable, datetime } from '@platform/db';

export async function up(knex: Knex): Promise<void> {
  await createModelTable(knex, 'slide_channel', (t) => {
    t.string('name', 256).notNullable();
    t.text('description');
    t.integer('sequence');
    t.boolean('active').notNullable().defaultTo(true);
    t.boolean('website_published').notNullable().defaultTo(true);
    t.string('visibility', 16).notNullable().defaultTo('public');
    t.string('promote_strategy', 16).notNullable().defaultTo('most_voted');
    t.text('access_error_msg');
  });
  await createRelationTable(knex, 'slide_channel_group_rel', 'channel_id', 'slide_channel', 'group_id', 'res_groups');
  await createRelationTable(knex, 'slide_channel_upload_group_rel', 'channel_id', 'slide_channel', 'group_id', 'res_groups');
  await createModelTable(knex, 'slide_category', (t) => {
    t.string('name', 128).notNullable();
    t.integer('channel_id').notNullable().references('id').inTable('slide_channel').onDelete('CASCADE');
    t.integer('sequence');
    t.unique(['channel_id', 'name']);
  });
  await createModelTable(knex, 'slide_tag', (t) => {
    t.string('name', 64).notNullable().unique();
  });
  await createModelTable(knex, 'slide_slide', (t) => {
    t.string('name', 256).notNullable();
    t.integer('channel_id').notNullable().references('id').inTable('slide_channel').onDelete('CASCADE');
    t.text('description');
    t.integer('category_id').references('id').inTable('slide_category').onDelete('SET NULL');
    t.string('slide_type', 16).notNullable().defaultTo('document');
    t.string('mime_type', 128);
    t.integer('attachment_id').references('id').inTable('ir_attachment').onDelete('SET NULL');
    t.integer('page_count').notNullable().defaultTo(0);
    t.string('url', 1024);
    t.string('document_id', 128);
    t.text('image');
    t.text('index_content');
    for (const counter of ['likes', 'dislikes', 'slide_views', 'embed_views', 'share_count']) t.integer(counter).notNullable().defaultTo(0);
    t.boolean('website_published').notNullable().defaultTo(false);
    datetime(t, 'date_published');
    // A title is unique in its channel; the channel page lists published slides newest first.
    t.unique(['channel_id', 'name']);
    t.index(['channel_id', 'website_published', 'date_published']);
  });
  await knex.schema.alterTable('slide_channel', (t) => {
    // The channel's promoted slide: added once slide_slide exists (the two tables refer to each other).
    t.integer('custom_slide_id').references('id').inTable('slide_slide').onDelete('SET NULL');
  });
  await createRelationTable(knex, 'slide_slide_tag_rel', 'slide_id', 'slide_slide', 'tag_id', 'slide_tag');
  await createModelTable(knex, 'slide_embed', (t) => {
    t.integer('slide_id').notNullable().references('id').inTable('slide_slide').onDelete('CASCADE');
    t.string('url', 255).notNullable();
    t.integer('count_views').notNullable().defaultTo(1);
    t.unique(['slide_id', 'url']);
  });
  await createModelTable(knex, 'slide_vote', (t) => {
    t.integer('slide_id').notNullable().references('id').inTable('slide_slide').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('id').inTable('res_users').onDelete('CASCADE');
    t.string('vote', 2).notNullable();
    t.unique(['slide_id', 'user_id']);
  });
  // Share-by-e-mail: one row per mail, sent by a leased queue (a crash neither loses nor doubles it).
  await knex.schema.createTable('slide_share_mail', (t) => {
    t.increments('id').primary();
    t.integer('slide_id').notNullable().references('id').inTable('slide_slide').onDelete('CASCADE');
    t.integer('sender_uid').notNullable().references('id').inTable('res_users').onDelete('CASCADE');
    t.string('sender_name', 128).notNullable();
    t.string('email', 254).notNullable();
    t.string('base_url', 512).notNullable();
    addQueueColumns(t);
    t.index(['state', 'next_attempt_at']);
  });
}
