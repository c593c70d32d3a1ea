import { extendModel, fields } from '@platform/orm';

/**
 * The groups that imply a group (the other side of base's `implied_ids`, on its own relation table):
 * a private channel open to "Employees" is open to a "Website publisher" too, who is an employee by
 * implication rather than by a row of res_groups_users_rel. The channel rules follow it (manifest).
 */
export const ResGroupsImpliedBy = extendModel('res.groups', {
  slide_implied_by_ids: { ...fields.many2many('res.groups'), relation: 'res_groups_implied_rel', column1: 'hid', column2: 'gid', readonly: true, string: 'Implied by' },
});
