import path from 'node:path';
import { injectable } from 'inversify';
import type { RouteContribution, RouteDefinition } from '@platform/http';
import { galleryPage } from '../../web/pages/gallery-page';
import { StaticFolder } from './static-folder';

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
  private readonly folder = new StaticFolder(path.join(__dirname, '..', '..', 'static', 'gallery'));

  routes(): RouteDefinition[] {
    return [
      {
        path: '/gallery', type: 'http', auth: 'public',
        handler: () => galleryPage({ images: [...this.folder.files.values()].map((f) => ({ src: `/website/static/gallery/${f.name}`, alt: altFromName(f.name) })) }),
      },
      {
        path: '/website/static/gallery/:file', type: 'http', auth: 'none',
        handler: (req) => this.folder.serve(req, req.pathParams.file, 'No such picture.'),
      },
    ];
  }
}
