import type { Knex } from 'knex';
import { createModelTable, createRelationTable, datetime } from '@platform/db';

/**
 * The karma columns and defaults as this migration created them, copied here: a migration keeps the
 * values it ran with, whatever today's karma rules (common/karma-rules.ts) become. A new rule or a new
 * default is a new migration.
 */
const KARMA_DEFAULTS = {
  karma_ask: 3, karma_answer: 3, karma_edit_own: 1, karma_edit_all: 300, karma_edit_retag: 75, karma_tag_create: 30,
  karma_close_own: 100, karma_close_all: 500, karma_unlink_own: 500, karma_unlink_all: 1000, karma_upvote: 5, karma_downvote: 50,
  karma_answer_accept_own: 20, karma_answer_accept_all: 500, karma_comment_own: 1, karma_comment_all: 1,
  karma_comment_convert_own: 50, karma_comment_convert_all: 500, karma_comment_unlink_own: 50, karma_comment_unlink_all: 500,
  karma_flag: 500, karma_dofollow: 500, karma_editor: 30, karma_user_bio: 750, karma_post: 100, karma_moderate: 1000,
  karma_gen_question_new: 2, karma_gen_question_upvote: 5, karma_gen_question_downvote: -2, karma_gen_answer_upvote: 10,
  karma_gen_answer_downvote: -2, karma_gen_answer_accept: 2, karma_gen_answer_accepted: 15, karma_gen_answer_flagged: -100,
} as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('res_users', (t) => {
    t.integer('karma').notNullable().defaultTo(0);
  });
  await createModelTable(knex, 'forum_forum', (t) => {
    t.text('name').notNullable(); // translated: one value per language
    t.integer('sequence');
    t.boolean('active').notNullable().defaultTo(true);
    t.text('description');
    t.text('welcome_message');
    t.text('faq');
    t.string('default_order', 32).notNullable();
    t.string('default_post_type', 16).notNullable();
    for (const flag of ['allow_question', 'allow_discussion', 'allow_link', 'allow_bump']) t.boolean(flag).notNullable().defaultTo(true);
    t.double('relevancy_post_vote');
    t.double('relevancy_time_decay');
    for (const [name, value] of Object.entries(KARMA_DEFAULTS)) t.integer(name).notNullable().defaultTo(value);
  });
  await createModelTable(knex, 'forum_post_reason', (t) => {
    t.text('name').notNullable();
    t.string('reason_type', 16);
  });
  await createModelTable(knex, 'forum_tag', (t) => {
    t.string('name', 35).notNullable();
    t.integer('forum_id').notNullable().references('id').inTable('forum_forum').onDelete('CASCADE');
    t.integer('posts_count').notNullable().defaultTo(0);
    t.unique(['forum_id', 'name']);
  });
  await createModelTable(knex, 'forum_post', (t) => {
    t.string('name', 256);
    t.integer('forum_id').notNullable().references('id').inTable('forum_forum').onDelete('CASCADE');
    t.text('content');
    t.text('plain_content');
    t.string('content_link', 2048);
    t.string('post_type', 16).notNullable();
    t.string('state', 16).notNullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.integer('parent_id').references('id').inTable('forum_post').onDelete('CASCADE');
    t.integer('child_count').notNullable().defaultTo(0);
    t.boolean('is_correct').notNullable().defaultTo(false);
    t.boolean('has_validated_answer').notNullable().defaultTo(false);
    t.integer('favourite_count').notNullable().defaultTo(0);
    t.integer('vote_count').notNullable().defaultTo(0);
    t.integer('views').notNullable().defaultTo(0);
    t.double('relevancy').notNullable().defaultTo(0);
    datetime(t, 'bump_date');
    t.integer('flag_user_id').references('id').inTable('res_users').onDelete('SET NULL');
    t.integer('moderator_id').references('id').inTable('res_users').onDelete('SET NULL');
    t.integer('closed_reason_id').references('id').inTable('forum_post_reason').onDelete('SET NULL');
    t.integer('closed_uid').references('id').inTable('res_users').onDelete('SET NULL');
    datetime(t, 'closed_date');
    // A forum's list (questions of one state, in the default order) and a question's answers.
    t.index(['forum_id', 'parent_id', 'state']);
    t.index(['parent_id']);
  });
  await createRelationTable(knex, 'forum_tag_rel', 'forum_post_id', 'forum_post', 'forum_tag_id', 'forum_tag');
  await createRelationTable(knex, 'forum_favourite_rel', 'forum_post_id', 'forum_post', 'user_id', 'res_users');
  await createModelTable(knex, 'forum_post_vote', (t) => {
    t.integer('post_id').notNullable().references('id').inTable('forum_post').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('id').inTable('res_users').onDelete('CASCADE');
    t.string('vote', 2).notNullable();
    t.integer('forum_id').references('id').inTable('forum_forum').onDelete('CASCADE');
    t.integer('recipient_id').references('id').inTable('res_users').onDelete('CASCADE');
    t.unique(['post_id', 'user_id']);
  });
}
