import type { RequestContext } from '@platform/http';
import type { FollowButtonProps } from '../../web/islands/follow-button';
import { SESSION_EMAIL, SESSION_FOLLOWED, type FollowService } from './follow-service';

/**
 * What the follow button of a record shows to this caller: a user follows as their partner (one
 * query, none when the caller read it already: `isFollower`, see FollowService.followerRow); a visitor
 * sees the follows made from their own browser session (no query).
 */
export async function followButtonProps(req: RequestContext, followers: FollowService, model: string, id: number, isFollower?: boolean): Promise<FollowButtonProps> {
  if (req.isPublic) {
    const followed = req.session.get<string[]>(SESSION_FOLLOWED) ?? [];
    return { model, id, isFollower: followed.includes(`${model}:${id}`), isUser: false, email: req.session.get<string>(SESSION_EMAIL) ?? '' };
  }
  return { model, id, isFollower: isFollower ?? await followers.isFollower(model, id, req.user.partnerId), isUser: true, email: req.user.email ?? '' };
}
