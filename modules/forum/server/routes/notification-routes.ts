import { inject, injectable } from 'inversify';
import { number, object } from 'yup';
import type { RouteContribution, RouteDefinition } from '@platform/http';
import { ForumNotifications } from '../services/forum-notifications';

/** `/forum/notification_read` (SPEC 7): a signed-in user marks one of their forum notifications read; true. */
@injectable()
export class NotificationRoutes implements RouteContribution {
  constructor(@inject(ForumNotifications) private readonly notifications: ForumNotifications) {}

  routes(): RouteDefinition[] {
    return [{
      path: '/forum/notification_read', type: 'json', auth: 'user',
      params: object({ notification_id: number().integer().min(1).max(2_147_483_647).required() }),
      rateLimit: { name: 'forum.notification_read', limit: 120, perAccount: 120, windowSeconds: 60 },
      handler: (req) => this.notifications.markRead(req.env, Number(req.params.notification_id)),
    }];
  }
}
