import { defineModel } from '@platform/orm/model-definition';
import { fields } from '@platform/orm/fields';

export const ResGroups = defineModel({
  name: 'res.groups',
  description: 'Access group',
  order: 'name',
  fields: {
    name: fields.char({ required: true, translate: true }),
    implied_ids: { ...fields.many2many('res.groups'), relation: 'res_groups_implied_rel', column1: 'gid', column2: 'hid', string: 'Inherits' },
    users: { ...fields.many2many('res.users'), relation: 'res_groups_users_rel', column1: 'gid', column2: 'uid' },
  },
});
