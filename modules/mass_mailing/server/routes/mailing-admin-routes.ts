import { ADMIN_GROUP, EnvFactory } from '@platform/orm';
import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { number, object } from 'yup';
import type { RequestContext, RouteContribution, RouteDefinition } from '@platform/http';
import { LoggerToken } from '@platform/core';
import { SiteUrls } from '@platform/base';
import { MailingSender } from '../services/mailing-sender';
import { testMailSchema } from '../../common/mailing-schema';
import { NEWSLETTER_GROUPS, NEWSLETTER_REFUSAL, requireNewsletterUser } from '../services/newsletter-access';

const mailingId = number().integer().positive().required();

/**
 * Newsletter users' calls (the back office composer): preview, send a test, send the mailing, read its
 * counters. Mailings and their lists are created and edited with the ordinary model calls (call_kw on
 * mail.mass_mailing).
 */
@injectable()
export class MailingAdminRoutes implements RouteContribution {
  constructor(
    @inject(MailingSender) private readonly sender: MailingSender,
    @inject(EnvFactory) private readonly envs: EnvFactory,
    @inject(LoggerToken) private readonly logger: Logger,
    @inject(SiteUrls) private readonly urls: SiteUrls,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/mass_mailing/send_test', type: 'json', auth: 'user', groups: NEWSLETTER_GROUPS, refusal: NEWSLETTER_REFUSAL,
        // Each call sends a real message: enough for checking a mailing, not for sending with it.
        rateLimit: { name: 'mass_mailing.send_test', limit: 20, perAccount: 20, windowSeconds: 600 },
        params: testMailSchema.shape({ mailing_id: mailingId }),
        handler: async (req) => {
          await this.prepare(req);
          await this.sender.sendTest(req.env, req.params.mailing_id, req.params.email);
          return true;
        },
      },
      {
        path: '/mass_mailing/preview', type: 'json', auth: 'user', groups: NEWSLETTER_GROUPS, refusal: NEWSLETTER_REFUSAL,
        params: object({ mailing_id: mailingId }),
        handler: async (req) => {
          await this.prepare(req);
          return this.sender.preview(req.env, req.params.mailing_id, req.user.email || 'recipient@example.com');
        },
      },
      {
        path: '/mass_mailing/send', type: 'json', auth: 'user', groups: NEWSLETTER_GROUPS, refusal: NEWSLETTER_REFUSAL,
        params: object({ mailing_id: mailingId }),
        handler: async (req) => {
          await this.prepare(req);
          const id = req.params.mailing_id;
          await this.sender.queue(req.env, id);
          // Sent in the background, in this process at once, with an environment of its own (not the
          // request's, whose statements are cancelled when the client goes away); progress goes out on
          // the bus. The scheduled job (or another process) takes over any rows left, since every
          // recipient row is leased, never owned by a process.
          void this.sender.send(this.envs.superuser(), id).catch((err) => this.logger.error({ err, mailing: id }, 'mailing send failed'));
          return this.sender.statistics(req.env, id);
        },
      },
      {
        path: '/mass_mailing/statistics', type: 'json', auth: 'user', groups: NEWSLETTER_GROUPS, refusal: NEWSLETTER_REFUSAL,
        params: object({ mailing_id: mailingId }),
        handler: async (req) => {
          requireNewsletterUser(req.env);
          return this.sender.statistics(req.env, req.params.mailing_id);
        },
      },
    ];
  }

  /** Links in mails need an absolute URL: the first newsletter action records this site's (as the original platform does). */
  private async prepare(req: RequestContext): Promise<void> {
    requireNewsletterUser(req.env);
    // A site-wide setting taken from the address the request used: an administrator's only (a
    // newsletter user's Host header must not decide where every site's mail links point).
    if (!req.env.isSuperuser && !req.env.hasGroup(ADMIN_GROUP)) return;
    await this.urls.recordAdministratorAddress(req);
  }
}
