import { inject, injectable } from 'inversify';
import { array, number, object, string } from 'yup';
import type { RouteContribution, RouteDefinition } from '@platform/http';
import { MAIL_LIMITS, mailTestSchema } from '../../common/mail-settings-schema';

/**
 * Only bounds at the door: the values themselves are checked by the screen's schema in the service, every
 * field's message at once (a route schema stops at the first).
 */
const bounded = (max: number) => string().max(max * 2);
const settingsBounds = object({
  newsletter_from_name: bounded(MAIL_LIMITS.name), newsletter_from_email: bounded(MAIL_LIMITS.email),
  system_from_name: bounded(MAIL_LIMITS.name), system_from_email: bounded(MAIL_LIMITS.email),
  postal_address: bounded(MAIL_LIMITS.address), brand_color: bounded(16),
});
const testBounds = object({ email: bounded(MAIL_LIMITS.email) });
import { checkValues } from '../services/check-values';
import { requireMailAdmin } from '../services/mail-access';
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
      { path: '/mail/settings', type: 'json', auth: 'user', params: object({}), handler: (req) => this.senders.load(req.env, req.site.id) },
      {
        // Checked by MailSenders.save with the screen's schema, every field's message at once (a route
        // schema stops at the first, and refuses the spaces around a value the screen trims).
        path: '/mail/settings/save', type: 'json', auth: 'user', params: settingsBounds,
        rateLimit: { name: 'mail.settings', limit: 60, perAccount: 60, windowSeconds: 60 },
        handler: (req) => this.senders.save(req.env, req.site.id, req.params),
      },
      {
        path: '/mail/settings/test', type: 'json', auth: 'user', params: testBounds,
        // Each call sends a real message: enough to check a set-up, not to send mail with.
        rateLimit: { name: 'mail.test', limit: 10, perAccount: 10, windowSeconds: 600 },
        handler: async (req) => {
          requireMailAdmin(req.env);
          const { email } = await checkValues(mailTestSchema, req.params);
          return this.log.sendTest(req.env, String(email || req.user.email || '').trim().toLowerCase());
        },
      },
      { path: '/mail/status', type: 'json', auth: 'user', params: object({}), handler: (req) => this.log.status(req.env) },
      {
        path: '/mail/retry', type: 'json', auth: 'user',
        params: object({ ids: array(number().integer().positive().required()).min(1).max(100).required() }),
        rateLimit: { name: 'mail.retry', limit: 30, perAccount: 30, windowSeconds: 60 },
        handler: (req) => this.log.retry(req.env, req.params.ids as number[]),
      },
    ];
  }
}
