import type { Knex } from 'knex';
import { ValidationError } from '@platform/core/errors';
import type { EnvFactory } from '@platform/orm/env-factory';
import { pickTranslation } from '@platform/orm/record-reader';

/** A partner with its address, its country (and the country's address rules) and its state: `People.partnerAddress`. */
export interface PartnerAddress {
  id: number;
  name: string;
  email: string;
  phone: string;
  lang: string;
  street: string;
  city: string;
  zip: string;
  countryId: number | null;
  /** In the asked language ('' without a country). */
  countryName: string;
  countryCode: string;
  stateRequired: boolean;
  /** Whether the country has states (an address there names one when the country requires it). */
  countryHasStates: boolean;
  stateId: number | null;
  stateName: string;
}

/**
 * Users and partners as other modules read them: base's tables `res_users` and `res_partner` through
 * its face, never by name. Each method is one statement; the views are sub-queries a caller joins in
 * its own query (presence, a forum page's authors), so a hot path stays one round trip. A view selects
 * only declared fields of the model (a module's extension fields included, such as the forum's karma),
 * never a column no model declares (the password hash). Pass the caller's transaction as `db` when
 * there is one: on SQLite a read outside it waits for the one connection the transaction holds.
 */
export class People {
  constructor(private readonly envs: EnvFactory) {}

  /**
   * Users as a sub-query with `id` and the asked columns: res.users fields, and `name`, the name of the
   * user's partner (what the site shows). Join it: `.join(people.usersView(db, ['partner_id']).as('u'), ...)`.
   */
  usersView(db: Knex, columns: readonly string[]): Knex.QueryBuilder {
    const own = columns.filter((c) => c !== 'name');
    this.checkColumns('res.users', own);
    const q = db('res_users as pu').select('pu.id', ...own.map((c) => `pu.${c}`));
    return columns.includes('name') ? q.join('res_partner as pp', 'pp.id', 'pu.partner_id').select('pp.name') : q;
  }

  /** Partners as a sub-query with `id` and the asked res.partner fields. */
  partnersView(db: Knex, columns: readonly string[]): Knex.QueryBuilder {
    this.checkColumns('res.partner', columns);
    return db('res_partner').select('id', ...columns);
  }

  /** The partner of each of these users (inactive ones too). */
  async partnersOfUsers(db: Knex, userIds: number[]): Promise<Map<number, number>> {
    if (!userIds.length) return new Map();
    const rows: Array<{ id: number; partner_id: number }> = await db('res_users').whereIn('id', userIds).select('id', 'partner_id');
    return new Map(rows.map((r) => [Number(r.id), Number(r.partner_id)]));
  }

  /** Those of these partners that have an active user (an account, not a follower by e-mail only). */
  async partnersWithActiveUser(db: Knex, partnerIds: number[]): Promise<number[]> {
    if (!partnerIds.length) return [];
    const rows: Array<{ partner_id: number }> = await db('res_users').whereIn('partner_id', partnerIds).andWhere({ active: true }).distinct('partner_id');
    return rows.map((r) => Number(r.partner_id));
  }

  /** A partner's name ('' when there is none). */
  async partnerName(db: Knex, partnerId: number): Promise<string> {
    const row = await db('res_partner').where({ id: partnerId }).first('name');
    return String(row?.name ?? '');
  }

  /**
   * The partner with this address (compared without case), the oldest when several have it. Plain
   * equality on lower(email): a LIKE pattern would let `_` and `%` in an address match others.
   * `partnerId`: only that partner, if it has this address.
   */
  async partnerByEmail(db: Knex, email: string, partnerId?: number): Promise<number | null> {
    const q = db('res_partner').whereRaw('lower(email) = ?', [email.trim().toLowerCase()]);
    if (partnerId !== undefined) q.andWhere({ id: partnerId });
    const row = await q.orderBy('id').first('id');
    return row ? Number(row.id) : null;
  }

  /**
   * A partner's address with its country and state, in one statement (base's res_partner, res_country
   * and res_country_state joined): what a checkout shows and checks, and what a payment copies. The
   * country's name in `lang`. Null for an unknown partner.
   */
  async partnerAddress(db: Knex, partnerId: number, lang: string): Promise<PartnerAddress | null> {
    const hasStates = db('res_country_state as hs').whereRaw('hs.country_id = c.id').select(db.raw('1'));
    const row = await db('res_partner as p').leftJoin('res_country as c', 'c.id', 'p.country_id').leftJoin('res_country_state as s', 's.id', 'p.state_id')
      .where('p.id', partnerId)
      .first(
        'p.id', 'p.name', 'p.email', 'p.phone', 'p.lang', 'p.street', 'p.city', 'p.zip', 'p.country_id', 'p.state_id',
        'c.name as country_name', 'c.code as country_code', 'c.state_required', 's.name as state_name',
        db.raw('CASE WHEN EXISTS ? THEN 1 ELSE 0 END AS country_has_states', [hasStates]),
      );
    if (!row) return null;
    const s = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      id: Number(row.id), name: s(row.name), email: s(row.email), phone: s(row.phone), lang: s(row.lang),
      street: s(row.street), city: s(row.city), zip: s(row.zip),
      countryId: row.country_id ? Number(row.country_id) : null,
      countryName: row.country_id ? String(pickTranslation(row.country_name, lang) || '') : '',
      countryCode: s(row.country_code), stateRequired: row.state_required === true || Number(row.state_required) === 1,
      countryHasStates: Number(row.country_has_states) === 1,
      stateId: row.state_id ? Number(row.state_id) : null, stateName: s(row.state_name),
    };
  }

  /** Refuses a column that is not a field stored in the model's table (so no undeclared column leaks). */
  private checkColumns(model: string, columns: readonly string[]): void {
    const meta = this.envs.superuser().registry.get(model);
    const stored = new Set((meta?.columnFields() ?? []).map((f) => f.name));
    const unknown = columns.filter((c) => !stored.has(c));
    if (unknown.length) throw new ValidationError(`${model} has no stored field ${unknown.join(', ')}`);
  }
}
