import type { Knex } from 'knex';
import { SOCIAL_NETWORKS } from '../server/models/website';

/** What a site shows of itself: logo, footer text, contact details and social links (site settings). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('website', (t) => {
    t.text('logo');
    t.text('footer_text');
    t.string('contact_email', 256);
    t.string('contact_phone', 64);
    t.text('contact_address');
    for (const network of SOCIAL_NETWORKS) t.string(`social_${network}`, 256);
  });
}
