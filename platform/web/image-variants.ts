import crypto from 'node:crypto';
import sharp from 'sharp';

/** Sized variants of an image field, by name (Odoo's `image`, `image_medium`, `image_small`). */
export const IMAGE_SIZES = { image: null, image_medium: 256, image_small: 64 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

export function isImageSize(v: unknown): v is ImageSize {
  return typeof v === 'string' && Object.hasOwn(IMAGE_SIZES, v);
}

export interface ImageVariant {
  bytes: Buffer;
  contentType: string;
  /** Strong validator: a hash of the bytes served. */
  etag: string;
}

/** Formats recognised from their first bytes; anything else is not served as an image. */
const SIGNATURES: Array<[string, (b: Buffer) => boolean]> = [
  ['image/png', (b) => b.length > 8 && b.readUInt32BE(0) === 0x89504e47],
  ['image/jpeg', (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/gif', (b) => b.subarray(0, 4).toString('latin1') === 'GIF8'],
  ['image/webp', (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP'],
  ['image/svg+xml', (b) => /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(b.subarray(0, 512).toString('utf8'))],
];

export function sniffImageType(bytes: Buffer): string | null {
  return SIGNATURES.find(([, test]) => test(bytes))?.[0] ?? null;
}

/** Image fields hold base64 text (optionally a `data:` URL); returns the decoded bytes. */
export function decodeImageField(value: unknown): Buffer | null {
  if (typeof value !== 'string' || value.length === 0) return null;
  const b64 = value.startsWith('data:') ? value.slice(value.indexOf(',') + 1) : value;
  const bytes = Buffer.from(b64, 'base64');
  return bytes.length ? bytes : null;
}

function etagOf(bytes: Buffer): string {
  return `"${crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

/**
 * Makes the sized variants with sharp and keeps the most recently used ones in memory, keyed by the
 * hash of the original and the size, so a changed image never serves a stale variant. The cache is
 * capped in bytes; the least recently used entries go first (a Map keeps insertion order).
 */
export class ImageVariants {
  private readonly cache = new Map<string, ImageVariant>();
  private cachedBytes = 0;

  constructor(readonly maxCacheBytes = 32 * 1024 * 1024) {}

  get cacheSize(): { entries: number; bytes: number } {
    return { entries: this.cache.size, bytes: this.cachedBytes };
  }

  /** The variant, or null when the bytes are not a recognised image. */
  async variant(original: Buffer, size: ImageSize): Promise<ImageVariant | null> {
    const contentType = sniffImageType(original);
    if (!contentType) return null;
    const maxSide = IMAGE_SIZES[size];
    // Vector images scale by themselves; the original is also served as is.
    if (maxSide === null || contentType === 'image/svg+xml') return { bytes: original, contentType, etag: etagOf(original) };
    const key = `${crypto.createHash('sha256').update(original).digest('hex')}:${size}`;
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const resized = await this.resize(original, contentType, maxSide);
    if (!resized) return null;
    this.remember(key, resized);
    return resized;
  }

  private async resize(original: Buffer, contentType: string, maxSide: number): Promise<ImageVariant | null> {
    try {
      const pipeline = sharp(original, { animated: false }).rotate()
        .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
      // JPEG stays JPEG (photos); everything else becomes PNG, which keeps transparency.
      const bytes = contentType === 'image/jpeg' ? await pipeline.jpeg({ quality: 85 }).toBuffer() : await pipeline.png().toBuffer();
      return { bytes, contentType: contentType === 'image/jpeg' ? 'image/jpeg' : 'image/png', etag: etagOf(bytes) };
    } catch {
      return null; // bytes that look like an image but do not decode
    }
  }

  private remember(key: string, v: ImageVariant): void {
    if (v.bytes.length > this.maxCacheBytes) return;
    this.cache.set(key, v);
    this.cachedBytes += v.bytes.length;
    for (const [oldKey, old] of this.cache) {
      if (this.cachedBytes <= this.maxCacheBytes) break;
      this.cache.delete(oldKey);
      this.cachedBytes -= old.bytes.length;
    }
  }
}
