import type { Knex } from 'knex';

/**
 * Creates a model's table with the columns every model has (id and the audit columns), then the
 * module's own columns. Migrations use it so tables look alike whatever module writes them.
 */
export async function createModelTable(knex: Knex, table: string, build: (t: Knex.CreateTableBuilder) => void, opts: { logAccess?: boolean } = {}): Promise<void> {
  await knex.schema.createTable(table, (t) => {
    t.increments('id').primary();
    if (opts.logAccess !== false) {
      t.integer('create_uid');
      t.timestamp('create_date', { useTz: false });
      t.integer('write_uid');
      t.timestamp('write_date', { useTz: false });
    }
    build(t);
  });
}

/** A many2many relation table with both foreign keys cascading. */
export async function createRelationTable(knex: Knex, table: string, col1: string, table1: string, col2: string, table2: string): Promise<void> {
  await knex.schema.createTable(table, (t) => {
    t.integer(col1).notNullable().references('id').inTable(table1).onDelete('CASCADE');
    t.integer(col2).notNullable().references('id').inTable(table2).onDelete('CASCADE');
    t.primary([col1, col2]);
    t.index([col2]);
  });
}

/** Timestamp without time zone: the ORM stores UTC wall-clock values on both databases. */
export function datetime(t: Knex.CreateTableBuilder, name: string): Knex.ColumnBuilder {
  return t.timestamp(name, { useTz: false });
}
