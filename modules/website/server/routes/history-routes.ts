import { inject, injectable } from 'inversify';
import { number, object } from 'yup';
import { route, type RouteContribution, type RouteDefinition } from '@platform/http';
import { DESIGNER_ONLY, PageHistory } from '../services/page-history';

/** The page editor's History dialog: a page's saved versions (date, author) and restoring one. Designers only. */
@injectable()
export class HistoryRoutes implements RouteContribution {
  constructor(@inject(PageHistory) private readonly history: PageHistory) {}

  routes(): RouteDefinition[] {
    const id = number().integer().positive().required();
    return [
      route({
        path: '/website/page/history', type: 'json', auth: 'user', groups: ['website.group_website_designer'], refusal: DESIGNER_ONLY,
        params: object({ id }),
        handler: async (req) => this.history.list(req.env, req.params.id),
      }),
      route({
        path: '/website/page/restore', type: 'json', auth: 'user', groups: ['website.group_website_designer'], refusal: DESIGNER_ONLY,
        params: object({ id, version_id: id }),
        handler: async (req) => {
          const version = await this.history.restore(req.env, req.params.id, req.params.version_id);
          return { version };
        },
      }),
    ];
  }
}
