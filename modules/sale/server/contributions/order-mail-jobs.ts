import { inject, injectable } from 'inversify';
import type { JobContribution, ScheduledJob } from '@platform/jobs';
import { OrderMails } from '../services/order-mails';

/** Sends order mails the confirmation could not send at once: retries after temporary errors, rows a stopped process left. */
@injectable()
export class OrderMailJobs implements JobContribution {
  constructor(@inject(OrderMails) private readonly mails: OrderMails) {}

  jobs(): ScheduledJob[] {
    return [{ name: 'sale.send_order_mails', intervalSeconds: 30, run: async (_env, stopping) => { await this.mails.drain(stopping); } }];
  }
}
