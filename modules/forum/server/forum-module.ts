import { ContainerModule } from 'inversify';
import { bindContribution, LifecycleContribution } from '@platform/core';
import { HotPathContribution, RouteContribution } from '@platform/http';
import { ModelContribution } from '@platform/orm';
import { BackofficeMenuContribution, BackofficeViewContribution, MenuContribution } from '@platform/web';
import { JobContribution } from '@platform/jobs';
import { ModerationJobs } from './contributions/moderation-jobs';
import { ForumModerators } from './services/forum-moderators';
import { ModerationDigest } from './services/moderation-digest';
import { BackofficeModerationRoutes } from './routes/backoffice-moderation-routes';
import { ForumBackofficeMenu } from './contributions/forum-backoffice-menu';
import { MailThreadContribution } from '@modules/website_mail';
import { ForumThreads } from './contributions/forum-threads';
import { NotificationRoutes } from './routes/notification-routes';
import { QuestionViewHotPath } from './routes/question-view-hot-path';
import { ViewCounter } from './services/view-counter';
import { ForumNotifications } from './services/forum-notifications';
import { ForumModels } from './forum-models';
import { EmailValidationRoutes } from './routes/email-validation-routes';
import { ForumCallRoutes } from './routes/forum-call-routes';
import { ForumPageRoutes } from './routes/forum-page-routes';
import { ForumUploadRoutes } from './routes/forum-upload-routes';
import { ModerationRoutes } from './routes/moderation-routes';
import { PostActionFormRoutes } from './routes/post-action-form-routes';
import { PostActionRoutes } from './routes/post-action-routes';
import { PostEditRoutes } from './routes/post-edit-routes';
import { ForumPagesData } from './services/forum-pages-data';
import { ForumSummaries } from './services/forum-summaries';
import { QuestionThreads } from './services/question-threads';
import { EmailValidation } from './services/email-validation';
import { ForumComments } from './services/forum-comments';
import { ForumKarma } from './services/forum-karma';
import { ForumModeration } from './services/forum-moderation';
import { ForumPostEditing } from './services/forum-post-editing';
import { ForumPostService } from './services/forum-post-service';
import { PostOfForum } from './services/post-of-forum';
import { ForumVotes } from './services/forum-votes';
import { ForumPostTags } from './services/forum-post-tags';
import { PostCounts } from './services/post-counts';
import { ForumSiteMenu } from './contributions/forum-site-menu';

export const forumModule = new ContainerModule(({ bind }) => {
  bindContribution(bind, ModelContribution, ForumModels);
  bind(ForumKarma).toSelf();
  bind(ForumPostService).toSelf();
  bind(PostOfForum).toSelf();
  bind(ForumVotes).toSelf();
  bind(ForumPostTags).toSelf();
  bind(PostCounts).toSelf();
  bind(ForumPagesData).toSelf();
  // One each per process: they keep what they read until a write to its tables.
  bind(ForumSummaries).toSelf().inSingletonScope();
  bind(QuestionThreads).toSelf().inSingletonScope();
  bind(ForumComments).toSelf();
  bind(EmailValidation).toSelf();
  bind(ForumNotifications).toSelf();
  bindContribution(bind, MailThreadContribution, ForumThreads);
  bindContribution(bind, RouteContribution, NotificationRoutes);
  // One per process: it buffers the question views the hot path counts.
  bindContribution(bind, LifecycleContribution, ViewCounter);
  bindContribution(bind, HotPathContribution, QuestionViewHotPath);
  bindContribution(bind, RouteContribution, EmailValidationRoutes);
  bindContribution(bind, RouteContribution, PostActionRoutes);
  bindContribution(bind, RouteContribution, PostActionFormRoutes);
  // The calls first: `/forum/get_tags` must not be taken for a forum's page.
  bindContribution(bind, RouteContribution, ForumCallRoutes);
  bindContribution(bind, RouteContribution, ForumPageRoutes);
  // Editing, moderation queues, picture upload and the back office (issue 15, second slice).
  bind(ForumPostEditing).toSelf();
  bind(ForumModeration).toSelf();
  bindContribution(bind, RouteContribution, PostEditRoutes);
  bindContribution(bind, RouteContribution, ModerationRoutes);
  bindContribution(bind, RouteContribution, ForumUploadRoutes);
  // Moderation where moderators work (issue 27): the back office's queues with their decisions, the
  // moderators told of each post waiting for them (bus) and once a day by mail (a scheduled job).
  bind(ForumModerators).toSelf();
  bind(ModerationDigest).toSelf().inSingletonScope();
  bindContribution(bind, [BackofficeMenuContribution, BackofficeViewContribution], ForumBackofficeMenu);
  bindContribution(bind, RouteContribution, BackofficeModerationRoutes);
  bindContribution(bind, JobContribution, ModerationJobs);
  bindContribution(bind, MenuContribution, ForumSiteMenu);
});
