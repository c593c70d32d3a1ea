import sharp from 'sharp';

export type RasterFormat = 'png' | 'jpeg' | 'gif' | 'webp';

/**
 * Raster formats only. SVG is refused: it is a document that can carry scripts and links, and an
 * image shown with `<img>` today may be opened on its own tomorrow.
 */
const RASTER_FORMATS: Record<string, RasterFormat> = {
  'image/png': 'png', 'image/jpeg': 'jpeg', 'image/gif': 'gif', 'image/webp': 'webp',
};

/** Why an upload is not an image we keep; each caller words it for its own form. */
export type ImageRejection = 'empty' | 'too-heavy' | 'svg' | 'not-raster' | 'unreadable' | 'too-many-pixels' | 'too-wide';

export class ImageRejected extends Error {
  constructor(readonly reason: ImageRejection) {
    super(`image refused: ${reason}`);
  }
}

export interface ImageLimits {
  /** Largest file, before and after re-encoding. */
  maxBytes: number;
  /** Decoding bombs (a tiny file of a huge picture) stop here. */
  maxPixels: number;
  /** Longest side, when the use has one (a logo). */
  maxSide?: number;
}

export interface CheckedImage {
  format: RasterFormat;
  mimetype: string;
  /** The picture re-encoded: metadata such as GPS positions dropped, orientation applied. */
  bytes: Buffer;
}

/**
 * The one check of uploaded pictures (editor images, the site's logo): the type is read from the bytes
 * (file-type, never the name or the browser's word), the picture is decoded and re-encoded by sharp,
 * so what is stored is a picture sharp wrote, not whatever the upload also carried.
 */
export async function checkRasterImage(input: Buffer, limits: ImageLimits): Promise<CheckedImage> {
  if (input.length === 0) throw new ImageRejected('empty');
  if (input.length > limits.maxBytes) throw new ImageRejected('too-heavy');
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(input);
  const format = detected ? RASTER_FORMATS[detected.mime] : undefined;
  if (!detected || !format) {
    const svg = detected?.mime === 'image/svg+xml' || /<svg[\s>]/i.test(input.subarray(0, 1024).toString('utf8'));
    throw new ImageRejected(svg ? 'svg' : 'not-raster');
  }
  let bytes: Buffer;
  try {
    const image = sharp(input, { animated: format === 'gif' || format === 'webp', limitInputPixels: limits.maxPixels });
    if (limits.maxSide) {
      const { width = 0, height = 0 } = await image.metadata();
      if (width > limits.maxSide || height > limits.maxSide) throw new ImageRejected('too-wide');
    }
    const oriented = image.rotate();
    bytes = format === 'jpeg' ? await oriented.jpeg({ quality: 88, mozjpeg: true }).toBuffer()
      : format === 'png' ? await oriented.png({ compressionLevel: 9 }).toBuffer()
        : format === 'gif' ? await oriented.gif().toBuffer()
          : await oriented.webp({ quality: 88 }).toBuffer();
  } catch (err) {
    if (err instanceof ImageRejected) throw err;
    throw new ImageRejected(/pixel limit/i.test(String((err as Error).message ?? '')) ? 'too-many-pixels' : 'unreadable');
  }
  if (bytes.length > limits.maxBytes) throw new ImageRejected('too-heavy');
  return { format, mimetype: `image/${format}`, bytes };
}
