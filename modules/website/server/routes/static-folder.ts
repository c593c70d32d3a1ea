import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MissingError } from '@platform/core';
import type { RequestContext } from '@platform/http';

export interface StaticFile {
  name: string;
  bytes: Buffer;
  etag: string;
  contentType: string;
}

const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
/** Lower-case names with an image extension this module serves; nothing else is ever read. */
const FILE = /^[a-z0-9][a-z0-9-]{0,80}\.(jpg|png|webp)$/;

/**
 * The pictures of one folder of the module, read once at boot. A name from a request is only looked
 * up among them, never joined to a path.
 */
export class StaticFolder {
  readonly files: Map<string, StaticFile>;

  constructor(dir: string) {
    this.files = new Map((fs.existsSync(dir) ? fs.readdirSync(dir) : []).filter((n) => FILE.test(n)).sort().map((name) => {
      const bytes = fs.readFileSync(path.join(dir, name));
      const etag = `"${crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
      return [name, { name, bytes, etag, contentType: TYPES[name.split('.').pop()!] }];
    }));
  }

  /** Answers the file named `name` with a day of caching and 304s, or a 404. */
  serve(req: RequestContext, name: string, missing: string): void {
    const file = this.files.get(name);
    if (!file) throw new MissingError(missing);
    if (req.reply.notModified(file.etag, 'public, max-age=86400')) return;
    req.reply.send(file.bytes, file.contentType);
  }
}
