import type { Knex } from 'knex';
import { createModelTable } from '@platform/db';

/** forum.karma.tracking: karma set by an administrator, old and new value (who and when: create_uid/date). */
export async function up(knex: Knex): Promise<void> {
  await createModelTable(knex, 'forum_karma_tracking', (t) => {
    t.integer('user_id').notNullable().references('id').inTable('res_users').onDelete('CASCADE');
    t.integer('old_value');
    t.integer('new_value');
    t.index(['user_id']);
  });
}
