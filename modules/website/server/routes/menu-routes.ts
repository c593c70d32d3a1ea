import { inject, injectable } from 'inversify';
import { AccessError, ValidationError } from '@platform/core';
import { type RequestContext, route, type RouteContribution, type RouteDefinition } from '@platform/http';
import type { Env } from '@platform/orm';
import { menuSaveSchema } from '../../common/menu-schemas';
import { ModuleMenuEntries } from '../services/module-menu-entries';
import { menuForEditor, saveMenu } from '../services/menu-editing';
import { PUBLISHER_GROUP } from './publish-routes';

const MENU_REFUSAL = 'Only website publishers can edit the menu. Ask a website publisher.';

/**
 * The menu editor's calls: the site's whole menu (modules' entries brought up to date first), and the
 * menu saved at once (names, visibility, order, sub-entries, links), in one transaction. Publishers
 * only; the writes still go through the model's access rights and URL rules.
 */
@injectable()
export class MenuRoutes implements RouteContribution {
  constructor(@inject(ModuleMenuEntries) private readonly modules: ModuleMenuEntries) {}

  routes(): RouteDefinition[] {
    return [
      route({
        path: '/website/menu/list', type: 'json', auth: 'user', groups: [PUBLISHER_GROUP], refusal: MENU_REFUSAL, params: menuSaveSchema.pick(['lang']),
        handler: async (req) => {
          const env = this.publisherEnv(req);
          await this.modules.sync(req.env.sudo(), req.site);
          return menuForEditor(env, req.site);
        },
      }),
      route({
        path: '/website/menu/save', type: 'json', auth: 'user', groups: [PUBLISHER_GROUP], refusal: MENU_REFUSAL, params: menuSaveSchema,
        handler: async (req) => {
          const env = this.publisherEnv(req);
          await env.transaction((tx) => saveMenu(tx, req.site, req.params));
          return menuForEditor(env, req.site);
        },
      }),
    ];
  }

  private publisherEnv(req: RequestContext): Env {
    if (!req.env.hasGroup(PUBLISHER_GROUP)) throw new AccessError(MENU_REFUSAL);
    const lang = String(req.params.lang);
    if (!req.site.langs.includes(lang)) throw new ValidationError(`The language '${lang}' is not available on this site.`);
    return req.env.withLang(lang);
  }
}
