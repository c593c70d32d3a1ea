import { extendModel, fields } from '@platform/orm';

/** Pages can collect star-rated reviews (e.g. a "Customer reviews" page). */
export const WebsitePageReviews = extendModel('website.page', {
  allow_reviews: fields.boolean({ default: false, string: 'Comments carry a star rating' }),
});
