import crypto from 'node:crypto';
import { type DataRecord, ref } from '@platform/core';
import { homePageContent, pageTermRecords } from '@modules/website';

// One layout per page; the French copies give the term translations (pageTermRecords).
const CONTACTUS = {
  en: '<p class="lead">Tell us about your project or ask us anything: we answer within a day.</p><section data-dynamic-block="website_form.form" data-form-key="contactus"></section>',
  fr: '<p class="lead">Parlez-nous de votre projet ou posez-nous vos questions : nous répondons sous un jour.</p><section data-dynamic-block="website_form.form" data-form-key="contactus"></section>',
};
const THANKS = {
  en: '<section class="block-cta mb-5 p-4 p-md-5 text-center"><h2>Your message has been sent</h2><p class="lead">Thank you! We will get back to you shortly.</p><p class="mb-0"><a class="btn btn-primary" href="/">Back to the home page</a></p></section>',
  fr: '<section class="block-cta mb-5 p-4 p-md-5 text-center"><h2>Votre message a été envoyé</h2><p class="lead">Merci ! Nous vous répondrons rapidement.</p><p class="mb-0"><a class="btn btn-primary" href="/">Retour à l\'accueil</a></p></section>',
};

/** The file a demo reseller "sent" with the form: listed under the contact in the back office. */
const DECK = Buffer.from('Northwind Traders - company presentation\n\nWe resell business software to 200 shops in the north.\n');

type Line = [name: string, label: [en: string, fr: string], type: string, required: boolean, placeholder?: string, choices?: string];

function lines(block: string, fields: Line[]): DataRecord[] {
  return fields.map(([name, label, type, required, placeholder, choices], i) => ({
    id: `${block}_${name}`, model: 'website.form.block.field',
    values: { block_id: ref(`website_form.${block}`), sequence: (i + 1) * 10, field_name: name, label: { en_US: label[0], fr_FR: label[1] }, input_type: type, required, placeholder: placeholder ?? false, choices: choices ?? false },
  }));
}

/**
 * `/contactus`: a Form block creating contact requests (dates, files, a custom field that lands in the
 * message), going to `/contactus-thank-you`; `/become-a-reseller`: a form creating contacts (with the files sent
 * attached to the contact), answered by a message. The home page's "Contact us" button and the menu lead to `/contactus`.
 */
export function websiteFormDemo(): DataRecord[] {
  return [
    {
      id: 'website.page_home', model: 'website.page', amend: true, noupdate: true,
      values: {
        // The website demo's layout with its buttons leading to /contactus: the same texts, whose
        // French translations the website module's records give.
        content: homePageContent(
          ['website.hero', 'website.features', 'website.text_image', 'website.latest_pages', 'website.cards', 'website.call_to_action'],
          ['/about-us', '/contactus'],
        ).en_US,
      },
    },
    { id: 'website_form.model_partner', model: 'website.form.model', amend: true, noupdate: true, values: { enabled: true } },
    {
      id: 'block_contactus', model: 'website.form.block',
      values: {
        name: 'Contact us', key: 'contactus', form_model_id: ref('website_form.model_lead'), success_page: '/contactus-thank-you',
        button_label: { en_US: 'Send', fr_FR: 'Envoyer' },
      },
    },
    ...lines('block_contactus', [
      ['name', ['Your name', 'Votre nom'], 'text', true],
      ['email', ['E-mail', 'E-mail'], 'email', true, 'you@example.com'],
      ['phone', ['Phone', 'Téléphone'], 'tel', false],
      ['company', ['Company', 'Société'], 'text', false],
      ['subject', ['Subject', 'Sujet'], 'text', true],
      ['contact_date', ['When may we call you?', 'Quand pouvons-nous vous appeler ?'], 'date', false],
      ['heard_from', ['How did you hear about us?', 'Comment nous avez-vous connus ?'], 'select', false, undefined, 'Search engine\nA friend\nSocial networks\nAn event'],
      ['description', ['Your question', 'Votre question'], 'textarea', true],
      ['attachment_ids', ['Attachments', 'Pièces jointes'], 'file', false],
      ['newsletter', ['Send me the newsletter', 'Recevoir la lettre d\'information'], 'checkbox', false],
      // A form_field_ data value: sent with every post, kept in the message.
      ['source', ['Source', 'Source'], 'hidden', false, 'Contact page'],
    ]),
    {
      id: 'page_contactus', model: 'website.page',
      values: {
        name: { en_US: 'Contact us', fr_FR: 'Contactez-nous' }, url: '/contactus', website_published: true,
        website_meta_description: { en_US: 'Write to us: we answer within a day.', fr_FR: 'Écrivez-nous : nous répondons sous un jour.' },
        content: CONTACTUS.en,
      },
    },
    {
      id: 'page_contactus_thanks', model: 'website.page',
      values: {
        name: { en_US: 'Thank you', fr_FR: 'Merci' }, url: '/contactus-thank-you', website_published: true,
        content: THANKS.en,
      },
    },
    ...pageTermRecords('website_form.page_contactus', 'fr_FR', CONTACTUS.en, CONTACTUS.fr),
    ...pageTermRecords('website_form.page_contactus_thanks', 'fr_FR', THANKS.en, THANKS.fr),
    { id: 'menu_contactus', model: 'website.menu', values: { name: { en_US: 'Contact us', fr_FR: 'Contact' }, page_id: ref('website_form.page_contactus'), sequence: 90 } },
    {
      id: 'lead_1', model: 'website.form.lead',
      values: {
        name: 'Marie Curie', email: 'marie@example.com', company: 'Radium Institute', subject: 'A website for our lab',
        description: 'We need pages in French and English, and a newsletter.\n\nOther information:\nheard_from: A friend\nsource: Contact page',
        contact_date: '2026-12-02', website_id: ref('base.default_website'),
      },
    },
    {
      id: 'lead_2', model: 'website.form.lead',
      values: { name: 'Alan Turing', email: 'alan@example.com', subject: 'Live chat', description: 'Can visitors chat with us at night?', state: 'done', website_id: ref('base.default_website') },
    },
    {
      id: 'block_reseller', model: 'website.form.block',
      values: {
        name: 'Become a reseller', key: 'reseller', form_model_id: ref('website_form.model_partner'),
        success_message: { en_US: 'Thank you: our partner team will call you.', fr_FR: 'Merci : notre équipe partenaires va vous appeler.' },
        button_label: { en_US: 'Apply', fr_FR: 'Postuler' },
      },
    },
    ...lines('block_reseller', [
      ['name', ['Your name', 'Votre nom'], 'text', true],
      ['company_name', ['Company', 'Société'], 'text', true],
      ['email', ['E-mail', 'E-mail'], 'email', true],
      ['phone', ['Phone', 'Téléphone'], 'tel', false],
      ['city', ['City', 'Ville'], 'text', false],
      ['country_id', ['Country', 'Pays'], 'select', false],
      // Files are kept on the contact created (listed under it in the back office).
      ['documents', ['Company presentation', 'Présentation de votre société'], 'file', false],
    ]),
    {
      id: 'partner_reseller', model: 'res.partner',
      values: { name: 'Nora North', company_name: 'Northwind Traders', email: 'nora@northwind.example', city: 'Leeds' },
    },
    {
      id: 'partner_reseller_deck', model: 'ir.attachment',
      values: {
        name: 'northwind-presentation.txt', mimetype: 'text/plain', public: false, res_model: 'res.partner', res_id: ref('website_form.partner_reseller'),
        website_id: ref('base.default_website'), file_size: DECK.length, checksum: crypto.createHash('sha256').update(DECK).digest('hex'), datas: DECK.toString('base64'),
      },
    },
    {
      id: 'page_reseller', model: 'website.page',
      values: {
        name: { en_US: 'Become a reseller', fr_FR: 'Devenir revendeur' }, url: '/become-a-reseller', website_published: true,
        content: '<p class="lead">Sell our platform to your customers: leave us your details.</p><section data-dynamic-block="website_form.form" data-form-key="reseller"></section>',
      },
    },
  ];
}
