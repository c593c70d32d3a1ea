import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { DatabaseToken } from '@platform/core/tokens';
import { isPublicAddress } from './safe-fetch';

type GeoLookup = (ip: string) => { country?: string } | null;

/** Addresses remembered with their country: visitors come back, and short-link redirects are a hot path. */
const REMEMBERED = 20_000;

/**
 * The country of a visitor's address, from the GeoIP database shipped in the geoip-lite package,
 * as a res.country id (click statistics, live chat sessions). The database (tens of MB) is only loaded
 * when a public address first needs it. Synchronous once `load()` has read the country ids, so a
 * redirect does not wait on it.
 */
@injectable()
export class VisitorCountry {
  private lookup?: GeoLookup;
  private countryIds?: Map<string, number>;
  private loading?: Promise<void>;
  private readonly known = new Map<string, number | null>();

  constructor(@inject(DatabaseToken) private readonly db: Knex) {}

  /** Reads the country ids (once). */
  load(): Promise<void> {
    this.loading ??= this.db('res_country').select('id', 'code').then((rows: Array<{ id: number; code: string }>) => {
      this.countryIds = new Map(rows.map((r) => [r.code.toUpperCase(), r.id]));
    });
    return this.loading;
  }

  async countryId(ip: string): Promise<number | null> {
    if (!this.countryIds) await this.load();
    return this.countryIdNow(ip) ?? null;
  }

  /** The country id, when the country ids are loaded (else undefined). */
  countryIdNow(ip: string): number | null | undefined {
    if (!this.countryIds) return undefined;
    const seen = this.known.get(ip);
    if (seen !== undefined) return seen;
    const id = this.find(ip);
    if (this.known.size >= REMEMBERED) this.known.clear();
    this.known.set(ip, id);
    return id;
  }

  private find(ip: string): number | null {
    const address = ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
    if (!isPublicAddress(address)) return null;
    this.lookup ??= (require('geoip-lite') as { lookup: GeoLookup }).lookup;
    const code = this.lookup(address)?.country;
    return code ? this.countryIds!.get(code.toUpperCase()) ?? null : null;
  }
}
