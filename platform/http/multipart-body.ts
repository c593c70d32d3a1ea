import busboy from 'busboy';
import type Koa from 'koa';
import { ValidationError } from '@platform/core/errors';

/**
 * What a route that takes files (`multipart` on its RouteDefinition) accepts. Files are read into
 * memory, never written to a temporary folder, and reading stops at the first limit passed.
 */
export interface MultipartLimits {
  /** Largest file, in bytes. */
  maxFileBytes: number;
  /** Most files in one request. */
  maxFiles: number;
  /** Largest request (every file and field together), in bytes. */
  maxRequestBytes: number;
  /** Most non-file fields (default 200). */
  maxFields?: number;
}

/** A file of a multipart post: its field name as posted (`attachments[0]`), its name, the bytes. */
export interface UploadedFile {
  field: string;
  filename: string;
  /** What the browser claims (check the bytes, e.g. with file-type, before trusting it). */
  mimeType: string;
  data: Buffer;
}

/** A multipart body over one of its limits (answered 413, naming the limit). */
export class UploadTooLarge extends ValidationError {}

/**
 * Reads a `multipart/form-data` body: fields by name (a repeated name becomes a list, in order) and
 * the files. Passing a limit stops reading and throws UploadTooLarge with a message naming it; a
 * malformed body throws a ValidationError.
 */
export async function readMultipart(ctx: Koa.Context, limits: MultipartLimits): Promise<{ fields: Record<string, string | string[]>; files: UploadedFile[] }> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limits.maxRequestBytes) throw new UploadTooLarge(tooLarge(limits));
  const fields: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  let total = 0;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      ctx.req.unpipe(parser);
      ctx.req.resume();
      reject(err);
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: ctx.req.headers,
        limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: limits.maxFields ?? 200, fieldSize: limits.maxRequestBytes, parts: (limits.maxFields ?? 200) + limits.maxFiles },
      });
    } catch {
      reject(new ValidationError('The form could not be read'));
      return;
    }
    const count = (n: number) => {
      total += n;
      if (total > limits.maxRequestBytes) fail(new UploadTooLarge(tooLarge(limits)));
    };
    parser.on('field', (name, value) => {
      count(name.length + value.length);
      const had = fields[name];
      fields[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => { chunks.push(chunk); count(chunk.length); });
      stream.on('limit', () => fail(new UploadTooLarge(`A file is too large: at most ${megabytes(limits.maxFileBytes)} each.`)));
      stream.on('end', () => {
        // A file input left empty is posted as a part without a name and without bytes.
        if (!info.filename && chunks.length === 0) return;
        files.push({ field: name, filename: info.filename || 'file', mimeType: info.mimeType, data: Buffer.concat(chunks) });
      });
    });
    parser.on('filesLimit', () => fail(new UploadTooLarge(`Too many files: at most ${limits.maxFiles}.`)));
    parser.on('fieldsLimit', () => fail(new UploadTooLarge('Too many fields.')));
    parser.on('partsLimit', () => fail(new UploadTooLarge('Too many fields.')));
    parser.on('error', () => fail(new ValidationError('The form could not be read')));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      resolve({ fields, files });
    });
    ctx.req.pipe(parser);
  });
}

function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

function tooLarge(limits: MultipartLimits): string {
  return `The form is too large: at most ${megabytes(limits.maxRequestBytes)} in all.`;
}
