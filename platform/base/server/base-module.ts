import { ContainerModule, type Newable } from 'inversify';
import { bindContribution } from '@platform/core/contribution';
import type { Knex } from 'knex';
import type { Config } from '@platform/core/config';
import { JobContribution } from '@platform/jobs/job-contribution';
import { ModelContribution } from '@platform/orm/model-contribution';
import { RouteContribution } from '@platform/http/contribution-points';
import { ConfigToken, DatabaseToken } from '@platform/core/tokens';
import { MailTransport } from '@platform/mail/mail-transport';
import { EnvFactory } from '@platform/orm/env-factory';
import { AuthService } from '@platform/http/auth-service';
import { RateLimiter } from '@platform/http/rate-limiter';
import { UserDirectory } from '@platform/http/user-directory';
import { BackofficeMenuContribution, BackofficeViewContribution } from '@platform/web/backoffice/contribution-points';
import { BaseBackoffice } from './backoffice-contributions';
import { BaseModels } from './base-models';
import { MaintenanceJobs } from './maintenance-jobs';
import { AssetRoutes } from './routes/asset-routes';
import { BackofficeRoutes } from './routes/backoffice-routes';
import { DatasetRoutes } from './routes/dataset-routes';
import { ImageRoutes } from './routes/image-routes';
import { PasswordResetRoutes } from './routes/password-reset-routes';
import { SessionRoutes } from './routes/session-routes';
import { SystemRoutes } from './routes/system-routes';
import { AttachmentStore } from './services/attachment-store';
import { CallKwBudget } from './services/call-kw-budget';
import { PasswordReset } from './services/password-reset';
import { SiteAdmin } from './services/site-admin';
import { SiteSettings } from './services/site-settings';
import { SiteSettingsRoutes } from './routes/site-settings-routes';
import { SettingsMenu } from './settings-menu';
import { UserMenuContribution } from '@platform/web/contribution-points';
import { SiteService } from '@platform/http/site-service';
import { SiteUrls } from './services/site-urls';
import { ConfigParameters } from './services/config-parameters';
import { DetachedWork } from '@platform/core/detached-work';
import { UserAccounts } from './services/user-accounts';
import { People } from './services/people';

export const baseModule = new ContainerModule(({ bind }) => {
  bind(AuthService).toDynamicValue((ctx) => new AuthService(
    ctx.get<Knex>(DatabaseToken), ctx.get(RateLimiter), ctx.get(UserDirectory), ctx.get<Config>(ConfigToken),
  ));
  bind(UserAccounts).toDynamicValue((ctx) => {
    const envs = ctx.get(EnvFactory);
    return new UserAccounts(() => envs.superuser());
  });
  // One per kernel: its concurrency gates count the calls running in this process.
  bind(CallKwBudget).toDynamicValue((ctx) => new CallKwBudget(ctx.get(RateLimiter), ctx.get<Config>(ConfigToken)));
  bind(People).toDynamicValue((ctx) => new People(ctx.get(EnvFactory)));
  bind(SiteUrls).toSelf();
  bind(ConfigParameters).toSelf();
  bind(AttachmentStore).toSelf();
  bind(SiteAdmin).toSelf();
  // The `mail` module binds the transport; without it, nothing can be mailed and the reset form says so.
  bind(PasswordReset).toDynamicValue((ctx) => new PasswordReset(
    ctx.get<Knex>(DatabaseToken), ctx.get(RateLimiter), ctx.get<MailTransport | undefined>(MailTransport, { optional: true }) ?? null, ctx.get(DetachedWork),
  ));
  bind(SiteSettings).toDynamicValue((ctx) => new SiteSettings(ctx.get<Knex>(DatabaseToken), ctx.get(SiteService)));
  bindContribution(bind, UserMenuContribution, SettingsMenu);
  bindContribution(bind, ModelContribution, BaseModels);
  const routeContributions: Array<Newable<RouteContribution>> = [
    SessionRoutes, PasswordResetRoutes, SiteSettingsRoutes, DatasetRoutes, SystemRoutes, AssetRoutes, ImageRoutes, BackofficeRoutes,
  ];
  for (const routes of routeContributions) {
    bindContribution(bind, RouteContribution, routes);
  }
  bindContribution(bind, JobContribution, MaintenanceJobs);
  bindContribution(bind, [BackofficeMenuContribution, BackofficeViewContribution], BaseBackoffice);
});
