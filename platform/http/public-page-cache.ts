import type { Knex } from 'knex';

interface Entry {
  html: string;
  nonce: string;
  generation: number;
  at: number;
}

const WRITE = /^\s*(?:insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from)\s+[`"]?([\w.]+)/i;

/**
 * A short-lived cache of the pages anonymous visitors get (routes that opt in with `cache: 'public'`),
 * keyed by site, language and URL. Any write through this process's database connection (ORM or raw
 * knex), except to tables no public page shows, empties it, so a publish, a comment or a share is
 * visible on the next request; writes made by other processes show up after the TTL. A cached page gets the current response's CSP nonce.
 */
export class PublicPageCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  /** `unseenTables`: what the loaded modules declare in their manifests (base included). */
  constructor(db: Knex, unseenTables: string[] = [], private readonly ttlMs = 2000, private readonly maxEntries = 1000) {
    const unseen = new Set(unseenTables);
    db.on('query', (q: { sql?: string }) => {
      const m = q.sql ? WRITE.exec(q.sql) : null;
      if (m && !unseen.has(m[1])) this.generation++;
    });
  }

  get(key: string, nonce: string): string | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.generation !== this.generation || Date.now() - e.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return e.nonce === nonce ? e.html : e.html.split(`nonce="${e.nonce}"`).join(`nonce="${nonce}"`);
  }

  set(key: string, html: string, nonce: string): void {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { html, nonce, generation: this.generation, at: Date.now() });
  }
}
