import { injectable } from 'inversify';
import { number, object, string } from 'yup';
import { AccessError, type Domain } from '@platform/core';
import { route, type RouteContribution, type RouteDefinition } from '@platform/http';

import { PUBLISHER_GROUP } from './publish-routes';

const MEDIA_REFUSAL = 'Only website publishers can use the media library.';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const MEDIA_PAGE_SIZE = 24;

export interface MediaItem { id: number; name: string; src: string; thumb: string; width?: number }

/**
 * The site's media library: the images uploaded on this site (ir.attachment, read with the
 * publisher's rights), newest first, searched by name, a page at a time. Uploading is the editor's
 * image upload route (checked from the bytes and re-encoded by the attachment store).
 */
@injectable()
export class MediaRoutes implements RouteContribution {
  routes(): RouteDefinition[] {
    return [
      route({
        path: '/website/media/list', type: 'json', auth: 'user', groups: [PUBLISHER_GROUP], refusal: MEDIA_REFUSAL,
        params: object({ search: string().max(100), offset: number().integer().min(0).max(100_000) }),
        handler: async (req) => {
          if (!req.env.hasGroup(PUBLISHER_GROUP)) throw new AccessError(MEDIA_REFUSAL);
          const search = (req.params.search ?? '').trim();
          const offset = req.params.offset ?? 0;
          const domain: Domain = [['website_id', '=', req.site.id], ['mimetype', 'in', IMAGE_TYPES]];
          if (search) domain.push(['name', 'ilike', search]);
          const attachments = req.env.model('ir.attachment');
          const [rows, total] = await Promise.all([
            attachments.search_read(domain, ['name'], { order: 'id desc', limit: MEDIA_PAGE_SIZE, offset }),
            attachments.search_count(domain),
          ]);
          const items: MediaItem[] = rows.map((r) => ({
            id: Number(r.id), name: String(r.name),
            src: `/web/image/ir.attachment/${r.id}/datas`, thumb: `/web/image/ir.attachment/${r.id}/datas?size=image_medium`,
          }));
          return { items, total, pageSize: MEDIA_PAGE_SIZE };
        },
      }),
    ];
  }
}
