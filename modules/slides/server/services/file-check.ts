import sharp from 'sharp';
import { ValidationError } from '@platform/core';
import {
  FILE_TOO_BIG_MESSAGE, IMAGE_TOO_LARGE_MESSAGE, INVALID_FILE_TYPE_MESSAGE, MAX_FILE_BYTES, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS,
  PASSWORD_PROTECTED_MESSAGE, PREVIEW_IMAGE_MESSAGE, UNREADABLE_PDF_MESSAGE, type SlideType,
} from '../../common/slide-constants';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/** The longest side a stored slide image keeps (the page shows it at most this wide). */
const IMAGE_SIDE = 1600;

export interface CheckedFile {
  mimeType: 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  slideType: SlideType;
  pageCount: number;
  /** The bytes to store: the PDF as sent, an image re-encoded by sharp. */
  bytes: Buffer;
}

/** Base64 as posted by the dialog, refused when it is not (the schema checked its alphabet already). */
export function decodeBase64(text: string): Buffer {
  return Buffer.from(text, 'base64');
}

/**
 * The server's own look at an uploaded file, whatever the browser said: its type from its bytes
 * (file-type), PDF or raster image only, at most 25 MB; a PDF must open with pdf-lib and not be
 * encrypted (password-protected); an image must decode within a pixel budget (a small file declaring
 * a huge picture is refused before it is decoded) and is stored as sharp re-encodes it.
 */
export async function checkSlideFile(bytes: Buffer): Promise<CheckedFile> {
  if (bytes.length === 0) throw new ValidationError(INVALID_FILE_TYPE_MESSAGE);
  if (bytes.length > MAX_FILE_BYTES) throw new ValidationError(FILE_TOO_BIG_MESSAGE);
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime === 'application/pdf') return checkPdf(bytes);
  if (detected && IMAGE_TYPES.has(detected.mime)) {
    const image = await reencodeImage(bytes, IMAGE_SIDE, INVALID_FILE_TYPE_MESSAGE);
    return { mimeType: image.mime, slideType: 'infographic', pageCount: 1, bytes: image.bytes };
  }
  throw new ValidationError(INVALID_FILE_TYPE_MESSAGE);
}

async function checkPdf(bytes: Buffer): Promise<CheckedFile> {
  const { PDFDocument, EncryptedPDFError } = await import('pdf-lib');
  let doc: import('pdf-lib').PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
  } catch (err) {
    // pdf-lib's class may come from its other build (ESM / CommonJS): its name and message tell too.
    const e = err as Error;
    if (err instanceof EncryptedPDFError || e?.constructor?.name === 'EncryptedPDFError' || /is encrypted/.test(String(e?.message))) throw new ValidationError(PASSWORD_PROTECTED_MESSAGE);
    throw new ValidationError(UNREADABLE_PDF_MESSAGE);
  }
  if (doc.isEncrypted) throw new ValidationError(PASSWORD_PROTECTED_MESSAGE);
  let pageCount: number;
  let width: number;
  let height: number;
  try {
    const pages = doc.getPages();
    pageCount = pages.length;
    ({ width, height } = pages[0].getSize());
  } catch {
    // No page tree, or a first page without a size: not a document anyone could show.
    throw new ValidationError(UNREADABLE_PDF_MESSAGE);
  }
  if (!pageCount) throw new ValidationError(UNREADABLE_PDF_MESSAGE);
  // A landscape first page is a presentation, a portrait one a document (as the reference's Drive import).
  return { mimeType: 'application/pdf', slideType: width > height ? 'presentation' : 'document', pageCount, bytes };
}

/**
 * A picture decoded and written again by sharp (metadata dropped, orientation applied, at most
 * `maxSide` wide or high). Its declared size is read from the header first: more than the pixel
 * budget is refused without decoding it.
 */
export async function reencodeImage(bytes: Buffer, maxSide: number, notImageMessage: string): Promise<{ mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'; bytes: Buffer }> {
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !IMAGE_TYPES.has(detected.mime)) throw new ValidationError(notImageMessage);
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ValidationError(notImageMessage);
  }
  const width = meta.width ?? 0;
  const height = (meta.pageHeight ?? meta.height) ?? 0;
  if (!width || !height) throw new ValidationError(notImageMessage);
  if (width * height > MAX_IMAGE_PIXELS) throw new ValidationError(IMAGE_TOO_LARGE_MESSAGE);
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    if (detected.mime === 'image/jpeg') return { mime: 'image/jpeg', bytes: await image.jpeg({ quality: 86, mozjpeg: true }).toBuffer() };
    if (detected.mime === 'image/webp') return { mime: 'image/webp', bytes: await image.webp({ quality: 86 }).toBuffer() };
    // GIF and PNG: a still PNG (the first frame of an animation).
    return { mime: 'image/png', bytes: await image.png({ compressionLevel: 9 }).toBuffer() };
  } catch (err) {
    if (/pixel limit/i.test(String((err as Error).message))) throw new ValidationError(IMAGE_TOO_LARGE_MESSAGE);
    throw new ValidationError(notImageMessage);
  }
}

/** The preview image the dialog sends (the PDF's first page the browser drew, or a picture): re-encoded, 1024 px at most. */
export async function checkPreviewImage(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES) throw new ValidationError(PREVIEW_IMAGE_MESSAGE);
  return (await reencodeImage(bytes, 1024, PREVIEW_IMAGE_MESSAGE)).bytes;
}
