import { inject, injectable } from 'inversify';
import type { JobContribution, ScheduledJob } from '@platform/jobs/job-contribution';
import { RateLimiter } from '@platform/http/rate-limiter';
import { SessionStore } from '@platform/http/session-store';

/** Garbage collection of expired sessions and rate-limit windows. */
@injectable()
export class MaintenanceJobs implements JobContribution {
  constructor(@inject(SessionStore) private readonly sessions: SessionStore, @inject(RateLimiter) private readonly limiter: RateLimiter) {}

  jobs(): ScheduledJob[] {
    return [
      { name: 'base.collect_sessions', intervalSeconds: 3600, run: async () => void (await this.sessions.collectExpired()) },
      { name: 'base.collect_rate_limits', intervalSeconds: 600, run: async () => void (await this.limiter.collectExpired()) },
    ];
  }
}
