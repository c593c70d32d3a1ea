import type { Knex } from 'knex';

/**
 * Indexes the results page reads through, question by question, without touching the table: counts
 * per label and cell and answered/skipped inputs (a), the newest text answers (b), number statistics (c).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('survey_user_input_line', (t) => {
    t.dropIndex(['question_id', 'value_suggested', 'value_suggested_row']);
    t.index(['question_id', 'skipped', 'value_suggested', 'value_suggested_row', 'user_input_id'], 'survey_line_counts');
    t.index(['question_id', 'answer_type', 'id'], 'survey_line_newest');
    t.index(['question_id', 'answer_type', 'value_number'], 'survey_line_numbers');
    // Filters: the inputs that chose a label, or answered a matrix row.
    t.index(['value_suggested', 'user_input_id'], 'survey_line_by_answer');
    t.index(['value_suggested_row', 'user_input_id'], 'survey_line_by_row');
  });
}
