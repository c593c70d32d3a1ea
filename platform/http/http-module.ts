import { ContainerModule } from 'inversify';
import type { Knex } from 'knex';
import { bindContributionProvider } from '@platform/core/contribution';
import type { DiscoveredModule } from '@platform/core/manifest';
import { DatabaseToken, DiscoveredModulesToken, LoadedModulesToken } from '@platform/core/tokens';
import { WriteSignal } from '@platform/db/write-signal';
import { SiteCaches } from './site-caches';
import { PublicPageCache } from './public-page-cache';
import { HotPathContribution, RouteContribution, ServerContribution } from './contribution-points';
import { LanguageCatalog } from './language-catalog';
import { RateLimiter } from './rate-limiter';
import { RequestIdentityResolver } from './request-identity';
import { SessionCache } from './session-cache';
import { SessionStore } from './session-store';
import { SiteService } from './site-service';
import { UserDirectory } from './user-directory';
import { VisitorCountry } from './visitor-country';

/** The HTTP layer's services (sessions, sites, users, limits, languages) and the points it reads. */
export const httpModule = new ContainerModule(({ bind }) => {
  for (const point of [RouteContribution, HotPathContribution, ServerContribution]) bindContributionProvider(bind, point);
  const db = (ctx: { get<T>(id: symbol): T }) => ctx.get<Knex>(DatabaseToken);
  bind(SessionStore).toDynamicValue((ctx) => new SessionStore(db(ctx), new SessionCache(ctx.get(WriteSignal))));
  bind(RateLimiter).toDynamicValue((ctx) => new RateLimiter(db(ctx)));
  bind(UserDirectory).toDynamicValue((ctx) => new UserDirectory(db(ctx)));
  // The one signal that empties every cache of what pages show (public pages, per-site caches).
  bind(WriteSignal).toDynamicValue((ctx) => new WriteSignal(db(ctx), ctx.get<DiscoveredModule[]>(LoadedModulesToken).flatMap((m) => m.manifest.unseenTables ?? [])));
  bind(PublicPageCache).toDynamicValue((ctx) => new PublicPageCache(ctx.get(WriteSignal)));
  bind(SiteCaches).toDynamicValue((ctx) => new SiteCaches(ctx.get(WriteSignal)));
  bind(SiteService).toDynamicValue((ctx) => new SiteService(db(ctx), ctx.get<DiscoveredModule[]>(DiscoveredModulesToken), ctx.get(WriteSignal)));
  bind(LanguageCatalog).toDynamicValue((ctx) => new LanguageCatalog(db(ctx), ctx.get(WriteSignal)));
  bind(VisitorCountry).toSelf();
  bind(RequestIdentityResolver).toDynamicValue((ctx) => new RequestIdentityResolver(ctx.get(SessionStore), ctx.get(UserDirectory)));
});
