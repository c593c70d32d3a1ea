import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { array, boolean, number, object, string } from 'yup';
import type { RouteContribution } from '@platform/http/contribution-points';
import { AccessError, UserError } from '@platform/core/errors';
import type { DiscoveredModule } from '@platform/core/manifest';
import { moduleDisplayName } from '@platform/core/module-display-name';
import { DatabaseToken, DiscoveredModulesToken, InstalledModulesToken } from '@platform/core/tokens';
import type { RouteDefinition } from '@platform/http/route-definition';
import { SiteService } from '@platform/http/site-service';

/** Health check and site/module administration for admins. */
@injectable()
export class SystemRoutes implements RouteContribution {
  constructor(
    @inject(DatabaseToken) private readonly db: Knex,
    @inject(SiteService) private readonly sites: SiteService,
    @inject(InstalledModulesToken) private readonly installed: ReadonlySet<string>,
    @inject(DiscoveredModulesToken) private readonly discovered: DiscoveredModule[],
  ) {}

  routes(): RouteDefinition[] {
    const requireAdmin = (env: { hasGroup(g: string): boolean }) => {
      if (!env.hasGroup('base.group_system')) throw new AccessError('Only administrators can manage sites and modules.');
    };
    return [
      {
        path: '/health', type: 'http', auth: 'none',
        handler: async (req) => {
          req.koa.type = 'application/json';
          try {
            await this.db.raw('select 1');
            req.koa.body = { status: 'ok', database: 'ok' };
          } catch {
            req.koa.status = 503;
            req.koa.body = { status: 'error', database: 'unreachable' };
          }
        },
      },
      {
        path: '/web/site/list', type: 'json', auth: 'user', groups: ['base.group_system'], refusal: 'Only administrators can manage sites and modules.', params: object({}),
        handler: async (req) => {
          requireAdmin(req.env);
          return (await this.sites.all()).map((s) => ({ id: s.id, name: s.name, domain: s.domain, modules: [...s.modules].sort() }));
        },
      },
      {
        path: '/web/site/modules', type: 'json', auth: 'user', groups: ['base.group_system'], refusal: 'Only administrators can manage sites and modules.',
        params: object({
          website_id: number().integer().required(), enable: array(string().required().max(64)).max(100), disable: array(string().required().max(64)).max(100),
          // What would change (dependencies enabled, dependents disabled), for a confirmation; writes nothing.
          dry_run: boolean(),
        }),
        handler: async (req) => {
          requireAdmin(req.env);
          const { website_id, enable, disable, dry_run } = req.params as { website_id: number; enable?: string[]; disable?: string[]; dry_run?: boolean };
          // The platform's own modules (the bus, mail, the website itself) are on wherever their dependents are.
          const platformPart = this.discovered.find((m) => disable?.includes(m.manifest.name) && m.manifest.infrastructure);
          if (platformPart) throw new UserError(`${moduleDisplayName(platformPart.manifest)} is part of the platform: it cannot be switched off for a site.`);
          if (dry_run) {
            return {
              enabled: enable?.length ? await this.sites.enablePlan(website_id, enable, this.installed) : [],
              disabled: disable?.length ? await this.sites.disablePlan(website_id, disable) : [],
              modules: [...(await this.sites.get(website_id)).modules].sort(),
            };
          }
          const enabled = enable?.length ? await this.sites.enable(website_id, enable, this.installed) : [];
          const disabled = disable?.length ? await this.sites.disable(website_id, disable) : [];
          return { enabled, disabled, modules: [...(await this.sites.get(website_id)).modules].sort() };
        },
      },
    ];
  }
}
