import { isForeignKeyViolation, isUniqueViolation } from '@platform/db/constraint-violation';
import { AccessError, DuplicateError, MissingError, ValidationError } from '@platform/core/errors';
import type { Operation } from '@platform/core/access-types';
import { CallerScope } from './caller-scope';
import { andDomains, compileDomain, parseDomain } from './domain';
import type { Domain } from '@platform/core/domain-types';
import type { Knex } from 'knex';
import type { Env } from './environment';
import type { Field } from './fields';
import { orderSql } from './order';
import { pagingValue } from './paging';
import { readGroup, rollupAnswers, type ReadGroupOptions } from './read-group';
import { displayNames, RecordReader, type Row } from './record-reader';
import { RecordWriter } from './record-writer';
import type { ModelMeta } from './registry';

export interface SearchOptions {
  offset?: number;
  limit?: number | null;
  order?: string;
}

const ALIAS = 't0';

/**
 * The public methods of a model, as `/web/dataset/call_kw` exposes them, always checked against the
 * environment's user: access rights first, then record rules.
 */
export class Model {
  constructor(readonly env: Env, readonly meta: ModelMeta) {}

  get name(): string {
    return this.meta.name;
  }

  checkAccess(op: Operation): void {
    this.env.orm.access.check(this.env.user, this.meta.name, op);
  }

  /** A domain from the caller, checked (and bounded unless the caller is the system). */
  private parse(domain: unknown): Domain {
    return parseDomain(domain, !this.env.isSuperuser);
  }

  /**
   * A knex query on the table, filtered by the domain and the user's record rules for `op`. The
   * caller's domain is compiled with the caller's rights at every hop into another model; the rules
   * are the system's own domains, compiled without them.
   */
  private filtered(domain: Domain, op: Operation = 'read', table = this.meta.table) {
    const { env, meta } = this;
    const scope = env.isSuperuser ? undefined : new CallerScope(env.orm.access, env.user);
    const own = compileDomain(this.parse(domain), meta, ALIAS, env.registry, env.dialect, env.lang, scope);
    const rules = env.orm.access.ruleDomain(env.user, meta.name, op);
    const rule = rules.length ? compileDomain(rules, meta, ALIAS, env.registry, env.dialect, env.lang) : null;
    const where = rule ? { sql: `(${own.sql}) AND (${rule.sql})`, bindings: own.bindings.concat(rule.bindings) } : own;
    return env.db(`${table} as ${ALIAS}`).whereRaw(where.sql, where.bindings as never[]);
  }

  private paged<T extends { limit(n: number): T; offset(n: number): T; orderByRaw(s: string): T }>(query: T, opts: SearchOptions): T {
    let q = query.orderByRaw(orderSql(this.meta, opts.order, ALIAS, this.env.dialect, this.env.lang));
    const limit = pagingValue('limit', opts.limit);
    const offset = pagingValue('offset', opts.offset);
    if (limit !== undefined) q = q.limit(limit);
    if (offset) q = q.offset(offset);
    return q;
  }

  async search(domain: Domain = [], opts: SearchOptions = {}): Promise<number[]> {
    this.checkAccess('read');
    const rows = await this.paged(this.filtered(domain).select(`${ALIAS}.id`), opts);
    return rows.map((r: Row) => r.id as number);
  }

  /**
   * The ids (or another stored column) of the records `domain` matches under the caller's rules, as
   * a sub-query for another statement (`whereNotIn('id', messages.subquery(...))`): one round trip.
   */
  subquery(domain: Domain = [], column = 'id'): Knex.QueryBuilder {
    this.checkAccess('read');
    const field = this.meta.field(column);
    if (column !== 'id' && (!field || !this.meta.columnFields().includes(field))) throw new ValidationError(`${this.meta.name} has no stored field ${column}`);
    return this.filtered(domain).select(`${ALIAS}.${column}`);
  }

  async search_count(domain: Domain = []): Promise<number> {
    this.checkAccess('read');
    const row = await this.filtered(domain).count({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async search_read(domain: Domain = [], fieldNames?: string[] | null, opts: SearchOptions = {}): Promise<Row[]> {
    this.checkAccess('read');
    const list = this.resolveFields(fieldNames);
    const reader = new RecordReader(this.env, this.meta);
    const rows = await this.paged(this.filtered(domain).select(reader.columnsFor(list).map((c) => `${ALIAS}.${c}`)), opts);
    return reader.convert(rows, list);
  }

  async read(ids: number[], fieldNames?: string[] | null): Promise<Row[]> {
    this.checkAccess('read');
    const wanted = checkIds(ids);
    if (wanted.length === 0) return [];
    const list = this.resolveFields(fieldNames);
    const reader = new RecordReader(this.env, this.meta);
    const rows: Row[] = await this.filtered([['id', 'in', wanted]]).select(reader.columnsFor(list).map((c) => `${ALIAS}.${c}`));
    if (rows.length !== wanted.length) await this.explainMissing(wanted, rows.map((r) => r.id as number), 'read');
    const byId = new Map(rows.map((r) => [r.id as number, r]));
    return reader.convert(wanted.map((id) => byId.get(id)!), list);
  }

  async read_group(domain: Domain, fieldSpecs: string[], groupby: string | string[], opts: ReadGroupOptions = {}): Promise<Row[]> {
    this.checkAccess('read');
    const parsed = this.parse(domain);
    const rollup = this.meta.rollup;
    if (rollup && rollupAnswers(this.meta, rollup, [parsed, this.env.orm.access.ruleDomain(this.env.user, this.meta.name, 'read')], fieldSpecs, groupby, opts)) {
      // The same domain and rules, compiled on the rollup's rows (same column names): counts summed.
      return readGroup(this.env, this.meta, this.filtered(domain, 'read', rollup.table), ALIAS, parsed, fieldSpecs, groupby, opts, `SUM(${ALIAS}.${rollup.countColumn})`);
    }
    const query = this.filtered(domain);
    return readGroup(this.env, this.meta, query, ALIAS, parsed, fieldSpecs, groupby, opts);
  }

  async create(vals: Row): Promise<number>;
  async create(vals: Row[]): Promise<number[]>;
  async create(vals: Row | Row[]): Promise<number | number[]> {
    this.checkAccess('create');
    const list = Array.isArray(vals) ? vals : [vals];
    const ids = await this.constraintChecked(list.length === 1 ? list[0] : {}, () => this.env.transaction(async (env) => {
      const writer = new RecordWriter(env, this.meta);
      const created: number[] = [];
      for (const v of list) {
        const prepared = writer.prepare(await writer.withDefaults(v as Row), 'create');
        created.push(await writer.insert(prepared));
      }
      await writer.recompute(created, 'all');
      for (const check of this.meta.constraints) await check(env, created);
      await new Model(env, this.meta).assertRule(created, 'create', true);
      return created;
    }));
    return Array.isArray(vals) ? ids : ids[0];
  }

  /**
   * Runs a write, reporting what the database's constraints refuse as a ValidationError rather than
   * an internal error: a unique index (model constraints give the precise message, but two concurrent
   * writers can both pass them) or a foreign key (a reference to a record that does not exist, or a
   * delete of a record others still point to).
   */
  private async constraintChecked<T>(vals: Row, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      const what = this.meta.description ?? this.meta.name;
      if (isUniqueViolation(err)) throw new DuplicateError(this.meta.duplicateMessage?.(vals) ?? `A ${what} with the same values already exists`);
      if (isForeignKeyViolation(err)) {
        throw new ValidationError(`This ${what} refers to a record that does not exist, or other records still refer to it`);
      }
      throw err;
    }
  }

  async write(ids: number[], vals: Row): Promise<true> {
    this.checkAccess('write');
    const wanted = checkIds(ids);
    await this.constraintChecked(vals, () => this.env.transaction(async (env) => {
      const self = new Model(env, this.meta);
      await self.assertRule(wanted, 'write');
      const writer = new RecordWriter(env, this.meta);
      const prepared = writer.prepare(vals, 'write');
      if (wanted.length) {
        for (const hook of this.meta.beforeWrite) await hook(env, wanted, vals as Row);
        await writer.update(wanted, prepared);
        await writer.recompute(wanted, Object.keys(vals));
        for (const check of this.meta.constraints) await check(env, wanted);
        // Record rules bound what a user may write, so a write may not move records out of them either
        // (e.g. a moderator turning a comment into another thread's message): checked again, as create does.
        await self.assertRule(wanted, 'write', true);
      }
    }));
    return true;
  }

  async unlink(ids: number[]): Promise<true> {
    this.checkAccess('unlink');
    const wanted = checkIds(ids);
    await this.constraintChecked({}, () => this.env.transaction(async (env) => {
      await new Model(env, this.meta).assertRule(wanted, 'unlink');
      if (!wanted.length) return;
      for (const hook of this.meta.beforeUnlink) await hook(env, wanted);
      await env.db(this.meta.table).whereIn('id', wanted).delete();
    }));
    return true;
  }

  /**
   * Server code's own bookkeeping on stored fields (counters such as karma), in one UPDATE: no write
   * hooks, no recompute, no record rules, so the superuser only (never exposed by call_kw). `increment`
   * adds in SQL, so two events landing together both count; `onlyIf` makes the write conditional
   * (compare-and-set). Returns how many records changed.
   */
  async updateColumns(ids: number[], change: { set?: Row; increment?: Record<string, number>; onlyIf?: Row }): Promise<number> {
    if (!this.env.isSuperuser) throw new AccessError(`updateColumns on ${this.meta.name} is for server code (the superuser)`);
    const wanted = checkIds(ids);
    const stored = new Set(this.meta.columnFields().map((f) => f.name));
    const named = [...Object.keys(change.set ?? {}), ...Object.keys(change.increment ?? {}), ...Object.keys(change.onlyIf ?? {})];
    const unknown = named.filter((f) => !stored.has(f));
    if (unknown.length) throw new ValidationError(`${this.meta.name} has no stored field ${unknown.join(', ')}`);
    if (!wanted.length) return 0;
    const q = this.env.db(this.meta.table).whereIn('id', wanted).where(change.onlyIf ?? {});
    const raised = Object.fromEntries(Object.entries(change.increment ?? {}).map(([f, by]) => [f, this.env.db.raw('?? + ?', [f, by])]));
    return Number(await q.update({ ...change.set, ...raised }));
  }

  async name_search(name = '', domain: Domain = [], operator = 'ilike', limit: number | null = 100): Promise<Array<[number, string]>> {
    const recName = this.meta.recName;
    const full = name && recName ? andDomains([[recName, operator as never, name]], this.parse(domain)) : this.parse(domain);
    const ids = await this.search(full, { limit: limit ?? undefined });
    return this.name_get(ids);
  }

  async name_get(ids: number[]): Promise<Array<[number, string]>> {
    const names = await displayNames(this.env, this.meta.name, ids);
    return ids.filter((id) => names.has(id)).map((id) => [id, names.get(id)!]);
  }

  async name_create(name: string): Promise<[number, string]> {
    if (!this.meta.recName) throw new ValidationError(`Cannot create a '${this.meta.name}' from a name`);
    if (typeof name !== 'string' || !name.trim()) throw new ValidationError('A name is required');
    const id = await this.create({ [this.meta.recName]: name });
    return (await this.name_get([id]))[0];
  }

  /**
   * The values a new record would start with. Defaults can be computed from data (a sequence, the
   * caller's company...), so they are for callers who may create records of the model, or read them;
   * fields restricted to groups are for their members.
   */
  async default_get(fieldNames: string[]): Promise<Row> {
    const access = this.env.orm.access;
    if (!access.allowed(this.env.user, this.meta.name, 'create')) this.checkAccess('read');
    const result: Row = {};
    for (const name of fieldNames ?? []) {
      const f = this.meta.field(name);
      if (!f) throw new ValidationError(`Invalid field '${name}' on model '${this.meta.name}'`);
      access.checkField(this.env.user, f);
      if (f.default === undefined) continue;
      result[name] = typeof f.default === 'function' ? await (f.default as (env: Env) => unknown)(this.env) : f.default;
    }
    return result;
  }

  /**
   * The fields the caller may read, described as the original platform's `fields_get` does, so a
   * client can build list and form views of any model. Fields restricted to groups the caller is not
   * in are left out (naming one in `allfields` is refused, as reading it would be).
   */
  fields_get(allfields?: string[] | null, attributes?: string[] | null): Record<string, FieldDescription> {
    this.checkAccess('read');
    const access = this.env.orm.access;
    const list = allfields?.length ? this.resolveFields(allfields) : [...this.meta.fields.values()].filter((f) => access.fieldAllowed(this.env.user, f));
    const result: Record<string, FieldDescription> = {};
    for (const f of list) {
      const full = describeField(f);
      result[f.name] = attributes?.length ? Object.fromEntries(Object.entries(full).filter(([k]) => attributes.includes(k))) as FieldDescription : full;
    }
    return result;
  }

  /**
   * A new record with the values of record `id` (read with the caller's rights, so a field the caller
   * cannot read is not copied), `defaults` written over them. Read-only, computed, audit and one2many
   * fields are left to the new record's defaults; translated fields keep every language; the name
   * gets " (copy)". Created with the caller's rights and record rules.
   */
  async copy(id: number, defaults: Row = {}): Promise<number> {
    const [record] = await this.read([id]);
    const access = this.env.orm.access;
    const vals: Row = {};
    const translated: Field[] = [];
    for (const f of this.meta.fields.values()) {
      if (f.readonly || f.compute || f.type === 'one2many' || COPY_SKIPPED.has(f.name) || !access.fieldAllowed(this.env.user, f)) continue;
      const value = record[f.name];
      if (f.type === 'many2one') vals[f.name] = Array.isArray(value) ? value[0] : false;
      else if (f.type === 'many2many') vals[f.name] = [[6, 0, value ?? []]];
      else if (f.translate) translated.push(f);
      else vals[f.name] = value;
    }
    if (translated.length) {
      const raw: Row = await this.env.db(this.meta.table).where({ id }).first(translated.map((f) => f.name));
      for (const f of translated) {
        const stored = raw?.[f.name];
        vals[f.name] = typeof stored === 'string' ? JSON.parse(stored) : stored ?? false;
      }
    }
    const recName = this.meta.recName ? this.meta.field(this.meta.recName) : undefined;
    if (recName && !(recName.name in defaults)) {
      const suffix = (v: unknown) => (typeof v === 'string' && v ? `${v} (copy)` : v);
      const current = vals[recName.name];
      vals[recName.name] = current && typeof current === 'object'
        ? Object.fromEntries(Object.entries(current as Record<string, unknown>).map(([lang, v]) => [lang, suffix(v)]))
        : suffix(current);
    }
    return this.create({ ...vals, ...defaults });
  }

  /**
   * Fails unless every id exists and passes the user's record rules for `op`. `exist`: the ids are
   * known to exist in this transaction (just inserted, or checked before a write): with no rule to
   * pass (the superuser, a model without rules) nothing is left to check, and nothing is read.
   */
  async assertRule(ids: number[], op: Operation, exist = false): Promise<void> {
    if (ids.length === 0) return;
    const rules = this.env.orm.access.ruleDomain(this.env.user, this.meta.name, op);
    if (exist && rules.length === 0) return;
    const base = this.env.db(`${this.meta.table} as ${ALIAS}`);
    let visible: number[];
    if (rules.length === 0) visible = (await base.whereIn('id', ids).select('id')).map((r: Row) => r.id as number);
    else visible = (await this.filtered([['id', 'in', ids]], op).select(`${ALIAS}.id`)).map((r: Row) => r.id as number);
    if (visible.length !== new Set(ids).size) await this.explainMissing(ids, visible, op);
  }

  private async explainMissing(ids: number[], found: number[], op: Operation): Promise<never> {
    const existing: Row[] = await this.env.db(this.meta.table).whereIn('id', ids).select('id');
    if (existing.length < new Set(ids).size) {
      const missing = ids.filter((id) => !existing.some((r) => r.id === id));
      throw new MissingError(`Record does not exist or has been deleted. (Records: ${this.meta.name}(${missing.join(', ')}))`);
    }
    const hidden = ids.filter((id) => !found.includes(id));
    throw new AccessError(`The requested operation (${op}) cannot be completed due to security restrictions on '${this.meta.name}' (records: ${hidden.join(', ')}).`);
  }

  /** The fields to read: all those the user may read, or the ones named (each must be readable). */
  private resolveFields(names?: string[] | null): Field[] {
    const access = this.env.orm.access;
    if (!names || names.length === 0) return [...this.meta.fields.values()].filter((f) => access.fieldAllowed(this.env.user, f));
    if (!Array.isArray(names)) throw new ValidationError('fields must be a list of field names');
    return names.map((n) => {
      const f = typeof n === 'string' ? this.meta.field(n) : undefined;
      if (!f) throw new ValidationError(`Invalid field '${String(n)}' on model '${this.meta.name}'`);
      access.checkField(this.env.user, f);
      return f;
    });
  }
}

/** What `fields_get` says of a field (the original platform's keys). */
export interface FieldDescription {
  type: string;
  string: string;
  required: boolean;
  readonly: boolean;
  store: boolean;
  sortable: boolean;
  translate: boolean;
  relation?: string;
  relation_field?: string;
  selection?: Array<[string, string]>;
  size?: number;
}

const COPY_SKIPPED = new Set(['id', 'create_uid', 'create_date', 'write_uid', 'write_date']);

function describeField(f: Field): FieldDescription {
  const d: FieldDescription = {
    type: f.type,
    string: f.string ?? humanize(f.name),
    required: f.required === true,
    readonly: f.readonly === true || Boolean(f.compute) || COPY_SKIPPED.has(f.name),
    store: f.stored,
    sortable: f.stored && f.type !== 'one2many' && f.type !== 'many2many',
    translate: f.translate === true,
  };
  if (f.comodel) d.relation = f.comodel;
  if (f.inverse) d.relation_field = f.inverse;
  if (f.selection) d.selection = f.selection.map(([k, v]) => [k, v]);
  if (f.size) d.size = f.size;
  return d;
}

/** `partner_id` -> "Partner", as the original platform labels fields without a string. */
function humanize(name: string): string {
  const words = name.replace(/_id$/, '').replace(/_ids$/, 's').split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function checkIds(ids: unknown): number[] {
  const list = typeof ids === 'number' ? [ids] : ids;
  if (!Array.isArray(list) || !list.every((id) => Number.isSafeInteger(id) && id > 0)) {
    throw new ValidationError('ids must be a list of positive integers');
  }
  return [...new Set(list as number[])];
}
