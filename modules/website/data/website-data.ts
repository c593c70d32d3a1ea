import { type DataRecord, ref } from '@platform/core';
import { homePageContent } from '../web/blocks/home-page-content';
import { pageTermRecords } from './page-term-records';

/** The administrator designs and publishes the site (as in the original platform). */
export function websiteData(): DataRecord[] {
  const home = homePageContent(['website.hero', 'website.features', 'website.latest_pages'], ['/web/login']);
  return [
    { id: 'base.user_admin', model: 'res.users', values: { groups_id: [[4, ref('website.group_website_designer')]] } },
    {
      // The home page of every site (no website set): blocks the publisher edits in place. Loaded once:
      // an upgrade must not undo the publisher's work.
      id: 'website.page_home', model: 'website.page', noupdate: true,
      values: {
        name: { en_US: 'Home', fr_FR: 'Accueil' },
        url: '/',
        // One layout; its French texts are term translations (below).
        content: home.en_US,
        website_published: true,
      },
    },
    ...pageTermRecords('website.page_home', 'fr_FR', home.en_US, home.fr_FR, { noupdate: true }),
  ];
}
