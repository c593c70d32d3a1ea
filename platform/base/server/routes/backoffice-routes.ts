import { moduleDisplayName } from '@platform/core/module-display-name';
import crypto from 'node:crypto';
import { inject, injectable } from 'inversify';
import { array, number, object, string } from 'yup';
import { AccessDenied, AccessError, UserError, ValidationError } from '@platform/core/errors';
import type { DiscoveredModule } from '@platform/core/manifest';
import { ModuleManager } from '@platform/core/module-manager';
import { DiscoveredModulesToken, InstalledModulesToken } from '@platform/core/tokens';
import type { RouteContribution } from '@platform/http/contribution-points';
import { route, type RequestContext, type RouteDefinition } from '@platform/http/route-definition';
import { SiteService } from '@platform/http/site-service';
import { ADMIN_GROUP } from '@platform/orm/access-control';
import { resolveXmlid } from '@platform/orm/data-loader';
import { BackofficeShell } from '@platform/web/backoffice/backoffice-shell';
import { TranslationCatalog } from '@platform/web/translation-catalog';
import { csvExport, parseDomainParam } from '../services/csv-export';
import { PasswordReset } from '../services/password-reset';
import { SiteAdmin } from '../services/site-admin';
import { SiteUrls } from '../services/site-urls';
import { UserAccounts } from '../services/user-accounts';
import { sendAsset } from './send-asset';

const exportParams = object({
  model: string().required().max(128),
  domain: string().max(100_000),
  fields: string().required().max(4000),
});

const moduleNames = object({ modules: array(string().required().max(64)).required().min(1).max(50) });

const ADMIN_REFUSAL = 'Only administrators can manage sites, modules and users.';

function requireAdmin(req: RequestContext): void {
  if (!req.env.hasGroup(ADMIN_GROUP)) throw new AccessError(ADMIN_REFUSAL);
}

/**
 * What the back office at /web calls besides call_kw: its bundle (internal users only), the apps
 * screen's module list, site and user creation (which do more than one record's create), and CSV
 * export of a list's current search.
 */
@injectable()
export class BackofficeRoutes implements RouteContribution {
  constructor(
    @inject(BackofficeShell) private readonly shell: BackofficeShell,
    @inject(SiteService) private readonly sites: SiteService,
    @inject(SiteAdmin) private readonly siteAdmin: SiteAdmin,
    @inject(UserAccounts) private readonly accounts: UserAccounts,
    @inject(DiscoveredModulesToken) private readonly discovered: DiscoveredModule[],
    @inject(InstalledModulesToken) private readonly installed: ReadonlySet<string>,
    @inject(PasswordReset) private readonly reset: PasswordReset,
    @inject(SiteUrls) private readonly urls: SiteUrls,
    @inject(TranslationCatalog) private readonly catalog: TranslationCatalog,
    @inject(ModuleManager) private readonly moduleManager: ModuleManager,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        // `public`, not `user`: a `user` route always answers no-store, and these content-hashed files are
        // the same for every internal user; the check below still keeps them from anyone else.
        path: '/web/backoffice/assets/:file', type: 'http', auth: 'public', methods: ['GET'],
        handler: async (req) => {
          if (!this.shell.isInternal(req)) throw new AccessDenied('The back office is for internal users.');
          await this.shell.bundle(req);
          // The name carries the content's hash: kept a year, in the user's browser only (private).
          sendAsset(req.koa, this.shell.file(req.pathParams.file), 'private, max-age=31536000, immutable');
        },
      },
      {
        path: '/web/backoffice/modules', type: 'json', auth: 'user', groups: [ADMIN_GROUP], refusal: ADMIN_REFUSAL, params: object({}),
        handler: async (req) => {
          requireAdmin(req);
          const sites = await this.sites.all();
          // The kernel's install state (name, version): a manifest ahead of it waits for `module upgrade`.
          const versions = new Map<string, string>((await req.env.sudo().db('ir_module_module').select('name', 'version')).map((r: { name: string; version: string }) => [r.name, r.version]));
          return {
            modules: this.discovered.filter((m) => m.manifest.name !== 'base').map(({ manifest: m }) => ({
              name: m.name, display_name: moduleDisplayName(m), color: m.color ?? '#6c757d', infrastructure: m.infrastructure === true,
              version: m.version, summary: m.summary, depends: m.depends, installed: this.installed.has(m.name),
              installed_version: versions.get(m.name) ?? null,
              sites: sites.filter((s) => s.modules.has(m.name)).map((s) => s.id),
            // Features first, then what the platform is made of; each group by the name people read.
            })).sort((a, b) => Number(a.infrastructure) - Number(b.infrastructure) || a.display_name.localeCompare(b.display_name)),
            sites: sites.map((s) => ({ id: s.id, name: s.name, domain: s.domain })),
          };
        },
      },
      {
        // What installing these modules brings along (their dependencies not installed yet), for the confirmation.
        path: '/web/backoffice/modules/plan', type: 'json', auth: 'user', groups: [ADMIN_GROUP], refusal: ADMIN_REFUSAL, params: moduleNames,
        handler: async (req) => {
          requireAdmin(req);
          return { install: await this.moduleManager.plan((req.params as { modules: string[] }).modules) };
        },
      },
      {
        // Installs in the background (one operation per database at a time); the screen polls /status.
        path: '/web/backoffice/modules/install', type: 'json', auth: 'user', groups: [ADMIN_GROUP], refusal: ADMIN_REFUSAL, params: moduleNames,
        handler: async (req) => {
          requireAdmin(req);
          return this.moduleManager.install((req.params as { modules: string[] }).modules, req.user.id);
        },
      },
      {
        path: '/web/backoffice/modules/upgrade', type: 'json', auth: 'user', groups: [ADMIN_GROUP], refusal: ADMIN_REFUSAL, params: moduleNames,
        handler: async (req) => {
          requireAdmin(req);
          return this.moduleManager.upgrade((req.params as { modules: string[] }).modules, req.user.id);
        },
      },
      {
        path: '/web/backoffice/modules/status', type: 'json', auth: 'user', groups: [ADMIN_GROUP], refusal: ADMIN_REFUSAL, params: object({}),
        handler: async (req) => {
          requireAdmin(req);
          return this.moduleManager.status();
        },
      },
      {
        path: '/web/backoffice/site/create', type: 'json', auth: 'user', groups: [ADMIN_GROUP], refusal: ADMIN_REFUSAL,
        params: object({ name: string().required().max(256), domain: string().max(253), lang: string().max(16) }),
        handler: async (req) => {
          requireAdmin(req);
          const p = req.params as { name: string; domain?: string; lang?: string };
          return this.siteAdmin.create({ name: p.name, domain: p.domain, lang: p.lang ?? req.site.defaultLang }, this.installed);
        },
      },
      {
        path: '/web/backoffice/user/create', type: 'json', auth: 'user', groups: [ADMIN_GROUP], refusal: ADMIN_REFUSAL,
        params: object({
          name: string().required().max(256), login: string().required().max(128), email: string().max(256),
          password: string().max(1024), group_ids: array(number().integer().positive().required()).max(200),
        }),
        handler: async (req) => {
          requireAdmin(req);
          const p = req.params as { name: string; login: string; email?: string; password?: string; group_ids?: number[] };
          // Groups checked first: the account is created in a transaction of its own, and a refusal
          // after it would leave a user behind.
          const groupIds = [...new Set(p.group_ids ?? [])];
          if ((await req.env.model('res.groups').search([['id', 'in', groupIds]])).length !== groupIds.length) throw new ValidationError('Unknown group');
          // Without a password the account cannot be signed in to until its owner resets it.
          const password = p.password || crypto.randomBytes(24).toString('base64url');
          const uid = await this.accounts.create({ name: p.name, login: p.login, email: p.email || undefined, password, groups: [] });
          await req.env.model('res.users').write([uid], { groups_id: [[6, 0, groupIds]], share: !(await this.hasInternal(req, groupIds)) });
          return uid;
        },
      },
      {
        // The same mail as "Forgot password?" (/web/reset_password): a single-use link valid one hour,
        // in the site's default language, at most 3 per account and hour.
        path: '/web/backoffice/user/reset_password', type: 'json', auth: 'user', groups: [ADMIN_GROUP], refusal: ADMIN_REFUSAL,
        params: object({ user_id: number().integer().positive().required() }),
        handler: async (req) => {
          requireAdmin(req);
          if (!this.reset.available) throw new UserError('This site cannot send e-mails: install the mail module and set SMTP_URL.');
          const [user] = await req.env.model('res.users').read([(req.params as { user_id: number }).user_id], ['login', 'email']);
          if (!user.email) throw new UserError('This user has no e-mail address to send the link to.');
          // The link carries a token: only on this site's configured address, never on the request's Host.
          const linkBase = await this.urls.forMail(req);
          if (!linkBase) throw new UserError('This site has no public address for the link: set its base URL in the site settings.');
          // By login (unique), not by address: two accounts may share one.
          const sent = await this.reset.request(String(user.login), {
            linkBase, siteName: req.site.name, _t: (s) => this.catalog.translate(req.site.modules, req.site.defaultLang, s),
          });
          if (!sent) throw new UserError('No e-mail was sent: this account already received 3 reset links this hour. Try again later.');
          return { email: user.email };
        },
      },
      route({
        // A link (GET): the browser downloads the file. Reads only, with the caller's rights.
        path: '/web/backoffice/export', type: 'http', auth: 'user', groups: ['base.group_user'], refusal: 'The back office is for internal users.', methods: ['GET'], params: exportParams,
        handler: async (req) => {
          if (!this.shell.isInternal(req)) throw new AccessDenied('The back office is for internal users.');
          const { model, domain, fields } = req.params;
          const fieldNames = fields.split(',').map((f) => f.trim()).filter(Boolean);
          if (fieldNames.length === 0 || fieldNames.length > 100) throw new ValidationError('Export between 1 and 100 fields');
          const stream = await csvExport(req.env, model, parseDomainParam(domain), fieldNames);
          req.reply.header('Cache-Control', 'no-store');
          req.reply.file(stream, 'text/csv; charset=utf-8', `${model.replace(/[^a-z0-9_.]/gi, '_')}.csv`);
        },
      }),
    ];
  }

  private async hasInternal(req: RequestContext, groupIds: number[]): Promise<boolean> {
    if (!groupIds.length) return false;
    const sudo = req.env.sudo();
    const internal = [await resolveXmlid(sudo, 'base.group_user'), await resolveXmlid(sudo, ADMIN_GROUP)];
    return groupIds.some((g) => internal.includes(g));
  }
}
