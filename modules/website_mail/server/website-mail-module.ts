import { ContainerModule } from 'inversify';
import { ModelContribution, RouteContribution } from '../../../platform/kernel/contribution-points';
import { RecordWidgetContribution } from '../../website/server/record-widgets';
import { CommentRoutes } from './routes/comment-routes';
import { FollowRoutes } from './routes/follow-routes';
import { CommentService } from './services/comment-service';
import { FollowService } from './services/follow-service';
import { ThreadRegistry } from './services/thread-registry';
import { MailThreadContribution } from './thread-options';
import { ThreadWidgets } from './thread-widgets';
import { WebsiteMailModels } from './website-mail-models';
import { WebsitePageThread } from './website-page-thread';

export const websiteMailModule = new ContainerModule(({ bind }) => {
  bind(WebsiteMailModels).toSelf();
  bind(ModelContribution).toService(WebsiteMailModels);
  bind(ThreadRegistry).toSelf();
  bind(FollowService).toSelf();
  bind(CommentService).toSelf();
  bind(FollowRoutes).toSelf();
  bind(RouteContribution).toService(FollowRoutes);
  bind(CommentRoutes).toSelf();
  bind(RouteContribution).toService(CommentRoutes);
  bind(WebsitePageThread).toSelf();
  bind(MailThreadContribution).toService(WebsitePageThread);
  bind(ThreadWidgets).toSelf();
  bind(RecordWidgetContribution).toService(ThreadWidgets);
});
