import type Koa from 'koa';
import type { Asset } from '@platform/web/web-assets';

/**
 * Answers a built, content-hashed file (site or back-office bundles): gzip to browsers that accept it,
 * a plain 404 for a name that is not (or no longer) built. `cacheControl` says who may keep it.
 */
export function sendAsset(ctx: Koa.Context, asset: Asset | undefined, cacheControl: string): void {
  if (!asset) {
    ctx.status = 404;
    ctx.type = 'text/plain';
    ctx.body = 'Not found';
    return;
  }
  ctx.set('Cache-Control', cacheControl);
  ctx.set('Vary', 'Accept-Encoding');
  ctx.type = asset.contentType;
  if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = asset.gzip;
  } else {
    ctx.body = asset.contents;
  }
}
