import { injectable } from 'inversify';
import type { Env } from '@platform/orm';
import type { MailThreadContribution, RecordLink, ThreadOptions } from '../services/thread-options';

/** Website pages can be followed and commented; pages with `allow_reviews` take star ratings. */
@injectable()
export class WebsitePageThread implements MailThreadContribution {
  threads(): ThreadOptions[] {
    return [{
      model: 'website.page', follow: true, comments: true, ratingField: 'allow_reviews', moderatorGroup: 'website.group_website_publisher',
      recordLink: async (env: Env, id: number): Promise<RecordLink | null> => {
        const [row] = await env.sudo().model('website.page').search_read([['id', '=', id]], ['name', 'url']);
        return row ? { name: String(row.name ?? ''), path: String(row.url ?? '/') } : null;
      },
    }];
  }
}
