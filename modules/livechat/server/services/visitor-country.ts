import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { DatabaseToken } from '../../../../platform/kernel/tokens';
import { isPublicAddress } from '../../../../platform/http/safe-fetch';

type GeoLookup = (ip: string) => { country?: string } | null;

/** The visitor's country (res.country id) from its address, via the GeoIP data of geoip-lite, loaded on first use. */
@injectable()
export class LivechatVisitorCountry {
  private lookup?: GeoLookup;

  constructor(@inject(DatabaseToken) private readonly db: Knex) {}

  async countryId(ip: string): Promise<number | null> {
    const address = ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
    if (!isPublicAddress(address)) return null;
    this.lookup ??= (require('geoip-lite') as { lookup: GeoLookup }).lookup;
    const code = this.lookup(address)?.country;
    if (!code) return null;
    const row = await this.db('res_country').whereRaw('upper(code) = ?', [code.toUpperCase()]).first('id');
    return row ? Number(row.id) : null;
  }
}
