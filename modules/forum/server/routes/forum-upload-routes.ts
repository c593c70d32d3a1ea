import { inject, injectable } from 'inversify';
import { object, string } from 'yup';
import { AttachmentStore } from '@platform/base';
import { ValidationError } from '@platform/core';
import { route, type RouteContribution, type RouteDefinition } from '@platform/http';
import { FORUM_MODEL } from '../models/forum-forum';
import { ForumKarma } from '../services/forum-karma';
import { slugId } from './slug';

/** Base64 of 11 MB: a file a little over the 10 MB limit still gets the store's clear "too large". */
const MAX_BASE64 = Math.ceil((11 * 1024 * 1024) / 3) * 4 + 4;

/**
 * Pictures of forum posts: `/website/image/upload` is for website publishers only, and forum users
 * are mostly portal users, so the forum has its own upload, for users with the forum's editor karma
 * (the same threshold as the image tool). The bytes go through the platform's image check (PNG, JPEG,
 * GIF, WebP, 10 MB, 40 megapixels, re-encoded) and are stored as a public attachment of the forum.
 */
@injectable()
export class ForumUploadRoutes implements RouteContribution {
  constructor(@inject(ForumKarma) private readonly karma: ForumKarma, @inject(AttachmentStore) private readonly attachments: AttachmentStore) {}

  routes(): RouteDefinition[] {
    return [
      route({
        path: '/forum/:forum/image/upload', type: 'json', auth: 'user', maxUserBodyBytes: MAX_BASE64 + 64 * 1024,
        rateLimit: { name: 'forum.image_upload', limit: 30, perAccount: 20, windowSeconds: 600 },
        params: object({ name: string().required().max(256), data: string().required().max(MAX_BASE64) }),
        handler: async (req) => {
          const { name, data } = req.params;
          const forumId = slugId(req.pathParams.forum);
          const rules = await this.karma.rules(req.env, forumId);
          this.karma.require(await this.karma.of(req.env, req.env.uid), rules, 'karma_editor');
          if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data)) throw new ValidationError('The image must be sent as base64.');
          // Forum users may not create attachments through the ORM: the store writes once the karma is checked.
          const stored = await this.attachments.storeImage(req.env.sudo(), {
            name, bytes: Buffer.from(data, 'base64'), resModel: FORUM_MODEL, resId: forumId, public: true, websiteId: req.site.id,
          });
          return { id: stored.id, src: `/web/image/ir.attachment/${stored.id}/datas` };
        },
      }),
    ];
  }
}
