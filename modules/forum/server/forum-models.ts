import { injectable } from 'inversify';
import type { ModelContribution, ModelDefinition } from '@platform/orm';
import { ForumForum } from './models/forum-forum';
import { ForumKarmaTracking } from './models/forum-karma-tracking';
import { ForumNotification } from './models/forum-notification';
import { ForumPost } from './models/forum-post';
import { ForumPostReason } from './models/forum-post-reason';
import { ForumPostVote } from './models/forum-post-vote';
import { ForumTag } from './models/forum-tag';
import { ResUsersKarma } from './models/res-users-karma';

@injectable()
export class ForumModels implements ModelContribution {
  models(): ModelDefinition[] {
    return [ForumForum, ForumPostReason, ForumTag, ForumPost, ForumPostVote, ResUsersKarma, ForumNotification, ForumKarmaTracking];
  }
}
