import { inject, injectable } from 'inversify';
import { SiteUrls } from '@platform/base';
import { loginUrl, type RequestContext, type RouteContribution, type RouteDefinition } from '@platform/http';
import { MissingError } from '@platform/core';
import { linkStatsPage } from '../../web/pages/link-stats-page';
import { countsAsVisit } from '../services/bot-detector';
import { ClickRecorder } from '../services/click-recorder';
import { LinkService } from '../services/link-service';
import { withVisitorQuery } from '../services/redirect-url';

const UNKNOWN_LINK = 'This link does not exist.';

/**
 * `/r/<code>`: the redirect every visitor of a short link goes through (the hot path), and
 * `/r/<code>+`: the link's statistics, for link tracker users.
 */
@injectable()
export class RedirectRoutes implements RouteContribution {
  constructor(
    @inject(ClickRecorder) private readonly clicks: ClickRecorder,
    @inject(LinkService) private readonly links: LinkService,
    @inject(SiteUrls) private readonly urls: SiteUrls,
  ) {}

  routes(): RouteDefinition[] {
    return [{
      path: '/r/:code', type: 'http', auth: 'public',
      handler: (req) => {
        const code = req.pathParams.code;
        return code.endsWith('+') ? this.stats(req, code.slice(0, -1)) : this.redirect(req, code);
      },
    }];
  }

  private async redirect(req: RequestContext, code: string): Promise<void> {
    const hit = await this.clicks.resolve(code);
    if (!hit) throw new MissingError(UNKNOWN_LINK);
    if (countsAsVisit(req.http.method, req.http.header('user-agent'))) await this.clicks.record(hit.linkId, req.ip);
    // The target is the link's own, checked when the link was made: the one redirect away from the site.
    req.reply.redirectAway(withVisitorQuery(hit.target, req.http.querystring), 301);
    // A cached 301 would send the next visits straight to the target, unseen: never cache it.
    req.reply.header('Cache-Control', 'no-store');
  }

  private async stats(req: RequestContext, code: string): Promise<unknown> {
    if (req.isPublic) {
      req.reply.redirect(loginUrl(req.http.url), { keepLanguage: false });
      return undefined;
    }
    const link = await this.links.byCode(req.env, code);
    if (!link) throw new MissingError(UNKNOWN_LINK);
    return linkStatsPage(link, await this.urls.forRequest(req));
  }
}
