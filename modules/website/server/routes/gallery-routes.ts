import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { injectable } from 'inversify';
import type { RouteContribution } from '@platform/http/contribution-points';
import { MissingError } from '@platform/core/errors';
import type { RouteDefinition } from '@platform/http/route-definition';
import { galleryPage } from '../../web/pages/gallery-page';

const GALLERY_DIR = path.join(__dirname, '..', '..', 'static', 'gallery');
const FILE = /^[a-z0-9][a-z0-9-]{0,80}\.(jpg|png)$/;
const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png' };

interface GalleryFile { name: string; bytes: Buffer; etag: string; contentType: string; alt: string }

/** `mountain-lake.jpg` -> `Mountain lake`. */
function altFromName(name: string): string {
  const words = name.replace(/\.[a-z]+$/, '').split('-').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The demo gallery: `/gallery` shows the pictures of `static/gallery` with the lightbox and the image
 * zoom, and `/website/static/gallery/<file>` serves them. The folder is read once at boot, so only
 * files that were there are served (a name is never joined to a path from the request).
 */
@injectable()
export class GalleryRoutes implements RouteContribution {
  private readonly files = new Map<string, GalleryFile>(
    (fs.existsSync(GALLERY_DIR) ? fs.readdirSync(GALLERY_DIR) : []).filter((n) => FILE.test(n)).sort().map((name) => {
      const bytes = fs.readFileSync(path.join(GALLERY_DIR, name));
      const etag = `"${crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
      return [name, { name, bytes, etag, contentType: TYPES[name.split('.').pop()!], alt: altFromName(name) }];
    }),
  );

  routes(): RouteDefinition[] {
    return [
      {
        path: '/gallery', type: 'http', auth: 'public',
        handler: () => galleryPage({ images: [...this.files.values()].map((f) => ({ src: `/website/static/gallery/${f.name}`, alt: f.alt })) }),
      },
      {
        path: '/website/static/gallery/:file', type: 'http', auth: 'none',
        handler: (req) => {
          const file = this.files.get(req.pathParams.file);
          if (!file) throw new MissingError('No such picture.');
          const ctx = req.koa;
          ctx.status = 200;
          ctx.set('Cache-Control', 'public, max-age=86400');
          ctx.set('ETag', file.etag);
          if (ctx.fresh) {
            ctx.status = 304;
            return;
          }
          ctx.type = file.contentType;
          ctx.body = file.bytes;
        },
      },
    ];
  }
}
