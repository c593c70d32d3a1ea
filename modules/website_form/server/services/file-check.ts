import type { UploadedFile } from '@platform/http';
import { ACCEPTED_FILE_TYPES } from '../../common/form-block';

export interface CheckedFile { field: string; name: string; mimetype: string; data: Buffer }

/** Plain text: UTF-8 without control characters but tabs and line ends (file-type has no signature for it). */
function isPlainText(data: Buffer): boolean {
  const text = data.toString('utf8');
  return !text.includes('\uFFFD') && !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(text);
}

/**
 * What a posted file really is, by its bytes (file-type), never by its name or the browser's word: an
 * accepted type's MIME type, or null. An empty file is refused.
 */
export async function checkUploadedFile(file: UploadedFile): Promise<CheckedFile | null> {
  if (!file.data.length) return null;
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(file.data);
  let mimetype = found?.mime as string | undefined;
  if (!found && /\.txt$/i.test(file.filename) && isPlainText(file.data)) mimetype = 'text/plain';
  if (!mimetype || !ACCEPTED_FILE_TYPES[mimetype]) return null;
  const name = file.filename.replace(/[\\/\u0000-\u001F]/g, '_').trim().slice(0, 200) || 'file';
  return { field: file.field, name, mimetype, data: file.data };
}
