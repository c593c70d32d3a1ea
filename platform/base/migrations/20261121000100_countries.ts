import type { Knex } from 'knex';
import { Country, State } from 'country-state-city';
import isoCountries from 'i18n-iso-countries';
import { utcText } from '@platform/common/utc-text';
import fr from 'i18n-iso-countries/langs/fr.json';

isoCountries.registerLocale(fr);

/**
 * Reference data: every ISO 3166-1 country (names in English and French) and its ISO 3166-2
 * subdivisions, from maintained npm data packages. Loaded in bulk because it is thousands of rows.
 */
export async function up(knex: Knex): Promise<void> {
  const now = utcText();
  const countries = Country.getAllCountries().map((c) => ({
    code: c.isoCode,
    name: JSON.stringify({ en_US: c.name, fr_FR: isoCountries.getName(c.isoCode, 'fr') ?? c.name }),
    phone_code: Number.parseInt(c.phonecode.replace(/\D/g, ''), 10) || null,
    create_date: now,
    write_date: now,
  }));
  await knex.batchInsert('res_country', countries, 200);
  const ids = new Map<string, number>((await knex('res_country').select('id', 'code')).map((r: { id: number; code: string }) => [r.code, r.id]));
  const seen = new Set<string>();
  const states = [];
  for (const s of State.getAllStates()) {
    const countryId = ids.get(s.countryCode);
    const key = `${s.countryCode}-${s.isoCode}`;
    if (!countryId || !s.isoCode || seen.has(key)) continue;
    seen.add(key);
    states.push({ country_id: countryId, code: s.isoCode, name: s.name, create_date: now, write_date: now });
  }
  await knex.batchInsert('res_country_state', states, 200);
}
