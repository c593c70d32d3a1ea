import { inject, injectable } from 'inversify';
import type { RouteContribution } from '@platform/http/contribution-points';
import type { RouteDefinition } from '@platform/http/route-definition';
import { WebAssets } from '@platform/web/web-assets';

/**
 * Built browser files (`/web/assets/<name>-<hash>.js|css`). Names carry a content hash, so they are
 * cached for a year and never revalidated; gzip is served to browsers that accept it.
 */
@injectable()
export class AssetRoutes implements RouteContribution {
  constructor(@inject(WebAssets) private readonly assets: WebAssets) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/web/assets/:file', type: 'http', auth: 'none',
        handler: async (req) => {
          const ctx = req.koa;
          // The files of a site are built when one of its pages is first rendered.
          await this.assets.bundleFor(req.site.modules);
          const asset = this.assets.file(req.pathParams.file);
          if (!asset) {
            ctx.status = 404;
            ctx.type = 'text/plain';
            ctx.body = 'Not found';
            return;
          }
          ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
          ctx.set('Vary', 'Accept-Encoding');
          ctx.type = asset.contentType;
          if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
            ctx.set('Content-Encoding', 'gzip');
            ctx.body = asset.gzip;
          } else {
            ctx.body = asset.contents;
          }
        },
      },
    ];
  }
}
