import { inject, injectable } from 'inversify';
import { mixed, number, object, string } from 'yup';
import { type RequestContext, route, type RouteContribution, type RouteDefinition } from '@platform/http';
import { LinkService, MAX_URL_LENGTH, type NewLinkParams } from '../services/link-service';
import { linkPage } from '../../web/pages/link-page';
import { assertCanTrackLinks, LINK_TRACKER_GROUPS, LINK_TRACKER_REFUSAL } from '../services/access';
import { SiteUrls } from '@platform/base';

const utmId = mixed<number | false>().nullable().test('utm-id', '${path} must be a record id', (v) => v === undefined || v === null || v === false || (Number.isSafeInteger(v) && (v as number) > 0))
  .meta({ bounded: 'its test: a record id or false' });
/** A cap on the length read at all; the link service applies its exact rules (and messages) below it. */
const atMost = (max: number) => (v: unknown) => typeof v !== 'string' || v.length <= max;

const newParams = object({
  url: mixed<string>().nullable().test('url', 'url must be a string', (v) => v === undefined || v === null || typeof v === 'string')
    .test('max', `The URL is too long (${MAX_URL_LENGTH} characters at most)`, atMost(2 * MAX_URL_LENGTH)),
  campaign_id: utmId,
  medium_id: utmId,
  source_id: utmId,
});
const addCodeParams = object({
  init_code: string().required().max(256),
  new_code: mixed<string>().nullable().test('new_code', 'new_code must be a string', (v) => v === undefined || v === null || typeof v === 'string')
    .test('max', 'new_code is too long', atMost(256)),
});
const recentParams = object({
  filter: string().required().max(64),
  limit: number().integer().min(1).max(100),
});

/** The creation page and the JSON calls behind it (`/website_links/*`), for link tracker users. */
@injectable()
export class LinkRoutes implements RouteContribution {
  constructor(@inject(LinkService) private readonly links: LinkService, @inject(SiteUrls) private readonly urls: SiteUrls) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/r', type: 'http', auth: 'user', groups: LINK_TRACKER_GROUPS, refusal: LINK_TRACKER_REFUSAL,
        handler: (req) => {
          assertCanTrackLinks(req.env);
          return linkPage();
        },
      },
      route({
        path: '/website_links/new', type: 'json', auth: 'user', groups: LINK_TRACKER_GROUPS, refusal: LINK_TRACKER_REFUSAL, params: newParams,
        rateLimit: { name: 'link_tracker.new', limit: 120, perAccount: 120, windowSeconds: 60 },
        handler: async (req) => {
          const p = req.params;
          return this.links.create(req.env, await this.origin(req), { ...p, url: p.url ?? '' });
        },
      }),
      route({
        path: '/website_links/add_code', type: 'json', auth: 'user', groups: LINK_TRACKER_GROUPS, refusal: LINK_TRACKER_REFUSAL, params: addCodeParams,
        handler: async (req) => {
          const p = req.params;
          return this.links.addCode(req.env, await this.origin(req), p.init_code, p.new_code ?? '');
        },
      }),
      route({
        path: '/website_links/recent_links', type: 'json', auth: 'user', groups: LINK_TRACKER_GROUPS, refusal: LINK_TRACKER_REFUSAL, params: recentParams,
        handler: (req) => {
          const p = req.params;
          return this.links.recent(req.env, p.filter, p.limit ?? 20);
        },
      }),
    ];
  }

  /** Short URLs are stored: they are made on the site's configured address, not the request's Host. */
  private origin(req: RequestContext): Promise<string> {
    return this.urls.forRequest(req);
  }
}
