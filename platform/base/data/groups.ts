import type { GroupDefinition } from '@platform/core/access-types';

export const BASE_GROUPS: GroupDefinition[] = [
  { id: 'base.group_public', name: 'Public' },
  { id: 'base.group_portal', name: 'Portal' },
  { id: 'base.group_user', name: 'Internal User' },
  { id: 'base.group_system', name: 'Administrator', implies: ['base.group_user'] },
];
