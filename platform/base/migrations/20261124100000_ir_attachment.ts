import type { Knex } from 'knex';
import { createModelTable } from '@platform/db/schema';

/** Stored files (editor images): bytes in the database, base64 (see the ir.attachment model). */
export async function up(knex: Knex): Promise<void> {
  await createModelTable(knex, 'ir_attachment', (t) => {
    t.string('name', 256).notNullable();
    t.string('mimetype', 64);
    t.integer('file_size');
    t.string('checksum', 64);
    t.string('res_model', 128);
    t.integer('res_id');
    t.boolean('public');
    t.integer('website_id').references('id').inTable('website').onDelete('CASCADE');
    t.text('datas');
    t.index(['res_model', 'res_id']);
  });
}
