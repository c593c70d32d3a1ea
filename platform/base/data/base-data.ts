import { ref, type DataRecord } from '@platform/core/data-record';

/** Languages, the public user and the first website. Countries come from countries.ts. */
export function baseData(): DataRecord[] {
  return [
    { id: 'base.lang_en', model: 'res.lang', values: { name: 'English (US)', code: 'en_US', url_code: 'en', date_format: 'MM/DD/YYYY', time_format: 'HH:mm:ss' } },
    { id: 'base.lang_fr', model: 'res.lang', values: { name: 'Français', code: 'fr_FR', url_code: 'fr', date_format: 'DD/MM/YYYY', time_format: 'HH:mm:ss' } },
    { id: 'base.partner_admin', model: 'res.partner', noupdate: true, values: { name: 'Administrator', email: 'admin@example.com' } },
    {
      id: 'base.user_admin', model: 'res.users', noupdate: true,
      values: { name: 'Administrator', login: 'admin', email: 'admin@example.com', partner_id: ref('base.partner_admin'), groups_id: [[6, 0, [ref('base.group_system')]]] },
    },
    { id: 'base.public_partner', model: 'res.partner', values: { name: 'Public user', active: false } },
    {
      id: 'base.public_user', model: 'res.users',
      values: { name: 'Public user', login: '__public__', partner_id: ref('base.public_partner'), active: false, share: true, groups_id: [[6, 0, [ref('base.group_public')]]] },
    },
    {
      id: 'base.default_website', model: 'website', noupdate: true,
      values: {
        name: 'My Website', domain: false, default_lang_id: ref('base.lang_en'),
        language_ids: [[6, 0, [ref('base.lang_en'), ref('base.lang_fr')]]], user_id: ref('base.public_user'),
      },
    },
  ];
}
