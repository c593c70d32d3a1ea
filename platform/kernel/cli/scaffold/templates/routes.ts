import type { ScaffoldNames } from '../scaffold-names';

/** server/routes/item-routes.ts: a page, a form post checked by its schema, and a JSON call. */
export function routesFile(n: ScaffoldNames): string {
  return `import { inject, injectable } from 'inversify';
import { route, type RequestContext, type RouteContribution, type RouteDefinition } from '@platform/http';
import { ${n.constant}_ITEMS_URL, ${n.constant}_NEW_URL, ${n.constant}_URL, listItemsSchema, newItemSchema } from '../../common/item-schema';
import { itemsPage, type ItemsPageProps } from '../../web/pages/items-page';
import { ${n.pascal}ItemService } from '../services/item-service';

/**
 * The items as a page (\`${n.url}\`), the form that adds one (internal users), and the JSON call the
 * page's island reloads them from. The record rules, not the routes, decide which items each caller
 * sees; the schemas in common/ decide what a form or a call may send (the browser checked it too).
 */
@injectable()
export class ${n.pascal}ItemRoutes implements RouteContribution {
  constructor(@inject(${n.pascal}ItemService) private readonly items: ${n.pascal}ItemService) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: ${n.constant}_URL, type: 'http', auth: 'public',
        handler: async (req) => itemsPage(await this.pageProps(req)),
      },
      route({
        path: ${n.constant}_NEW_URL, type: 'http', auth: 'user', methods: ['POST'], params: newItemSchema,
        rateLimit: { name: '${n.module}.new_item', limit: 30, windowSeconds: 60 },
        // A field the schema refuses: the page again, what was typed kept, the message under its field.
        invalid: async (req, errors) => itemsPage({ ...(await this.pageProps(req)), values: req.params, errors }),
        handler: async (req) => {
          await this.items.create(req.env, req.params);
          req.reply.redirect(${n.constant}_URL, { status: 303 });
        },
      }),
      route({
        path: ${n.constant}_ITEMS_URL, type: 'json', auth: 'public', params: listItemsSchema,
        handler: (req) => this.items.list(req.env, req.params.limit),
      }),
    ];
  }

  private async pageProps(req: RequestContext): Promise<ItemsPageProps> {
    return { items: await this.items.list(req.env), canCreate: this.items.mayCreate(req.env), csrfToken: req.csrfToken() };
  }
}
`;
}
