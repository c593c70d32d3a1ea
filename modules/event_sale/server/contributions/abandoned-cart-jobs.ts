import { inject, injectable } from 'inversify';
import type { JobContribution, ScheduledJob } from '@platform/jobs';
import { AbandonedCarts } from '../services/abandoned-carts';

/** Gives back the seats of carts left alone (see AbandonedCarts). */
@injectable()
export class AbandonedCartJobs implements JobContribution {
  constructor(@inject(AbandonedCarts) private readonly carts: AbandonedCarts) {}

  jobs(): ScheduledJob[] {
    return [{ name: 'event_sale.release_abandoned_carts', intervalSeconds: 600, run: async (env) => { await this.carts.release(env); } }];
  }
}
