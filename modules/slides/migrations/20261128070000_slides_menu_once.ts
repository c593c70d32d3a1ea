import type { Knex } from 'knex';
import { removeDataRecord } from '@platform/orm';

/*
 * The site menu's "Slides" entry used to be a data record of this module besides the entry the website
 * module makes per site from the module's MenuContribution: every site showed it twice. The record is
 * gone; this removes the row it left in databases installed before (not a row since tied to a module).
 */
export async function up(knex: Knex): Promise<void> {
  await removeDataRecord(knex, 'slides.menu_slides', 'website_menu', (q) => q.whereNull('module'));
}

export async function down(): Promise<void> {
  // nothing to restore: the entry comes from the module's MenuContribution
}
