import type { Knex } from 'knex';

const TABLES = [['utm_campaign', 'campaign_id'], ['utm_medium', 'medium_id'], ['utm_source', 'source_id']] as const;

/**
 * UTM names become unique ignoring case in the database too: the models' constraint cannot stop two
 * concurrent writers that both checked before either wrote. Values already duplicated that way become
 * one, the oldest, and the links using the others follow it.
 */
export async function up(knex: Knex): Promise<void> {
  for (const [table, column] of TABLES) {
    const twins: Array<{ name_key: string; keep: number }> = await knex(table)
      .select(knex.raw('lower(name) AS name_key'), knex.raw('min(id) AS keep'))
      .groupByRaw('lower(name)').havingRaw('count(*) > 1');
    for (const { name_key, keep } of twins) {
      const others: number[] = await knex(table).whereRaw('lower(name) = ?', [name_key]).whereNot('id', keep).pluck('id');
      await knex('link_tracker').whereIn(column, others).update({ [column]: keep });
      await knex(table).whereIn('id', others).delete();
    }
    await knex.raw(`DROP INDEX ${table}_name_ci`);
    await knex.raw(`CREATE UNIQUE INDEX ${table}_name_ci ON ${table} (lower(name))`);
  }
}
