import type { Knex } from 'knex';
import { datetime } from '@platform/db';
import { CLICK_JOURNAL_TABLE } from '../server/services/journal/journal-markers';

/**
 * Markers of committed click journal segments (journal id + sequence), written in the transaction of
 * their clicks: a segment left by a killed process is replayed only when its marker is absent.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable(CLICK_JOURNAL_TABLE, (t) => {
    t.increments('id').primary();
    // `<host>_<pid>_<random>`: the journal of one recorder (see journal-files.ts).
    t.string('journal', 128).notNullable();
    t.integer('sequence').notNullable();
    datetime(t, 'create_date');
    t.unique(['journal', 'sequence'], { indexName: 'link_tracker_click_journal_segment' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable(CLICK_JOURNAL_TABLE);
}
