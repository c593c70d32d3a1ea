import type { Knex } from 'knex';
import { createModelTable } from '@platform/db';

export async function up(knex: Knex): Promise<void> {
  await createModelTable(knex, 'survey_survey', (t) => {
    t.string('title', 256).notNullable();
    t.string('stage', 16).notNullable().defaultTo('open');
    t.boolean('auth_required').notNullable().defaultTo(false);
    t.boolean('users_can_go_back').notNullable().defaultTo(false);
    t.boolean('quizz_mode').notNullable().defaultTo(false);
    t.text('description');
    t.text('thank_you_message');
    t.boolean('active').notNullable().defaultTo(true);
  });
  await createModelTable(knex, 'survey_page', (t) => {
    t.string('title', 256).notNullable();
    t.integer('survey_id').notNullable().references('id').inTable('survey_survey').onDelete('CASCADE');
    t.integer('sequence');
    t.text('description');
    t.index(['survey_id', 'sequence']);
  });
  await createModelTable(knex, 'survey_question', (t) => {
    t.string('question', 512).notNullable();
    t.integer('page_id').notNullable().references('id').inTable('survey_page').onDelete('CASCADE');
    t.integer('sequence');
    t.string('type', 16).notNullable();
    t.string('matrix_subtype', 16);
    t.string('display_mode', 16);
    t.boolean('comments_allowed').notNullable().defaultTo(false);
    t.string('comments_message', 256);
    t.boolean('comment_count_as_answer').notNullable().defaultTo(false);
    t.boolean('validation_required').notNullable().defaultTo(false);
    t.boolean('validation_email').notNullable().defaultTo(false);
    t.integer('validation_length_min');
    t.integer('validation_length_max');
    t.double('validation_min_float_value');
    t.double('validation_max_float_value');
    t.string('validation_min_date', 19);
    t.string('validation_max_date', 19);
    t.string('validation_error_msg', 256);
    t.boolean('constr_mandatory').notNullable().defaultTo(false);
    t.string('constr_error_msg', 256);
    t.index(['page_id', 'sequence']);
  });
  await createModelTable(knex, 'survey_label', (t) => {
    t.integer('question_id').references('id').inTable('survey_question').onDelete('CASCADE');
    t.integer('question_id_2').references('id').inTable('survey_question').onDelete('CASCADE');
    t.integer('sequence');
    t.string('value', 256).notNullable();
    t.double('quizz_mark').defaultTo(0);
    t.index(['question_id']);
    t.index(['question_id_2']);
  });
  await createModelTable(knex, 'survey_user_input', (t) => {
    t.integer('survey_id').notNullable().references('id').inTable('survey_survey').onDelete('CASCADE');
    t.string('token', 64).notNullable().unique();
    t.string('state', 8).notNullable().defaultTo('new');
    t.string('type', 16);
    t.integer('partner_id').references('id').inTable('res_partner').onDelete('SET NULL');
    t.string('email', 254);
    t.integer('last_displayed_page_id').references('id').inTable('survey_page').onDelete('SET NULL');
    t.double('quizz_score').defaultTo(0);
    t.index(['survey_id', 'state']);
  });
  // One row per answer value: a survey with more questions has more rows, never more columns.
  await createModelTable(knex, 'survey_user_input_line', (t) => {
    t.integer('user_input_id').notNullable().references('id').inTable('survey_user_input').onDelete('CASCADE');
    t.integer('survey_id').notNullable().references('id').inTable('survey_survey').onDelete('CASCADE');
    t.integer('question_id').notNullable().references('id').inTable('survey_question').onDelete('CASCADE');
    t.boolean('skipped').notNullable().defaultTo(false);
    t.string('answer_type', 16);
    t.string('value_text', 4096);
    t.double('value_number');
    t.string('value_date', 19);
    t.text('value_free_text');
    t.integer('value_suggested').references('id').inTable('survey_label').onDelete('CASCADE');
    t.integer('value_suggested_row').references('id').inTable('survey_label').onDelete('CASCADE');
    t.double('quizz_mark').defaultTo(0);
    t.index(['user_input_id', 'question_id']);
    // Results: counts per question and label.
    t.index(['question_id', 'value_suggested', 'value_suggested_row']);
  });
}
