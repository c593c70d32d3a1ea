import type { Knex } from 'knex';

/*
 * The site menu's "Shop" entry used to be a data record of this module (no site, no module) besides the
 * entry the website module creates per site from the module's MenuContribution: every site showed it twice.
 * The data record is gone; this removes the row it left in databases installed before.
 */
export async function up(knex: Knex): Promise<void> {
  const ref = await knex('ir_model_data').where({ module: 'sale', name: 'menu_shop', model: 'website.menu' }).first('res_id');
  if (!ref) return;
  // only the row the data record made: a row since tied to a module or a site is the sync's own
  await knex('website_menu').where({ id: ref.res_id }).whereNull('module').delete();
  await knex('ir_model_data').where({ module: 'sale', name: 'menu_shop' }).delete();
}

export async function down(): Promise<void> {
  // nothing to restore: the entry comes from the module's MenuContribution
}
