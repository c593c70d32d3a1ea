import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { number, object, string } from 'yup';
import type { RouteContribution } from '@platform/http/contribution-points';
import { AccessError } from '@platform/core/errors';
import { LoggerToken } from '@platform/core/tokens';
import type { RequestContext, RouteDefinition } from '@platform/http/route-definition';
import { MailingSender } from '../services/mailing-sender';

const mailingId = number().integer().positive().required();

/**
 * Administrators' calls: send a test, send the mailing, read its counters. Mailings and their lists are
 * created and edited with the ordinary model calls (call_kw on mail.mass_mailing).
 */
@injectable()
export class MailingAdminRoutes implements RouteContribution {
  constructor(
    @inject(MailingSender) private readonly sender: MailingSender,
    @inject(LoggerToken) private readonly logger: Logger,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/mass_mailing/send_test', type: 'json', auth: 'user',
        params: object({ mailing_id: mailingId, email: string().required().max(254) }),
        handler: async (req) => {
          await this.prepare(req);
          await this.sender.sendTest(req.env, req.params.mailing_id, req.params.email);
          return true;
        },
      },
      {
        path: '/mass_mailing/send', type: 'json', auth: 'user',
        params: object({ mailing_id: mailingId }),
        handler: async (req) => {
          await this.prepare(req);
          const id = req.params.mailing_id;
          await this.sender.queue(req.env, id);
          // Start at once in this process; the scheduled job (or another process) takes over any rows
          // left, since every recipient row is leased, never owned by a process.
          void this.sender.send(req.env, id).catch((err) => this.logger.error({ err, mailing: id }, 'mailing send failed'));
          return this.sender.statistics(req.env, id);
        },
      },
      {
        path: '/mass_mailing/statistics', type: 'json', auth: 'user',
        params: object({ mailing_id: mailingId }),
        handler: async (req) => {
          this.requireAdmin(req);
          return this.sender.statistics(req.env, req.params.mailing_id);
        },
      },
    ];
  }

  private requireAdmin(req: RequestContext): void {
    if (!req.env.hasGroup('base.group_system')) throw new AccessError('Only administrators can send mailings.');
  }

  /** Links in mails need an absolute URL: the first administrator action records this site's (as the original platform does). */
  private async prepare(req: RequestContext): Promise<void> {
    this.requireAdmin(req);
    await req.env.db('ir_config_parameter').insert({ key: 'web.base.url', value: req.koa.origin }).onConflict('key').ignore();
  }
}
