import { inject, injectable } from 'inversify';
import type { JobContribution, ScheduledJob } from '@platform/jobs';
import { CommentNotifier } from '../services/comment-notifier';

/** Sends comment mails a post could not send at once: retries after temporary errors, rows a stopped process left. */
@injectable()
export class NotificationJobs implements JobContribution {
  constructor(@inject(CommentNotifier) private readonly notifier: CommentNotifier) {}

  jobs(): ScheduledJob[] {
    return [{ name: 'website_mail.send_comment_mails', intervalSeconds: 30, run: async (_env, stopping) => { await this.notifier.drain(stopping); } }];
  }
}
