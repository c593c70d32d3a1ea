import { inject, injectable } from 'inversify';
import type { RouteContribution, RouteDefinition } from '@platform/http';
import { newsletterPage } from '../../web/pages/newsletter-page';
import { NewsletterService } from '../services/newsletter-service';

@injectable()
export class NewsletterPageRoutes implements RouteContribution {
  constructor(@inject(NewsletterService) private readonly newsletter: NewsletterService) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/newsletter', type: 'http', auth: 'public',
        handler: async (req) => newsletterPage({
          lists: await this.newsletter.activeLists(req.env),
          // Publishers editing the page (`?enable_editor=1`) do not want the popup in their way.
          editMode: req.params.enable_editor === '1' && req.env.hasGroup('website.group_website_publisher'),
        }),
      },
    ];
  }
}
