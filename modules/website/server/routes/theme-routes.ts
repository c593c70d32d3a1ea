import { inject, injectable } from 'inversify';
import { object, string } from 'yup';
import { route, type RouteContribution, type RouteDefinition } from '@platform/http';
import { SiteTheme } from '../services/site-theme';

/** Base64 of the favicon's limit, with room for a data: prefix (the service says "too large" past 256 KB). */
const MAX_FAVICON_BASE64 = Math.ceil((300 * 1024) / 3) * 4 + 128;

/** The editor's Theme dialog: a site's primary colour, font and favicon (designers). */
@injectable()
export class ThemeRoutes implements RouteContribution {
  constructor(@inject(SiteTheme) private readonly theme: SiteTheme) {}

  routes(): RouteDefinition[] {
    return [
      route({
        path: '/website/theme/save', type: 'json', auth: 'user', groups: ['website.group_website_designer'], refusal: 'Only website designers can change the theme.', maxUserBodyBytes: MAX_FAVICON_BASE64 + 4096,
        rateLimit: { name: 'website.theme_save', limit: 30, windowSeconds: 600 },
        params: object({ primary_color: string().required().max(16), font: string().required().max(32), favicon: string().max(MAX_FAVICON_BASE64) }),
        handler: async (req) => {
          await this.theme.save(req.env, req.site.id, req.params);
          return this.theme.values(req.site.id);
        },
      }),
    ];
  }
}
