import { extendModel } from '@platform/orm/model-definition';
import { fields } from '@platform/orm/fields';

/** Pages can collect star-rated reviews (e.g. a "Customer reviews" page). */
export const WebsitePageReviews = extendModel('website.page', {
  allow_reviews: fields.boolean({ default: false, string: 'Comments carry a star rating' }),
});
