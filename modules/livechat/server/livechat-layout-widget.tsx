import { injectable } from 'inversify';
import type { LayoutWidgetContribution } from '@platform/web/contribution-points';
import type { RequestContext } from '@platform/http/route-definition';
import OperatorChats from '../web/islands/operator-chats';
import VisitorChat from '../web/islands/visitor-chat';
import { livechatOptions } from './routes/livechat-pages';

export const OPERATOR_GROUP = 'livechat.group_livechat_user';

/**
 * The chat on every page of the site: operators get their conversations as chat windows, everyone
 * else the visitor button of the site's live chat channel (the first one; its rules decide, through
 * /im_livechat/init, whether the button shows on this page and for this country).
 */
@injectable()
export class LivechatLayoutWidget implements LayoutWidgetContribution {
  async renderForPage(req: RequestContext) {
    // The live chat's own pages already carry their chat.
    if (req.koa.path.startsWith('/im_livechat/')) return null;
    if (!req.isPublic && req.env.hasGroup(OPERATOR_GROUP)) return <OperatorChats />;
    const [channelId] = await req.env.sudo().model('im_livechat.channel').search([], { limit: 1, order: 'id' });
    if (!channelId) return null;
    return <VisitorChat options={await livechatOptions(req.env, channelId)} />;
  }
}
