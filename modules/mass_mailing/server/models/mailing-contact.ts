import { ValidationError } from '@platform/core';
import { defineModel, fields } from '@platform/orm';
import { isValidEmail, normalizeEmail } from '../services/email-address';

/** A newsletter contact. E-mails are stored lower-cased and trimmed, so matching is case-insensitive. */
export const MailingContact = defineModel({
  name: 'mail.mass_mailing.contact',
  description: 'Mailing contact',
  order: 'email',
  recName: 'email',
  fields: {
    name: fields.char(),
    email: fields.char({ required: true, size: 254 }),
    subscription_ids: fields.one2many('mail.mass_mailing.subscription', 'contact_id', { string: 'Subscriptions' }),
  },
  constraints: [
    // The ORM has no write hooks: normalise what was just written (admins may type capitals), then
    // refuse addresses that are not e-mails. The unique index then catches duplicates in any case.
    async (env, ids) => {
      const rows = await env.db('mail_mass_mailing_contact').whereIn('id', ids).select('id', 'email');
      for (const row of rows) {
        const email = normalizeEmail(String(row.email));
        if (!isValidEmail(email)) throw new ValidationError(`'${row.email}' is not a valid e-mail address`);
        if (email !== row.email) {
          const clash = await env.db('mail_mass_mailing_contact').where({ email }).whereNot({ id: row.id }).first();
          if (clash) throw new ValidationError(`A contact with the e-mail '${email}' already exists`);
          await env.db('mail_mass_mailing_contact').where({ id: row.id }).update({ email });
        }
      }
    },
  ],
});
