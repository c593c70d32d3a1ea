import { defineModel, fields } from '@platform/orm';

export const DEFAULT_POPUP_CONTENT = '<div class="newsletter-popup-default"><h3>Stay informed</h3>'
  + '<p>Join our newsletter and get our news first.</p></div>';

/** A mailing list visitors subscribe to; its exit popup content is translatable per language. */
export const MailingList = defineModel({
  name: 'mail.mass_mailing.list',
  description: 'Mailing list',
  order: 'name',
  fields: {
    name: fields.char({ required: true }),
    active: fields.boolean({ default: true }),
    popup_content: fields.html({ translate: true, default: DEFAULT_POPUP_CONTENT, string: 'Popup content' }),
    popup_redirect_url: fields.char({ default: '/', string: 'Popup redirect URL' }),
    contact_nbr: fields.integer({
      string: 'Number of subscribers',
      // Confirmed subscriptions only: an address a visitor typed counts once its owner confirmed it.
      compute: async (record, env) => {
        const row = await env.db('mail_mass_mailing_subscription').where({ list_id: record.id, confirmed: true })
          .andWhere((w) => w.where('opt_out', false).orWhereNull('opt_out')).count({ n: '*' }).first();
        return Number(row?.n ?? 0);
      },
    }),
  },
});
