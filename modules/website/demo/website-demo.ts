import { type DataRecord, ref } from '@platform/core';
import { homePageContent } from '../web/blocks/home-page-content';
import { pageTermRecords } from '../data/page-term-records';

const ABOUT_EN = '<p>We are a small team building an open website platform.</p>';
const ABOUT_FR = '<p>Nous sommes une petite équipe qui construit une plateforme web ouverte.</p>';

/**
 * A published "About us" page in English translated into French and a draft page, so publishing can be seen; a
 * richer home page; the default site's footer settings (about text, contact, social links).
 */
export function websiteDemo(): DataRecord[] {
  const home = homePageContent(
    ['website.hero', 'website.features', 'website.text_image', 'website.latest_pages', 'website.cards', 'website.call_to_action'],
    ['/about-us', '/about-us'],
  );
  return [
    {
      // Richer than the home page of data, which it amends once at install (never on upgrade).
      id: 'website.page_home', model: 'website.page', amend: true, noupdate: true,
      values: {
        content: home.en_US,
      },
    },
    ...pageTermRecords('website.page_home', 'fr_FR', home.en_US, home.fr_FR, { noupdate: true }),
    {
      id: 'base.default_website', model: 'website',
      values: {
        footer_text: {
          en_US: 'We build an open website platform: pages, newsletters, live chat and more, for teams of every size.',
          fr_FR: 'Nous construisons une plateforme web ouverte : pages, lettres d\'information, chat en direct et plus, pour les équipes de toute taille.',
        },
        contact_email: 'hello@example.com',
        contact_phone: '+1 555 0100',
        contact_address: '12 Harbour Street\nSpringfield',
        social_github: 'https://github.com/example',
        social_linkedin: 'https://www.linkedin.com/company/example',
      },
    },
    {
      id: 'website.page_about', model: 'website.page',
      values: {
        name: { en_US: 'About us', fr_FR: 'À propos' },
        url: '/about-us',
        // One layout; its French texts are term translations (below).
        content: ABOUT_EN,
        website_published: true,
        website_meta_description: { en_US: 'Who we are', fr_FR: 'Qui sommes-nous' },
      },
    },
    ...pageTermRecords('website.page_about', 'fr_FR', ABOUT_EN, ABOUT_FR),
    { id: 'website.menu_about', model: 'website.menu', values: { name: { en_US: 'About us', fr_FR: 'À propos' }, page_id: ref('website.page_about'), sequence: 10 } },
    {
      id: 'website.page_draft', model: 'website.page',
      values: { name: 'Upcoming announcement', url: '/announcement', content: '<p>Not ready yet.</p>', website_published: false },
    },
  ];
}
