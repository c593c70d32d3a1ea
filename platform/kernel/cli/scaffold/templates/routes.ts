import type { ScaffoldNames } from '../scaffold-names';

/** server/routes/item-routes.ts: an http page route and a JSON route. */
export function routesFile(n: ScaffoldNames): string {
  return `import { inject, injectable } from 'inversify';
import { number, object } from 'yup';
import type { RouteContribution } from '@platform/http/contribution-points';
import type { RouteDefinition } from '@platform/http/route-definition';
import { itemsPage } from '../../web/pages/items-page';
import { MAX_ITEMS, ${n.pascal}ItemService } from '../services/item-service';

// Every value a JSON route takes is bounded (a test walks the schemas of all routes).
const listParams = object({ limit: number().integer().min(1).max(MAX_ITEMS) });

/**
 * The items as a page (\`${n.url}\`) and as the JSON call the page's island reloads them from. Both are
 * open to visitors: the record rules, not the routes, decide which items each caller sees.
 */
@injectable()
export class ${n.pascal}ItemRoutes implements RouteContribution {
  constructor(@inject(${n.pascal}ItemService) private readonly items: ${n.pascal}ItemService) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '${n.url}', type: 'http', auth: 'public',
        handler: async (req) => itemsPage({ items: await this.items.list(req.env) }),
      },
      {
        path: '${n.url}/items', type: 'json', auth: 'public', params: listParams,
        handler: (req) => this.items.list(req.env, (req.params as { limit?: number }).limit),
      },
    ];
  }
}
`;
}
