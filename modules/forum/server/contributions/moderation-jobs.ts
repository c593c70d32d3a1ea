import { inject, injectable } from 'inversify';
import type { JobContribution, ScheduledJob } from '@platform/jobs';
import { ModerationDigest } from '../services/moderation-digest';

/** Once a day: the moderators' digest of posts waiting for validation; every minute: digests whose sending failed for a while. */
@injectable()
export class ModerationJobs implements JobContribution {
  constructor(@inject(ModerationDigest) private readonly digest: ModerationDigest) {}

  jobs(): ScheduledJob[] {
    return [
      { name: 'forum.moderation_digest', intervalSeconds: 86_400, run: async (env, stopping) => { await this.digest.enqueue(env); await this.digest.drain(stopping); } },
      { name: 'forum.send_moderation_digests', intervalSeconds: 60, run: async (_env, stopping) => { await this.digest.drain(stopping); } },
    ];
  }
}
