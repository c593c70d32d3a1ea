import { inject, injectable } from 'inversify';
import { SiteUrls } from '@platform/base';
import { AccessError, UserError } from '@platform/core';
import { route, type RouteContribution, type RouteDefinition } from '@platform/http';
import { MAX_FILE_BASE64, MAX_IMAGE_BASE64 } from '../../common/slide-constants';
import { addSlideSchema, dialogPreviewSchema, shareEmailSchema, titleCheckSchema, voteSchema } from '../../common/slide-schemas';
import { SlideAccess } from '../services/slide-access';
import { ShareMails } from '../services/share-mails';
import { SlideUploads } from '../services/slide-uploads';
import { SlideVotes } from '../services/slide-votes';
import { UrlPreviews } from '../services/url-preview';

/** The largest add_slide body: the file and the preview in base64, plus the other fields. */
const ADD_SLIDE_BODY = MAX_FILE_BASE64 + MAX_IMAGE_BASE64 + 512 * 1024;

/** The slides' JSON calls (SPEC 7): votes, share by e-mail, the upload dialog's preview, check and save. */
@injectable()
export class SlideCallRoutes implements RouteContribution {
  constructor(
    @inject(SlideVotes) private readonly votes: SlideVotes,
    @inject(ShareMails) private readonly mails: ShareMails,
    @inject(SlideUploads) private readonly uploads: SlideUploads,
    @inject(UrlPreviews) private readonly previews: UrlPreviews,
    @inject(SlideAccess) private readonly access: SlideAccess,
    @inject(SiteUrls) private readonly urls: SiteUrls,
  ) {}

  routes(): RouteDefinition[] {
    const voteRoute = (path: string, value: 1 | -1) => route({
      path, type: 'json', auth: 'public', params: voteSchema,
      rateLimit: { name: 'slides.vote', limit: 60, perAccount: 60, windowSeconds: 60 },
      handler: (req) => this.votes.vote(req.env, req.params.slide_id, value),
    });
    return [
      voteRoute('/slides/slide/like', 1),
      voteRoute('/slides/slide/dislike', -1),
      route({
        path: '/slides/slide/send_share_email', type: 'json', auth: 'public', params: shareEmailSchema,
        rateLimit: { name: 'slides.share_email', limit: 10, perAccount: 10, windowSeconds: 600 },
        handler: async (req) => {
          if (!this.access.signedIn(req.env)) throw new AccessError('Please sign in to share this slide by e-mail.');
          await this.mails.share(req.env, req.params.slide_id, req.params.email, await this.urls.forRequest(req) || req.http.origin);
          return true;
        },
      }),
      route({
        path: '/slides/dialog_preview/', type: 'json', auth: 'user', params: dialogPreviewSchema,
        rateLimit: { name: 'slides.dialog_preview', limit: 30, perAccount: 30, windowSeconds: 60 },
        handler: async (req) => {
          const channel = await this.access.channel(req.env, req.params.channel_id);
          if (!(await this.access.canUpload(req.env, channel))) throw new AccessError('You cannot upload slides to this channel.');
          return this.previews.preview(req.env, req.params.url, channel.id);
        },
      }),
      route({
        path: '/slides/title_check', type: 'json', auth: 'user', params: titleCheckSchema,
        rateLimit: { name: 'slides.title_check', limit: 120, perAccount: 120, windowSeconds: 60 },
        handler: (req) => this.uploads.titleTaken(req.env, req.params.channel_id, req.params.name),
      }),
      route({
        // `{url}` of the new slide, or `{error}`: a rule it breaks (the file, the title, the rights).
        path: '/slides/add_slide', type: 'json', auth: 'user', params: addSlideSchema, maxUserBodyBytes: ADD_SLIDE_BODY,
        rateLimit: { name: 'slides.add_slide', limit: 30, perAccount: 30, windowSeconds: 600 },
        handler: async (req) => {
          try {
            return { url: (await this.uploads.add(req.env, req.params)).url };
          } catch (err) {
            if (err instanceof UserError) return { error: err.message };
            throw err;
          }
        },
      }),
    ];
  }
}
