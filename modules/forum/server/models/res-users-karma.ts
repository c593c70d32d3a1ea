import { fields } from '@platform/orm/fields';
import { extendModel } from '@platform/orm/model-definition';

/**
 * Karma on users (its column comes with the forum's migration). Read-only through public calls: only
 * the forum's services change it, after the events that earn or cost it.
 */
export const ResUsersKarma = extendModel('res.users', {
  karma: fields.integer({ default: 0, readonly: true, string: 'Karma' }),
});
