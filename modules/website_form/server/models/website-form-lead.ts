import { defineModel, fields } from '@platform/orm';

export const LEAD_MODEL = 'website.form.lead';

/**
 * A contact request sent from a website form (a small lead). Visitors never read or write it through
 * the ORM: FormSubmission creates it after the whitelist, and internal users read it in the back office.
 */
export const WebsiteFormLead = defineModel({
  name: LEAD_MODEL,
  description: 'Contact request',
  order: 'create_date desc, id desc',
  recName: 'name',
  fields: {
    name: fields.char({ required: true, size: 256, string: 'Name' }),
    email: fields.char({ size: 256, string: 'E-mail' }),
    phone: fields.char({ size: 64, string: 'Phone' }),
    company: fields.char({ size: 256, string: 'Company' }),
    subject: fields.char({ size: 256, string: 'Subject' }),
    description: fields.text({ string: 'Message' }),
    contact_date: fields.date({ string: 'Preferred contact date' }),
    newsletter: fields.boolean({ default: false, string: 'Wants the newsletter' }),
    attachment_ids: fields.many2many('ir.attachment', { relation: 'website_form_lead_attachment_rel', column1: 'lead_id', column2: 'attachment_id', string: 'Attachments' }),
    website_id: fields.many2one('website', { ondelete: 'set null', readonly: true, string: 'Website' }),
    state: fields.selection([['new', 'New'], ['done', 'Handled']], { default: 'new', string: 'Status' }),
  },
});
