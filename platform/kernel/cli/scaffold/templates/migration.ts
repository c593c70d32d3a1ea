import type { ScaffoldNames } from '../scaffold-names';

/** migrations/<timestamp>_<name>.ts: the table of the module's model. */
export function migrationFile(n: ScaffoldNames): string {
  return `import type { Knex } from 'knex';
import { createModelTable } from '@platform/db';

export async function up(knex: Knex): Promise<void> {
  // One column per stored field of ${n.model}; the boot stops on a field without its column.
  await createModelTable(knex, '${n.table}', (t) => {
    t.string('name', 256).notNullable();
    t.text('description');
    t.boolean('is_published').notNullable().defaultTo(false);
    // Visitors' lists: the published items, in the model's order.
    t.index(['is_published', 'name']);
  });
}
`;
}
