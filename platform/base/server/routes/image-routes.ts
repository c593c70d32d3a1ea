import { injectable } from 'inversify';
import type { RouteContribution } from '@platform/http/contribution-points';
import { MissingError } from '@platform/core/errors';
import type { RequestContext, RouteDefinition } from '@platform/http/route-definition';
import { decodeImageField, ImageVariants, isImageSize, type ImageSize } from '@platform/web/image-variants';

const NO_IMAGE = 'No image here.';

/**
 * `/web/image/<model>/<id>/<field>`: an image field of a record, read with the caller's rights (model
 * access and record rules, so a visitor gets a 403 for a contact they may not see). `image_medium`
 * and `image_small` are sized variants of `image` (also reachable as `?size=`); a record without an
 * image shows the one its field's `fallback` many2one points to (a variant, its product's). Answers carry a
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
    const original = await this.stored(req, modelName, Number(rawId), field);
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

  /**
   * The field's bytes; when empty and the field names a `fallback` many2one, the same field of the
   * record it points to (read with the caller's rights too), one hop only.
   */
  private async stored(req: RequestContext, modelName: string, id: number, field: string): Promise<Buffer | null> {
    const fallback = req.env.orm.registry.get(modelName)?.field(field)?.fallback;
    const [record] = await req.env.model(modelName).read([id], fallback ? [field, fallback] : [field]);
    const own = decodeImageField(record[field]);
    if (own || !fallback) return own;
    const target = record[fallback];
    const comodel = req.env.orm.registry.get(modelName)?.field(fallback)?.comodel;
    if (!Array.isArray(target) || !comodel) return null;
    const [parent] = await req.env.model(comodel).read([Number(target[0])], [field]);
    return decodeImageField(parent?.[field]);
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
