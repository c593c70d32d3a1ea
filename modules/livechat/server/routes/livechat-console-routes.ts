import { inject, injectable } from 'inversify';
import * as yup from 'yup';
import type { RequestContext, RouteContribution, RouteDefinition } from '@platform/http';
import { REPORT_PERIODS } from '../../common/chat-ratings';
import { CONSOLE_REFUSED, LivechatConsole, type ConsoleCaller } from '../services/livechat-console';
import { LivechatRatingsReport, REPORT_GROUPS, REPORT_REFUSED } from '../services/ratings-report';

const idParam = yup.number().integer().min(1).required();

function consoleCaller(req: RequestContext): ConsoleCaller {
  return { env: req.env, userId: req.user.id, partnerId: req.user.partnerId };
}

/**
 * The calls of the operator console in the back office. Each one refuses callers who are not live
 * chat operators (portal users, other internal users); the chat lines themselves go through the chat
 * calls (`/mail/chat_history`, `/mail/chat_post`), where the operator is a member of its conversations.
 */
@injectable()
export class LivechatConsoleRoutes implements RouteContribution {
  constructor(
    @inject(LivechatConsole) private readonly console: LivechatConsole,
    @inject(LivechatRatingsReport) private readonly ratings: LivechatRatingsReport,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/im_livechat/console/inbox', type: 'json', auth: 'user', groups: ['base.group_user'], refusal: CONSOLE_REFUSED,
        params: yup.object({ scope: yup.string().oneOf(['open', 'closed']).required() }),
        handler: (req: RequestContext<{ scope: 'open' | 'closed' }>) => this.console.inbox(consoleCaller(req), req.params.scope),
      },
      {
        path: '/im_livechat/console/unread', type: 'json', auth: 'user', groups: ['base.group_user'], refusal: CONSOLE_REFUSED, params: yup.object({}),
        handler: (req: RequestContext) => this.console.unreadTotal(consoleCaller(req)),
      },
      {
        path: '/im_livechat/console/seen', type: 'json', auth: 'user', groups: ['base.group_user'], refusal: CONSOLE_REFUSED,
        params: yup.object({ channel_id: idParam, message_id: idParam }),
        handler: (req: RequestContext<{ channel_id: number; message_id: number }>) => this.console.markSeen(consoleCaller(req), req.params.channel_id, req.params.message_id),
      },
      {
        path: '/im_livechat/console/close', type: 'json', auth: 'user', groups: ['base.group_user'], refusal: CONSOLE_REFUSED,
        params: yup.object({ channel_id: idParam }),
        handler: (req: RequestContext<{ channel_id: number }>) => this.console.close(consoleCaller(req), req.params.channel_id),
      },
      {
        // The Live Chat app's ratings report (managers only).
        path: '/im_livechat/ratings/report', type: 'json', auth: 'user', groups: REPORT_GROUPS, refusal: REPORT_REFUSED,
        params: yup.object({ days: yup.number().integer().oneOf([...REPORT_PERIODS], `The period must be one of ${REPORT_PERIODS.join(', ')} days`) }),
        handler: (req: RequestContext<{ days?: number }>) => this.ratings.report(req.env, req.params.days ?? REPORT_PERIODS[0]),
      },
    ];
  }
}
