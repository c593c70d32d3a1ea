import { inject, injectable } from 'inversify';
import type { RouteContribution } from '@platform/http/contribution-points';
import type { RouteDefinition } from '@platform/http/route-definition';
import { WebAssets } from '@platform/web/web-assets';
import { sendAsset } from './send-asset';

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
          // The files of a site are built when one of its pages is first rendered.
          await this.assets.bundleFor(req.site.modules);
          // The files of a site are public (they are the same for every visitor): shared caches may keep them.
          sendAsset(req.koa, this.assets.file(req.pathParams.file), 'public, max-age=31536000, immutable');
        },
      },
    ];
  }
}
