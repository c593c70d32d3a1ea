import { ContainerModule } from 'inversify';
import { bindContribution, bindContributionProvider } from '@platform/core/contribution';
import { ModelContribution } from '@platform/orm/model-contribution';
import { RouteContribution } from '@platform/http/contribution-points';
import { JobContribution } from '@platform/jobs/job-contribution';
import { RecordWidgetContribution } from '@modules/website';
import { CommentRoutes } from './routes/comment-routes';
import { FollowRoutes } from './routes/follow-routes';
import { CommentNotifier } from './services/comment-notifier';
import { CommentService } from './services/comment-service';
import { FollowTokens } from './services/follow-tokens';
import { NotificationJobs } from './notification-jobs';
import { UnfollowRoutes } from './routes/unfollow-routes';
import { FollowService } from './services/follow-service';
import { ThreadRegistry } from './services/thread-registry';
import { MailThreadContribution } from './thread-options';
import { ThreadWidgets } from './thread-widgets';
import { WebsiteMailModels } from './website-mail-models';
import { WebsitePageThread } from './website-page-thread';

export const websiteMailModule = new ContainerModule(({ bind }) => {
  bindContribution(bind, ModelContribution, WebsiteMailModels);
  bind(ThreadRegistry).toSelf();
  bind(FollowService).toSelf();
  bind(CommentService).toSelf();
  bind(FollowTokens).toSelf();
  // One per process: it holds the queue's lease owner and runs one sending pass at a time.
  bind(CommentNotifier).toSelf();
  bindContribution(bind, JobContribution, NotificationJobs);
  bindContribution(bind, RouteContribution, UnfollowRoutes);
  bindContribution(bind, RouteContribution, FollowRoutes);
  bindContribution(bind, RouteContribution, CommentRoutes);
  bindContributionProvider(bind, MailThreadContribution);
  bindContribution(bind, MailThreadContribution, WebsitePageThread);
  bindContribution(bind, RecordWidgetContribution, ThreadWidgets);
});
