import { inject, injectable } from 'inversify';
import type { JobContribution, ScheduledJob } from '@platform/jobs';
import { BusService } from '../services/bus-service';

/** Collects notifications older than the retention window (every minute, one process at a time). */
@injectable()
export class BusJobs implements JobContribution {
  constructor(@inject(BusService) private readonly bus: BusService) {}

  jobs(): ScheduledJob[] {
    return [{ name: 'bus.collect_notifications', intervalSeconds: 60, run: async () => void (await this.bus.collectGarbage()) }];
  }
}
