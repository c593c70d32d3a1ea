import { inject, injectable } from 'inversify';
import type { JobContribution, ScheduledJob } from '@platform/jobs';
import { LivechatSessions } from '../services/livechat-sessions';

/** Removes conversations nobody wrote in, an hour after they were opened (the original's cron). */
@injectable()
export class LivechatJobs implements JobContribution {
  constructor(@inject(LivechatSessions) private readonly sessions: LivechatSessions) {}

  jobs(): ScheduledJob[] {
    return [{ name: 'livechat.remove_empty_sessions', intervalSeconds: 3600, run: async () => void (await this.sessions.collectEmpty()) }];
  }
}
