import type { AccessRight, RecordRule } from '@platform/core/access-types';

const ALL = { read: true, write: true, create: true, unlink: true };

export const BASE_ACCESS: AccessRight[] = [
  { model: 'res.lang', read: true },
  { model: 'res.country', read: true },
  { model: 'res.country.state', read: true },
  { model: 'website', read: true },
  { model: 'res.partner', group: 'base.group_user', ...ALL },
  { model: 'res.partner', group: 'base.group_portal', read: true, write: true },
  { model: 'res.users', group: 'base.group_user', read: true },
  { model: 'res.users', group: 'base.group_portal', read: true },
  { model: 'res.groups', group: 'base.group_user', read: true },
  // Everybody reads the attachments the rules below let them see; creating them is for the modules
  // that take uploads to grant (the website's publishers).
  { model: 'ir.attachment', read: true },
  { model: 'ir.filters', group: 'base.group_user', ...ALL },
];

export const BASE_RULES: RecordRule[] = [
  // Portal users see and edit only their own contact and their own user.
  { name: 'portal: own partner', model: 'res.partner', groups: ['base.group_portal'], domain: (c) => [['id', '=', c.partnerId ?? 0]] },
  { name: 'portal: own user', model: 'res.users', groups: ['base.group_portal'], domain: (c) => [['id', '=', c.uid]] },
  // Public attachments for everybody; internal users also their own uploads.
  { name: 'ir.attachment: public', model: 'ir.attachment', groups: ['base.group_public', 'base.group_portal'], domain: [['public', '=', true]] },
  { name: 'ir.attachment: public or own', model: 'ir.attachment', groups: ['base.group_user'], domain: (c) => ['|', ['public', '=', true], ['create_uid', '=', c.uid]] },
  // Saved searches are personal, administrators' too.
  { name: 'own saved filters', model: 'ir.filters', domain: (c) => [['user_id', '=', c.uid]] },
];
