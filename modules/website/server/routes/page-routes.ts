import { inject, injectable } from 'inversify';
import type { RouteContribution } from '@platform/http/contribution-points';
import { MissingError } from '@platform/core/errors';
import type { RouteDefinition } from '@platform/http/route-definition';
import { contentPage } from '../../web/pages/content-page';
import { homePage } from '../../web/pages/home-page';
import { RecordWidgets } from '../record-widgets';
import { PUBLISHER_GROUP } from './publish-routes';

import type { Domain } from '@platform/core/domain-types';

const SITE_PAGES = (siteId: number): Domain => ['|', ['website_id', '=', false], ['website_id', '=', siteId]];

/** The home page and website pages (`/page/<url>`), read with the visitor's rights. */
@injectable()
export class PageRoutes implements RouteContribution {
  constructor(@inject(RecordWidgets) private readonly widgets: RecordWidgets) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/', type: 'http', auth: 'public', cache: 'public',
        handler: async (req) => {
          const pages = await req.env.model('website.page').search_read(
            ['&', ['website_published', '=', true], ...SITE_PAGES(req.site.id)], ['name', 'url'], { limit: 12 },
          );
          return homePage({ siteName: req.site.name, pages: pages.map((p) => ({ name: String(p.name), url: String(p.url) })) });
        },
      },
      {
        path: '/page/:slug', type: 'http', auth: 'public', cache: 'public',
        handler: async (req) => {
          const url = `/${req.pathParams.slug}`;
          // Record rules hide unpublished pages from visitors: they get the same 404 as a missing page.
          const [p] = await req.env.model('website.page').search_read(
            ['&', ['url', '=', url], ...SITE_PAGES(req.site.id)],
            ['name', 'content', 'website_published', 'website_meta_title', 'website_meta_description'], { limit: 1 },
          );
          if (!p) throw new MissingError('The page you are looking for does not exist.');
          const extras = await this.widgets.render(req, { model: 'website.page', id: Number(p.id) });
          return contentPage({
            id: Number(p.id), name: String(p.name), content: p.content ? String(p.content) : '',
            published: Boolean(p.website_published), canPublish: req.env.hasGroup(PUBLISHER_GROUP),
            seoTitle: p.website_meta_title ? String(p.website_meta_title) : undefined,
            seoDescription: p.website_meta_description ? String(p.website_meta_description) : undefined,
            children: extras,
          });
        },
      },
    ];
  }
}
