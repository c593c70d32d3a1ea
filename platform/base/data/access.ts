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
];

export const BASE_RULES: RecordRule[] = [
  // Portal users see and edit only their own contact and their own user.
  { name: 'portal: own partner', model: 'res.partner', groups: ['base.group_portal'], domain: (c) => [['id', '=', c.partnerId ?? 0]] },
  { name: 'portal: own user', model: 'res.users', groups: ['base.group_portal'], domain: (c) => [['id', '=', c.uid]] },
];
