import { inject, injectable } from 'inversify';
import { LanguageCatalog, loginUrl, type RequestContext } from '@platform/http';
import { requestDates } from '@platform/web';
import type { RecordRef, RecordWidgetContribution } from '@modules/website';
import FollowButton from '../../web/islands/follow-button';
import Comments from '../../web/islands/comments';
import { CommentService, type CommentView } from '../services/comment-service';
import { followButtonProps } from '../services/follow-state';
import { FollowService } from '../services/follow-service';
import { ThreadRegistry } from '../services/thread-registry';

/** Follow button and comment thread under the pages of records that opted in. */
@injectable()
export class ThreadWidgets implements RecordWidgetContribution {
  sequence = 20;

  constructor(
    @inject(ThreadRegistry) private readonly threads: ThreadRegistry,
    @inject(FollowService) private readonly followers: FollowService,
    @inject(CommentService) private readonly comments: CommentService,
    @inject(LanguageCatalog) private readonly languages: LanguageCatalog,
  ) {}

  async renderFor(req: RequestContext, record: RecordRef) {
    const opts = this.threads.optionsFor(req.site, record.model);
    if (!opts) return null;
    const parts = [];
    if (opts.follow) {
      parts.push(<FollowButton key="follow" {...await followButtonProps(req, this.followers, record.model, record.id)} />);
    }
    if (opts.comments) {
      const ratingEnabled = await this.threads.ratingEnabled(req.env, opts, record.id);
      parts.push(
        <Comments
          key="comments" model={record.model} id={record.id} messages={await this.labelled(req, await this.comments.list(record.model, record.id))}
          stats={await this.comments.stats(record.model, record.id)} ratingEnabled={ratingEnabled}
          canPost={!req.isPublic} partnerId={req.isPublic ? null : req.user.partnerId}
          isModerator={!req.isPublic && req.env.hasGroup(opts.moderatorGroup)}
          loginUrl={loginUrl(`${req.path}#comments`)}
        />,
      );
    }
    return <>{parts}</>;
  }

  private async labelled(req: RequestContext, messages: CommentView[]): Promise<CommentView[]> {
    const dates = await requestDates(this.languages, req);
    return messages.map((m) => ({ ...m, date_label: m.date ? dates.datetime(m.date) : '' }));
  }
}
