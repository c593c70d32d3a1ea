import crypto from 'node:crypto';
import { injectable } from 'inversify';
import { ValidationError } from '@platform/core/errors';
import type { Env } from '@platform/orm/environment';
import { checkRasterImage, ImageRejected, type CheckedImage, type ImageRejection } from './image-check';

/** Largest image accepted, in bytes (before and after re-encoding). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Decoding bombs (a tiny file of a huge picture) stop here: 40 megapixels. */
const MAX_PIXELS = 40_000_000;

const MESSAGES: Record<ImageRejection, string> = {
  'empty': 'The file is empty.',
  'too-heavy': 'The image is too large: at most 10 MB.',
  'svg': 'SVG images are not accepted (they can carry scripts): export the picture as PNG.',
  'not-raster': 'Only PNG, JPEG, GIF and WebP images can be uploaded.',
  'unreadable': 'The file is not a readable image.',
  'too-many-pixels': 'The image has too many pixels: at most 40 megapixels.',
  'too-wide': 'The image is too large.',
};

export interface ImageUpload {
  name: string;
  bytes: Buffer;
  resModel?: string;
  resId?: number;
  /** Readable by visitors (images of pages). */
  public: boolean;
  websiteId?: number;
}

export interface StoredAttachment {
  id: number;
  name: string;
  mimetype: string;
  fileSize: number;
}

/**
 * Stores uploaded images as `ir.attachment` records, checked and re-encoded by checkRasterImage (the
 * same check as the site's logo), and nothing is written when any check fails. The record is
 * created with the caller's rights, so only who may create attachments can upload.
 */
@injectable()
export class AttachmentStore {
  async storeImage(env: Env, upload: ImageUpload): Promise<StoredAttachment> {
    let checked: CheckedImage;
    try {
      checked = await checkRasterImage(upload.bytes, { maxBytes: MAX_IMAGE_BYTES, maxPixels: MAX_PIXELS });
    } catch (err) {
      if (err instanceof ImageRejected) throw new ValidationError(MESSAGES[err.reason]);
      throw err;
    }
    const { bytes, mimetype, format } = checked;
    const name = upload.name.trim().slice(0, 256) || `image.${format}`;
    return env.transaction(async (tx) => {
      const id = await tx.model('ir.attachment').create({
        name, public: upload.public, res_model: upload.resModel ?? false, res_id: upload.resId ?? false, website_id: upload.websiteId ?? false,
      });
      // Type, size, checksum and bytes are the store's to write: nobody may claim them through the ORM.
      await tx.sudo().model('ir.attachment').write([id], {
        mimetype, file_size: bytes.length, checksum: crypto.createHash('sha256').update(bytes).digest('hex'), datas: bytes.toString('base64'),
      });
      return { id, name, mimetype, fileSize: bytes.length };
    });
  }
}
