import { defineModel } from '../../../../platform/orm/model-definition';
import { fields } from '../../../../platform/orm/fields';

/** One contact's state on one list: subscribed, or opted out since a date. */
export const MailingSubscription = defineModel({
  name: 'mail.mass_mailing.subscription',
  description: 'Mailing list subscription',
  order: 'id',
  fields: {
    contact_id: fields.many2one('mail.mass_mailing.contact', { required: true, ondelete: 'cascade' }),
    list_id: fields.many2one('mail.mass_mailing.list', { required: true, ondelete: 'cascade' }),
    opt_out: fields.boolean({ default: false }),
    unsubscription_date: fields.datetime(),
  },
});
