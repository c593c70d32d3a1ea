import { defineModel, fields } from '@platform/orm';

/**
 * One contact's state on one list: subscribed, or opted out since a date. A subscription a visitor
 * asked for is not `confirmed` until the address's owner follows the link mailed to it: until then
 * nothing is sent to it and it is not counted (double opt-in).
 */
export const MailingSubscription = defineModel({
  name: 'mail.mass_mailing.subscription',
  description: 'Mailing list subscription',
  order: 'id',
  fields: {
    contact_id: fields.many2one('mail.mass_mailing.contact', { required: true, ondelete: 'cascade' }),
    list_id: fields.many2one('mail.mass_mailing.list', { required: true, ondelete: 'cascade' }),
    opt_out: fields.boolean({ default: false }),
    unsubscription_date: fields.datetime(),
    confirmed: fields.boolean({ default: true, string: 'Confirmed by the subscriber' }),
    confirmation_sent_at: fields.datetime({ readonly: true, string: 'Confirmation e-mail sent on' }),
  },
});
