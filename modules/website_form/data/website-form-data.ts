import type { DataRecord } from '@platform/core';

/**
 * The models open to forms out of the box: contact requests (enabled), and contacts (res.partner),
 * whitelisted but disabled until an administrator enables them.
 */
export function websiteFormData(): DataRecord[] {
  return [
    {
      id: 'model_lead', model: 'website.form.model', noupdate: true,
      values: {
        model: 'website.form.lead', label: { en_US: 'Contact request', fr_FR: 'Demande de contact' }, enabled: true,
        field_names: 'name, email, phone, company, subject, description, contact_date, newsletter, attachment_ids', default_field: 'description',
      },
    },
    {
      id: 'model_partner', model: 'website.form.model', noupdate: true,
      values: {
        model: 'res.partner', label: { en_US: 'Contact', fr_FR: 'Contact' }, enabled: false,
        field_names: 'name, email, phone, company_name, street, city, zip, country_id',
      },
    },
  ];
}
