import crypto from 'node:crypto';

/**
 * A browser session. Stored in the database (several processes share it) under the SHA-256 of its
 * id, so a leaked database dump does not hand out live cookies.
 */
export class Session {
  dirty = false;
  private id: string | null;
  constructor(
    sid: string | null,
    public uid: number | null,
    public data: Record<string, unknown>,
    public isNew: boolean,
    /** When the stored expiry was last pushed forward (ms). */
    public touchedAt: number,
  ) {
    this.id = sid;
  }

  /** A new session draws its random id only when it is first needed (most visitors never store one). */
  get sid(): string {
    this.id ??= newSessionId();
    return this.id;
  }
  set sid(value: string) {
    this.id = value;
  }

  static fresh(): Session {
    return new Session(null, null, {}, true, Date.now());
  }

  get<T>(key: string): T | undefined {
    return this.data[key] as T | undefined;
  }
  set(key: string, value: unknown): void {
    this.data[key] = value;
    this.dirty = true;
  }
  delete(key: string): void {
    if (key in this.data) {
      delete this.data[key];
      this.dirty = true;
    }
  }
  /** True once the session holds something worth a cookie. */
  get worthKeeping(): boolean {
    return this.uid !== null || Object.keys(this.data).length > 0;
  }
}

export function newSessionId(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashSessionId(sid: string): string {
  return crypto.createHash('sha256').update(sid).digest('hex');
}
