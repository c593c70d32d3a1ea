import { type DataRecord, ref } from '@platform/core';
import { homePageContent } from '../web/blocks/home-page-content';

/** The administrator designs and publishes the site (as in the original platform). */
export function websiteData(): DataRecord[] {
  return [
    { id: 'base.user_admin', model: 'res.users', values: { groups_id: [[4, ref('website.group_website_designer')]] } },
    {
      // The home page of every site (no website set): blocks the publisher edits in place. Loaded once:
      // an upgrade must not undo the publisher's work.
      id: 'website.page_home', model: 'website.page', noupdate: true,
      values: {
        name: { en_US: 'Home', fr_FR: 'Accueil' },
        url: '/',
        content: homePageContent(['website.hero', 'website.features', 'website.latest_pages'], ['/web/login']),
        website_published: true,
      },
    },
  ];
}
