import { inject, injectable } from 'inversify';
import type { LayoutWidgetContribution } from '@platform/web';
import type { RequestContext } from '@platform/http';
import OperatorChats from '../../web/islands/operator-chats';
import VisitorChat from '../../web/islands/visitor-chat';
import { SESSION_COOKIE } from '../../web/chat-cookies';
import { livechatOptions } from '../routes/livechat-pages';
import { LivechatConsole } from '../services/livechat-console';
import { LivechatSessions } from '../services/livechat-sessions';

/**
 * The chat on every page of the site: operators get their conversations as chat windows, everyone
 * else the visitor button of the site's live chat channel (the first one; its rules decide, through
 * /im_livechat/init, whether the button shows on this page and for this country).
 *
 * The server decides from presence whether there is a button at all: with no operator online, a
 * visitor without a conversation gets no island, so the page loads no script. Pages cached for
 * visitors are kept 2 seconds, so an operator coming online or leaving shows within that.
 */
@injectable()
export class LivechatLayoutWidget implements LayoutWidgetContribution {
  constructor(
    @inject(LivechatSessions) private readonly sessions: LivechatSessions,
    @inject(LivechatConsole) private readonly console: LivechatConsole,
  ) {}

  async renderForPage(req: RequestContext) {
    // The live chat's own pages already carry their chat.
    if (req.path.startsWith('/im_livechat/')) return null;
    // Operators: the live chat group, or named operators of a channel (as for the console).
    if (!req.isPublic && (await this.console.isOperator(req.env, req.user.id))) return <OperatorChats />;
    const [channelId] = await req.env.sudo().model('im_livechat.channel').search([], { limit: 1, order: 'id' });
    if (!channelId) return null;
    // A visitor in a conversation keeps its window (and history) even when the operator has gone.
    const chatting = Boolean(req.http.cookie(SESSION_COOKIE));
    if (!chatting && (await this.sessions.availableOperators(channelId)).length === 0) return null;
    return <VisitorChat options={await livechatOptions(req.env, channelId)} />;
  }
}
