import type { Knex } from 'knex';
import type { WriteSignal } from '@platform/db/write-signal';
/** An active language as pages need it (the web layer hands part of it to the browser). */
export interface Language {
  id: number;
  name: string;
  code: string;
  urlCode: string;
  direction: 'ltr' | 'rtl';
  /** moment formats. */
  dateFormat: string;
  timeFormat: string;
}

const TTL_MS = 2000;

/** Active res.lang rows as pages need them (URL codes, formats), cached briefly like the sites. */
export class LanguageCatalog {
  private cache?: { langs: Language[]; at: number };

  /** `signal`: the kernel's write signal; a write to `res_lang` (here or elsewhere) drops the list. */
  constructor(private readonly db: Knex, private readonly signal?: WriteSignal) {
    signal?.watch(['res_lang'], () => this.invalidate());
  }

  private ttl(): number {
    this.signal?.generation(); // notices other processes' changes
    return this.signal ? this.signal.lifetime(TTL_MS) : TTL_MS;
  }

  async all(): Promise<Language[]> {
    if (this.cache && Date.now() - this.cache.at < this.ttl()) return this.cache.langs;
    const rows: Array<Record<string, unknown>> = await this.db('res_lang').where({ active: true }).orderBy('id')
      .select('id', 'name', 'code', 'url_code', 'direction', 'date_format', 'time_format');
    const langs = rows.map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      code: String(r.code),
      urlCode: String(r.url_code),
      direction: r.direction === 'rtl' ? 'rtl' as const : 'ltr' as const,
      dateFormat: String(r.date_format || 'MM/DD/YYYY'),
      timeFormat: String(r.time_format || 'HH:mm:ss'),
    }));
    this.cache = { langs, at: Date.now() };
    return langs;
  }

  /** all() without waiting, while the languages are cached (hot paths); undefined otherwise. */
  cachedAll(): Language[] | undefined {
    return this.cache && Date.now() - this.cache.at < this.ttl() ? this.cache.langs : undefined;
  }

  /** The language with this code (`fr_FR`) or URL code (`fr`). */
  async find(codeOrUrlCode: string): Promise<Language | undefined> {
    return (await this.all()).find((l) => l.code === codeOrUrlCode || l.urlCode === codeOrUrlCode);
  }

  invalidate(): void {
    this.cache = undefined;
  }
}
