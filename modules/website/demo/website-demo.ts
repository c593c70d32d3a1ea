import type { DataRecord } from '@platform/core/data-record';

/** A published "About us" page in English and French and a draft page, so publishing can be seen. */
export function websiteDemo(): DataRecord[] {
  return [
    {
      id: 'website.page_about', model: 'website.page',
      values: {
        name: { en_US: 'About us', fr_FR: 'À propos' },
        url: '/about-us',
        content: {
          en_US: '<p>We are a small team building an open website platform.</p>',
          fr_FR: '<p>Nous sommes une petite équipe qui construit une plateforme web ouverte.</p>',
        },
        website_published: true,
        website_meta_description: { en_US: 'Who we are', fr_FR: 'Qui sommes-nous' },
      },
    },
    {
      id: 'website.page_draft', model: 'website.page',
      values: { name: 'Upcoming announcement', url: '/announcement', content: '<p>Not ready yet.</p>', website_published: false },
    },
  ];
}
