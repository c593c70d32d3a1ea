import { type DataRecord, ref } from '@platform/core';
import { pageTermRecords } from '@modules/website';

const REVIEWS_EN = '<p>Tell us what you think of our service.</p>';

/** A published "Customer reviews" page that takes star ratings, with two reviews. */
export function websiteMailDemo(): DataRecord[] {
  return [
    {
      id: 'website_mail.page_reviews', model: 'website.page',
      values: {
        name: { en_US: 'Customer reviews', fr_FR: 'Avis clients' },
        url: '/reviews',
        content: REVIEWS_EN,
        website_published: true, allow_reviews: true,
      },
    },
    ...pageTermRecords('website_mail.page_reviews', 'fr_FR', REVIEWS_EN, '<p>Dites-nous ce que vous pensez de notre service.</p>'),
    { id: 'website_mail.partner_alice', model: 'res.partner', values: { name: 'Alice Martin', email: 'alice@example.com' } },
    { id: 'website_mail.partner_bob', model: 'res.partner', values: { name: 'Bob Dupont', email: 'bob@example.com' } },
    {
      id: 'website_mail.review_1', model: 'mail.message',
      values: { model: 'website.page', res_id: ref('website_mail.page_reviews'), body: '<p>Quick answers and friendly people.</p>', author_id: ref('website_mail.partner_alice'), message_type: 'comment', date: '2026-11-01 10:00:00', website_published: true },
    },
    { id: 'website_mail.review_1_rating', model: 'rating.rating', values: { res_model: 'website.page', res_id: ref('website_mail.page_reviews'), rating: 5, partner_id: ref('website_mail.partner_alice'), message_id: ref('website_mail.review_1'), consumed: true } },
    {
      id: 'website_mail.review_2', model: 'mail.message',
      values: { model: 'website.page', res_id: ref('website_mail.page_reviews'), body: '<p>Good, though delivery took a while.</p>', author_id: ref('website_mail.partner_bob'), message_type: 'comment', date: '2026-11-10 15:30:00', website_published: true },
    },
    { id: 'website_mail.review_2_rating', model: 'rating.rating', values: { res_model: 'website.page', res_id: ref('website_mail.page_reviews'), rating: 4, partner_id: ref('website_mail.partner_bob'), message_id: ref('website_mail.review_2'), consumed: true } },
  ];
}
