import type { Knex } from 'knex';

/**
 * Running counts of the results (per question and input state: answered and skipped inputs, each
 * label or matrix cell), kept by the answers' only writer, so the results page of a survey with
 * 100,000 answers reads a few hundred rows; `survey_result_stat_mark` says how many inputs they count
 * (a mismatch, e.g. after demo data or deletions, rebuilds them from the lines).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('survey_result_stat', (t) => {
    t.increments('id').primary();
    t.integer('survey_id').notNullable().references('id').inTable('survey_survey').onDelete('CASCADE');
    t.integer('question_id').notNullable().references('id').inTable('survey_question').onDelete('CASCADE');
    t.string('state', 8).notNullable();
    // -1: inputs that answered, -2: inputs that skipped, else a label (the row for matrices in row_id).
    t.integer('label_id').notNullable();
    t.integer('row_id').notNullable().defaultTo(0);
    t.integer('n').notNullable().defaultTo(0);
    t.unique(['question_id', 'state', 'label_id', 'row_id']);
    t.index(['survey_id']);
  });
  await knex.schema.createTable('survey_result_stat_mark', (t) => {
    t.integer('survey_id').primary().references('id').inTable('survey_survey').onDelete('CASCADE');
    t.integer('inputs').notNullable().defaultTo(0);
  });
}
