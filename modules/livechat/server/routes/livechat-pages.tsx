import { inject, injectable } from 'inversify';
import type { RequestContext, RouteContribution, RouteDefinition } from '@platform/http';
import { AccessError, MissingError } from '@platform/core';
import type { Env } from '@platform/orm';
import { page } from '@platform/web';
import type { LivechatOptions } from '../../web/islands/visitor-chat';
import { SupportPage } from '../../web/pages/support-page';
import { CONSOLE_REFUSED, LivechatConsole } from '../services/livechat-console';

/** The operator console: a screen of the back office. */
export const CONSOLE_URL = '/web#menu=livechat.console&screen=livechat.console';

/** The options a chat window needs, from the livechat channel (SPEC defaults when a text is empty). */
export async function livechatOptions(env: Env, channelId: number): Promise<LivechatOptions> {
  const [c] = await env.sudo().model('im_livechat.channel').search_read([['id', '=', channelId]], ['name', 'button_text', 'input_placeholder', 'default_message']);
  if (!c) throw new MissingError('This live chat channel does not exist.');
  return {
    channel_id: channelId,
    channel_name: String(c.name),
    button_text: c.button_text ? String(c.button_text) : 'Chat with one of our collaborators',
    input_placeholder: c.input_placeholder ? String(c.input_placeholder) : 'Ask something ...',
    default_message: c.default_message ? String(c.default_message) : 'How may I help you?',
    default_username: 'Visitor',
  };
}

/** The support page of a channel (visitor side) and the operator's page. */
@injectable()
export class LivechatPages implements RouteContribution {
  constructor(@inject(LivechatConsole) private readonly console: LivechatConsole) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/im_livechat/support/:channel_id', type: 'http', auth: 'public',
        handler: async (req: RequestContext) => {
          const id = Number(req.pathParams.channel_id);
          if (!Number.isInteger(id) || id <= 0) throw new MissingError('This live chat channel does not exist.');
          const options = await livechatOptions(req.env, id);
          return page(options.channel_name, <SupportPage options={options} />);
        },
      },
      {
        // The old operator page: its links lead to the console in the back office.
        path: '/im_livechat/operator', type: 'http', auth: 'user', groups: ['base.group_user'], refusal: CONSOLE_REFUSED,
        handler: async (req: RequestContext) => {
          if (!(await this.console.isOperator(req.env, req.user.id))) throw new AccessError(CONSOLE_REFUSED);
          req.reply.redirect(CONSOLE_URL, { keepLanguage: false });
        },
      },
    ];
  }
}
