import { inject, injectable } from 'inversify';
import { array, number, object, string } from 'yup';
import type { RouteContribution, RouteDefinition } from '@platform/http';
import { MAIL_LIMITS, mailSettingsSchema, mailTestSchema } from '../../common/mail-settings-schema';

/**
 * Only bounds at the door, one per field of the screen's schema (no second list of fields): the values
 * themselves are checked by that schema in the service, every field's message at once (a route schema
 * stops at the first).
 */
const DOOR_MAX = 2 * MAIL_LIMITS.address;
const settingsBounds = object(Object.fromEntries(Object.keys(mailSettingsSchema.fields).map((k) => [k, string().max(DOOR_MAX)])));
const testBounds = object({ email: string().max(DOOR_MAX) });
import { checkValues } from '../services/check-values';
import { MAIL_ADMIN_GROUPS, MAIL_ADMIN_REFUSAL, requireMailAdmin } from '../services/mail-access';
import { MailLog } from '../services/mail-log';
import { MailSenders } from '../services/mail-senders';

/**
 * Mail administrators' calls from the back office: the site's mail settings (read, save, send a test
 * message), the state the banner shows, and the retry of messages that wait or failed.
 */
@injectable()
export class MailRoutes implements RouteContribution {
  constructor(
    @inject(MailSenders) private readonly senders: MailSenders,
    @inject(MailLog) private readonly log: MailLog,
  ) {}

  routes(): RouteDefinition[] {
    return [
      { path: '/mail/settings', type: 'json', auth: 'user', groups: MAIL_ADMIN_GROUPS, refusal: MAIL_ADMIN_REFUSAL, params: object({}), handler: (req) => this.senders.load(req.env, req.site.id) },
      {
        // Checked by MailSenders.save with the screen's schema, every field's message at once (a route
        // schema stops at the first, and refuses the spaces around a value the screen trims).
        path: '/mail/settings/save', type: 'json', auth: 'user', groups: MAIL_ADMIN_GROUPS, refusal: MAIL_ADMIN_REFUSAL, params: settingsBounds,
        rateLimit: { name: 'mail.settings', limit: 60, perAccount: 60, windowSeconds: 60 },
        handler: (req) => this.senders.save(req.env, req.site.id, req.params),
      },
      {
        path: '/mail/settings/test', type: 'json', auth: 'user', groups: MAIL_ADMIN_GROUPS, refusal: MAIL_ADMIN_REFUSAL, params: testBounds,
        // Each call sends a real message: enough to check a set-up, not to send mail with.
        rateLimit: { name: 'mail.test', limit: 10, perAccount: 10, windowSeconds: 600 },
        handler: async (req) => {
          requireMailAdmin(req.env);
          const { email } = await checkValues(mailTestSchema, req.params);
          return this.log.sendTest(req.env, String(email || req.user.email || '').trim().toLowerCase());
        },
      },
      { path: '/mail/status', type: 'json', auth: 'user', groups: MAIL_ADMIN_GROUPS, refusal: MAIL_ADMIN_REFUSAL, params: object({}), handler: (req) => this.log.status(req.env) },
      {
        path: '/mail/retry', type: 'json', auth: 'user', groups: MAIL_ADMIN_GROUPS, refusal: MAIL_ADMIN_REFUSAL,
        params: object({ ids: array(number().integer().positive().required()).min(1).max(100).required() }),
        rateLimit: { name: 'mail.retry', limit: 30, perAccount: 30, windowSeconds: 60 },
        handler: (req) => this.log.retry(req.env, req.params.ids as number[]),
      },
    ];
  }
}
