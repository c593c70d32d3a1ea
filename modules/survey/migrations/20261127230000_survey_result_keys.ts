import type { Knex } from 'knex';
import { ResultKeys } from '../server/services/result-keys';

/**
 * Results from per-input digests instead of running counters.
 *
 * Each input past 'new' points at its result key (`survey_result_key`): a canonical text of what its
 * lines count for on the results page (its state, the questions it answered, skipped or commented, the
 * label or matrix cell of each chosen answer), shared by every input with the same one. Its writer
 * (SurveyAnswers.savePage) sets it in the transaction that writes the lines, with the input's row
 * locked, so the counts are exact under concurrency without a shared counter row: counting is a GROUP BY
 * of the survey's inputs over the index (survey_id, result_key_id), a few hundred key rows for 100,000
 * inputs, and filters (the reference's line domain) are evaluated once per key. The lines carry the
 * key too, so numbers and text answers of a filtered or finished scope are read over one index range.
 *
 * Replaces the running counts of 20261127214000 (and their staleness mark) and the filter indexes of
 * 20261127213000, which the results no longer read. Existing inputs get their keys here (and inputs
 * written later without one, by demo data or an import, on the next results page: ResultKeys.fill).
 * Datetime answers are rewritten to the canonical `YYYY-MM-DD hh:mm:ss` (UTC).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('survey_result_stat');
  await knex.schema.dropTableIfExists('survey_result_stat_mark');
  await knex.schema.createTable('survey_result_key', (t) => {
    t.increments('id').primary();
    t.integer('survey_id').notNullable().references('id').inTable('survey_survey').onDelete('CASCADE');
    t.string('hash', 64).notNullable();
    t.text('key').notNullable();
    t.unique(['survey_id', 'hash']);
  });
  // Plain integer columns, no foreign key: on SQLite a new foreign key makes knex copy the table, and
  // dropping the old survey_user_input would cascade to every answer line. Keys are deleted with their
  // survey only, as the inputs pointing at them are.
  await knex.schema.alterTable('survey_user_input', (t) => {
    t.integer('result_key_id');
    // The reference's test entries (a manager trying the survey): never counted in the results.
    t.boolean('test_entry').notNullable().defaultTo(false);
    t.index(['survey_id', 'result_key_id', 'state'], 'survey_input_result_key');
  });
  await knex.schema.alterTable('survey_user_input_line', (t) => {
    t.integer('result_key_id');
    t.dropIndex([], 'survey_line_counts');
    t.dropIndex([], 'survey_line_newest');
    t.dropIndex([], 'survey_line_numbers');
    t.dropIndex([], 'survey_line_by_answer');
    t.dropIndex([], 'survey_line_by_row');
    // Text answers page by page in the reference's order (ids), restricted to the keys in scope.
    t.index(['question_id', 'answer_type', 'id', 'result_key_id'], 'survey_line_texts');
    // Number statistics: values in order (a GROUP BY without sorting), restricted to the keys in scope.
    t.index(['question_id', 'answer_type', 'value_number', 'result_key_id'], 'survey_line_numbers_by_key');
  });
  const keys = new ResultKeys();
  for (const id of await knex('survey_survey').pluck('id')) await keys.fill(knex, Number(id));
  // Datetime answers in one sortable form (zero-padded, space-separated, UTC, seconds), whatever wrote them.
  const rows = await knex('survey_user_input_line as l').join('survey_question as q', 'q.id', 'l.question_id')
    .where('q.type', 'datetime').whereNotNull('l.value_date').select('l.id', 'l.value_date');
  for (const r of rows as Array<{ id: number; value_date: string }>) {
    const m = /^(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?(?:\.\d+)?Z?$/.exec(String(r.value_date).trim());
    if (!m) continue;
    const p = (s: string | undefined) => String(Number(s ?? 0)).padStart(2, '0');
    const canonical = `${m[1]}-${p(m[2])}-${p(m[3])} ${p(m[4])}:${p(m[5])}:${p(m[6])}`;
    if (canonical !== r.value_date) await knex('survey_user_input_line').where({ id: r.id }).update({ value_date: canonical });
  }
}
