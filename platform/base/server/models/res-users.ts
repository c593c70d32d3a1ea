import { defineModel } from '@platform/orm/model-definition';
import { fields } from '@platform/orm/fields';

/**
 * Users. The password hash lives in a column the model does not declare, so no ORM call can read it.
 */
export const ResUsers = defineModel({
  name: 'res.users',
  description: 'User',
  order: 'login',
  fields: {
    name: fields.char({ required: true, size: 256 }),
    login: fields.char({ required: true, size: 128 }),
    email: fields.char({ size: 256 }),
    partner_id: fields.many2one('res.partner', { required: true, ondelete: 'restrict' }),
    groups_id: { ...fields.many2many('res.groups'), relation: 'res_groups_users_rel', column1: 'uid', column2: 'gid', string: 'Groups' },
    active: fields.boolean({ default: true }),
    share: fields.boolean({ string: 'Portal or public user', default: false }),
  },
});
