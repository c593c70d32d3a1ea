import { injectable } from 'inversify';
import type { MailThreadContribution, ThreadOptions } from './thread-options';

/** Website pages can be followed and commented; pages with `allow_reviews` take star ratings. */
@injectable()
export class WebsitePageThread implements MailThreadContribution {
  threads(): ThreadOptions[] {
    return [{ model: 'website.page', follow: true, comments: true, ratingField: 'allow_reviews', moderatorGroup: 'website.group_website_publisher' }];
  }
}
