import type { DataRecord } from '@platform/core';

/** A newsletter list with a popup in English and French, so the widget and the popup can be tried. */
export function massMailingDemo(): DataRecord[] {
  return [
    {
      id: 'mass_mailing.list_newsletter', model: 'mail.mass_mailing.list',
      values: {
        name: 'Newsletter',
        popup_content: {
          en_US: '<div><h3>Before you go</h3><p>Get our monthly news: one e-mail, no spam.</p></div>',
          fr_FR: '<div><h3>Avant de partir</h3><p>Recevez nos nouvelles chaque mois : un e-mail, sans spam.</p></div>',
        },
        popup_redirect_url: '/',
      },
    },
  ];
}
