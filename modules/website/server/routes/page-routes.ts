import { inject, injectable } from 'inversify';
import { type RouteContribution, type RouteDefinition } from '@platform/http';
import { MissingError } from '@platform/core';
import { PageView } from '../services/page-view';

const NO_PAGE = 'The page you are looking for does not exist.';

/**
 * Website pages at their own URL (`/about-us`), read with the visitor's rights: resolved only once
 * every other route found nothing (a fallback route), so a page never shadows the platform or a
 * module. `/page/<slug>`, the old address, redirects permanently. The home page is the page whose
 * URL is `/` when there is one.
 */
@injectable()
export class PageRoutes implements RouteContribution {
  constructor(@inject(PageView) private readonly view: PageView) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/', type: 'http', auth: 'public', cache: 'public',
        handler: async (req) => {
          // Every site gets a home page in data (`website.page_home`); a site that removed it has none.
          const home = await this.view.find(req, '/');
          if (!home) throw new MissingError(NO_PAGE);
          return this.view.render(req, home);
        },
      },
      {
        path: '/page/*slug', type: 'http', auth: 'public', cache: 'public',
        handler: async (req) => {
          const found = await this.view.find(req, req.path.slice('/page'.length));
          if (!found) throw new MissingError(NO_PAGE);
          // `/fr/page/x` -> `/fr/x`: the reply keeps the language prefix the request came with.
          req.reply.redirect(String(found.url) + (req.http.querystring ? `?${req.http.querystring}` : ''), { status: 301 });
        },
      },
      {
        path: '/*url', type: 'http', auth: 'public', cache: 'public', fallback: true,
        handler: async (req) => {
          const found = await this.view.find(req, req.path);
          if (!found) throw new MissingError(NO_PAGE);
          return this.view.render(req, found);
        },
      },
    ];
  }
}
