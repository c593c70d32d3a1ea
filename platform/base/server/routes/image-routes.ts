import { injectable } from 'inversify';
import type { RouteContribution } from '@platform/http/contribution-points';
import { MissingError } from '@platform/core/errors';
import type { RequestContext, RouteDefinition } from '@platform/http/route-definition';
import { decodeImageField, ImageVariants, isImageSize, type ImageSize } from '@platform/web/image-variants';

const NO_IMAGE = 'No image here.';

/**
 * `/web/image/<model>/<id>/<field>`: an image field of a record, read with the caller's rights (model
 * access and record rules, so a visitor gets a 403 for a contact they may not see). `image_medium`
 * and `image_small` are sized variants of `image` (also reachable as `?size=`). Answers carry a
 * hash-of-bytes ETag so browsers revalidate with a cheap 304.
 */
@injectable()
export class ImageRoutes implements RouteContribution {
  /** One cache per process, owned by the route that fills it. */
  readonly variants = new ImageVariants();

  routes(): RouteDefinition[] {
    return [{
      path: '/web/image/:model/:id/:field', methods: ['GET'], type: 'http', auth: 'public',
      handler: (req) => this.serve(req),
    }];
  }

  private async serve(req: RequestContext): Promise<void> {
    const { model: modelName, id: rawId, field: rawField } = req.pathParams;
    if (!/^[1-9]\d{0,9}$/.test(rawId)) throw new MissingError(NO_IMAGE);
    const { field, size } = this.resolveField(req, modelName, rawField);
    const [record] = await req.env.model(modelName).read([Number(rawId)], [field]);
    const original = decodeImageField(record[field]);
    if (!original) throw new MissingError(NO_IMAGE);
    const variant = await this.variants.variant(original, size);
    if (!variant) throw new MissingError(NO_IMAGE);

    const ctx = req.koa;
    // What a visitor may see may sit in shared caches; a user's images stay in their browser.
    ctx.set('Cache-Control', `${req.isPublic ? 'public' : 'private'}, max-age=300, must-revalidate`);
    ctx.set('ETag', variant.etag);
    ctx.set('Vary', 'Cookie');
    // An uploaded SVG opened directly must not run scripts on this origin.
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    ctx.status = 200; // koa compares validators only for a successful status
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.type = variant.contentType;
    ctx.body = variant.bytes;
  }

  /** Which stored field to read and at which size; anything that is not an image field is a 404. */
  private resolveField(req: RequestContext, modelName: string, name: string): { field: string; size: ImageSize } {
    const meta = req.env.orm.registry.get(modelName);
    if (!meta) throw new MissingError(NO_IMAGE);
    const query = req.params.size;
    if (query !== undefined && !isImageSize(query)) throw new MissingError(NO_IMAGE);
    const isImageField = (f: string) => ['image', 'binary'].includes(meta.field(f)?.type ?? '');
    if (isImageField(name)) return { field: name, size: (query as ImageSize | undefined) ?? (isImageSize(name) ? name : 'image') };
    // `image_small` on a model that only stores `image`: the variant of `image`.
    if (isImageSize(name) && isImageField('image')) return { field: 'image', size: name };
    throw new MissingError(NO_IMAGE);
  }
}
