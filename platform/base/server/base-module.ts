import { ContainerModule } from 'inversify';
import { bindContribution } from '@platform/core/contribution';
import type { Knex } from 'knex';
import type { Config } from '@platform/core/config';
import { JobContribution } from '@platform/jobs/job-contribution';
import { ModelContribution } from '@platform/orm/model-contribution';
import { RouteContribution } from '@platform/http/contribution-points';
import { ConfigToken, DatabaseToken } from '@platform/core/tokens';
import { EnvFactory } from '@platform/orm/env-factory';
import { AuthService } from '@platform/http/auth-service';
import { RateLimiter } from '@platform/http/rate-limiter';
import { UserDirectory } from '@platform/http/user-directory';
import { BaseModels } from './base-models';
import { MaintenanceJobs } from './maintenance-jobs';
import { AssetRoutes } from './routes/asset-routes';
import { DatasetRoutes } from './routes/dataset-routes';
import { ImageRoutes } from './routes/image-routes';
import { SessionRoutes } from './routes/session-routes';
import { SystemRoutes } from './routes/system-routes';
import { SiteUrls } from './services/site-urls';
import { UserAccounts } from './services/user-accounts';

export const baseModule = new ContainerModule(({ bind }) => {
  bind(AuthService).toDynamicValue((ctx) => new AuthService(
    ctx.get<Knex>(DatabaseToken), ctx.get(RateLimiter), ctx.get(UserDirectory), ctx.get<Config>(ConfigToken),
  ));
  bind(UserAccounts).toDynamicValue((ctx) => {
    const envs = ctx.get(EnvFactory);
    return new UserAccounts(() => envs.superuser());
  });
  bind(SiteUrls).toSelf();
  bindContribution(bind, ModelContribution, BaseModels);
  for (const routes of [SessionRoutes, DatasetRoutes, SystemRoutes, AssetRoutes, ImageRoutes]) {
    bindContribution(bind, RouteContribution, routes);
  }
  bindContribution(bind, JobContribution, MaintenanceJobs);
});
