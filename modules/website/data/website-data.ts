import type { DataRecord } from '@platform/core/data-record';
import { ref } from '@platform/core/data-record';

/** The administrator designs and publishes the site (as in the original platform). */
export function websiteData(): DataRecord[] {
  return [
    { id: 'base.user_admin', model: 'res.users', values: { groups_id: [[4, ref('website.group_website_designer')]] } },
  ];
}
