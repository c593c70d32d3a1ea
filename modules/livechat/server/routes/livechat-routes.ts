import { inject, injectable } from 'inversify';
import * as yup from 'yup';
import { type RequestContext, type RouteContribution, type RouteDefinition, VisitorCountry } from '@platform/http';
import { LivechatSessions, HISTORY_LIMIT, MAX_MESSAGE_LENGTH, MAX_PAGE_LENGTH, type ChatCaller } from '../services/livechat-sessions';
import { RuleMatcher } from '../services/rule-matcher';

const uuidParam = yup.string().required().max(64);
const channelIdParam = yup.number().integer().min(1).required();

function caller(req: RequestContext): ChatCaller {
  return { env: req.env, session: req.session, user: req.user, isPublic: req.isPublic };
}

/**
 * The live chat calls: availability and rule of a page, opening a session, posting, history, rating,
 * leaving, and the operator's list of conversations. None of them trusts a uuid on its own.
 */
@injectable()
export class LivechatRoutes implements RouteContribution {
  constructor(
    @inject(LivechatSessions) private readonly sessions: LivechatSessions,
    @inject(RuleMatcher) private readonly rules: RuleMatcher,
    @inject(VisitorCountry) private readonly countries: VisitorCountry,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/im_livechat/init', type: 'json', auth: 'public',
        params: yup.object({ channel_id: channelIdParam }),
        handler: async (req: RequestContext<{ channel_id: number }>) => {
          await this.sessions.assertChannel(req.env, req.params.channel_id);
          const available = (await this.sessions.availableOperators(req.params.channel_id)).length;
          if (!available) return { available_for_me: false, rule: {} };
          const url = req.http.header('referer') || req.http.href;
          const rule = await this.rules.match(req.env, req.params.channel_id, url, await this.countries.countryId(req.ip));
          return { available_for_me: !rule || rule.action !== 'hide_button', rule: rule ?? {} };
        },
      },
      {
        path: '/im_livechat/get_session', type: 'json', auth: 'public',
        params: yup.object({
          channel_id: channelIdParam,
          anonymous_name: yup.string().max(64, 'The name is too long'),
          embedded: yup.boolean(),
          page: yup.string().max(MAX_PAGE_LENGTH),
        }),
        rateLimit: { name: 'livechat.get_session', limit: 30, perAccount: 30, windowSeconds: 600 },
        handler: async (req: RequestContext<{ channel_id: number; anonymous_name?: string; embedded?: boolean; page?: string }>) => {
          const info = await this.sessions.open(caller(req), req.params.channel_id, req.params.anonymous_name ?? 'Visitor', await this.countries.countryId(req.ip), req.params.page);
          // The chat embedded on another site runs where this site's cookie is not sent: a visitor that came
          // without any session gets the id of the one just made for it, to send back in a header. Never for a
          // logged-in user, never for a session that existed before this call.
          if (info && req.params.embedded && req.isPublic && req.session.isNew) return { ...info, session_id: req.session.sid };
          return info;
        },
      },
      {
        path: '/mail/chat_post', type: 'json', auth: 'public',
        // The service trims, then allows MAX_MESSAGE_LENGTH: the cap here only stops huge bodies early.
        params: yup.object({ uuid: uuidParam, message_content: yup.string().required('The message is empty.').max(2 * MAX_MESSAGE_LENGTH, `The message is too long (at most ${MAX_MESSAGE_LENGTH} characters).`) }),
        rateLimit: { name: 'livechat.post', limit: 120, perAccount: 120, windowSeconds: 60 },
        handler: (req: RequestContext<{ uuid: string; message_content: string }>) => this.sessions.post(caller(req), req.params.uuid, req.params.message_content),
      },
      {
        path: '/mail/chat_history', type: 'json', auth: 'public',
        params: yup.object({
          uuid: uuidParam,
          last_id: yup.mixed<number | false>().test('id-or-false', 'last_id must be a message id or false', (v) => v === undefined || v === false || v === null || (Number.isInteger(v) && (v as number) > 0))
            .meta({ bounded: 'its test: a message id or false' }),
          limit: yup.number().integer().min(1).max(HISTORY_LIMIT),
        }),
        handler: (req: RequestContext<{ uuid: string; last_id?: number | false | null; limit?: number }>) =>
          this.sessions.history(caller(req), req.params.uuid, req.params.last_id || null, req.params.limit ?? HISTORY_LIMIT),
      },
      {
        path: '/im_livechat/feedback', type: 'json', auth: 'public',
        params: yup.object({
          uuid: uuidParam,
          rate: yup.number().required().oneOf([1, 5, 10], 'The rating must be 1, 5 or 10'),
          reason: yup.string().max(2000, 'The reason is too long'),
        }),
        handler: (req: RequestContext<{ uuid: string; rate: number; reason?: string }>) => this.sessions.feedback(caller(req), req.params.uuid, req.params.rate, req.params.reason),
      },
      {
        path: '/im_livechat/session_status', type: 'json', auth: 'public',
        params: yup.object({ uuid: uuidParam }),
        handler: (req: RequestContext<{ uuid: string }>) => this.sessions.status(caller(req), req.params.uuid),
      },
      {
        path: '/im_livechat/visitor_leave_session', type: 'json', auth: 'public',
        params: yup.object({ uuid: uuidParam }),
        handler: (req: RequestContext<{ uuid: string }>) => this.sessions.leave(caller(req), req.params.uuid),
      },
      {
        // The visitor's window tells on which page it is, for the operator's console.
        path: '/im_livechat/visitor_page', type: 'json', auth: 'public',
        params: yup.object({ uuid: uuidParam, page: yup.string().required().max(MAX_PAGE_LENGTH, 'The page address is too long.') }),
        rateLimit: { name: 'livechat.visitor_page', limit: 120, perAccount: 120, windowSeconds: 600 },
        handler: (req: RequestContext<{ uuid: string; page: string }>) => this.sessions.visitorPage(caller(req), req.params.uuid, req.params.page),
      },
      {
        path: '/im_livechat/operator/sessions', type: 'json', auth: 'user', params: yup.object({}),
        handler: (req: RequestContext) => this.sessions.operatorSessions(req.env, req.user.partnerId),
      },
    ];
  }
}
