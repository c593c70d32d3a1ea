import type { Dialect } from '@platform/db/connection';
import { ValidationError } from '@platform/core/errors';
import type { CallerScope } from './caller-scope';
import { OPERATORS, type Domain, type DomainTerm, type Leaf, type Operator } from '@platform/core/domain-types';
import { MAX_DOMAIN_LEAVES, MAX_DOMAIN_TERMS } from './domain-limits';
import type { ModelMeta, ModelRegistry } from './registry';
import type { Field } from './fields';
import { columnExpr, q, toDb } from './sql-values';

export interface SqlFragment {
  sql: string;
  bindings: unknown[];
}

interface CompileContext {
  registry: ModelRegistry;
  dialect: Dialect;
  lang: string;
  /** Sub-query nesting (names the aliases t1, t2...); for a caller's leaves, the relations crossed. */
  depth: number;
  /** The caller whose rights every hop into another model is checked with; absent for the system. */
  scope?: CallerScope;
}

const TRUE: SqlFragment = { sql: '1=1', bindings: [] };
const FALSE: SqlFragment = { sql: '1=0', bindings: [] };

/**
 * Checks the shape of a domain coming from outside and returns it typed. `bounded` (any caller but the
 * system) refuses an oversized domain first, before looking at its terms.
 */
export function parseDomain(value: unknown, bounded = false): Domain {
  if (value === undefined || value === null || value === false) return [];
  if (!Array.isArray(value)) throw new ValidationError('Invalid domain: expected a list');
  if (bounded && value.length > MAX_DOMAIN_TERMS) {
    throw new ValidationError(`Domain too complex: ${value.length} terms (at most ${MAX_DOMAIN_TERMS})`);
  }
  let leaves = 0;
  for (const term of value) {
    if (term === '&' || term === '|' || term === '!') continue;
    if (!Array.isArray(term) || term.length !== 3) throw new ValidationError(`Invalid domain term: ${JSON.stringify(term)}`);
    if (typeof term[0] !== 'string' && typeof term[0] !== 'number') throw new ValidationError(`Invalid domain term: ${JSON.stringify(term)}`);
    if (!OPERATORS.includes(term[1])) throw new ValidationError(`Invalid operator '${String(term[1])}' in domain`);
    if (bounded && ++leaves > MAX_DOMAIN_LEAVES) throw new ValidationError(`Domain too complex: more than ${MAX_DOMAIN_LEAVES} conditions`);
  }
  return value as Domain;
}

/** ANDs domains in prefix notation. */
export function andDomains(...domains: Domain[]): Domain {
  const parts = domains.filter((d) => d.length > 0);
  return parts.length ? combine('&', parts) : [];
}

export function orDomains(...domains: Domain[]): Domain {
  if (domains.length === 0 || domains.some((d) => d.length === 0)) return [];
  return combine('|', domains);
}

/**
 * `op` applied to the (non-empty) domains, copied into one array sized up front: no push(...spread),
 * which overflows the call stack for a long domain.
 */
function combine(op: '&' | '|', domains: Domain[]): Domain {
  const parts = domains.map(normalize);
  let size = parts.length - 1;
  for (const p of parts) size += p.length;
  const result: Domain = new Array(size);
  let k = 0;
  for (let i = 1; i < parts.length; i++) result[k++] = op;
  for (const p of parts) for (let i = 0; i < p.length; i++) result[k++] = p[i];
  return result;
}

/**
 * Adds the implicit '&' between consecutive terms, so every operator has explicit operands. Each
 * missing '&' goes in front of everything before it, so they all end up at the start: count them in
 * one pass, then copy once (inserting them one by one at the front was quadratic).
 */
export function normalize(domain: Domain): Domain {
  if (domain.length === 0) return domain;
  let expected = 1;
  let missing = 0;
  for (const term of domain) {
    if (expected === 0) {
      missing += 1;
      expected = 1;
    }
    if (term === '&' || term === '|') expected += 1;
    else if (term !== '!') expected -= 1;
  }
  if (expected !== 0) throw new ValidationError('Invalid domain: an operator is missing operands');
  if (missing === 0) return domain;
  const result: Domain = new Array(missing + domain.length);
  result.fill('&', 0, missing);
  for (let i = 0; i < domain.length; i++) result[missing + i] = domain[i];
  return result;
}

/**
 * Compiles a domain on `meta` (table aliased as `alias`) into a WHERE fragment. With a `scope`, every
 * hop into another model is checked against the caller's access rights, restricted by the caller's
 * record rules there and counted against the domain limits; without one, the domain is the system's.
 */
export function compileDomain(
  domain: Domain, meta: ModelMeta, alias: string, registry: ModelRegistry, dialect: Dialect, lang: string, scope?: CallerScope,
): SqlFragment {
  const terms = normalize(domain);
  if (terms.length === 0) return TRUE;
  return compileTerms(terms, meta, alias, { registry, dialect, lang, depth: 0, scope });
}

/**
 * Normalized prefix terms to SQL, without recursion (a long domain would overflow the stack) and with
 * one bindings list: operators never reorder their operands, so the leaves' bindings, collected left to
 * right, are in the order their SQL appears; the operators are then applied from the right on a stack.
 */
function compileTerms(terms: Domain, meta: ModelMeta, alias: string, ctx: CompileContext): SqlFragment {
  const leafSql: string[] = new Array(terms.length);
  const bindings: unknown[] = [];
  for (let i = 0; i < terms.length; i++) {
    const term = terms[i];
    if (term === '&' || term === '|' || term === '!') continue;
    if (!Array.isArray(term)) throw new ValidationError(`Invalid domain term: ${JSON.stringify(term)}`);
    const leaf = compileLeaf(term, meta, alias, ctx);
    leafSql[i] = leaf.sql;
    for (const b of leaf.bindings) bindings.push(b);
  }
  const stack: string[] = [];
  for (let i = terms.length - 1; i >= 0; i--) {
    const term = terms[i];
    if (term === '!') {
      const inner = stack.pop();
      if (inner === undefined) throw new ValidationError('Invalid domain');
      // NOT of an unknown (NULL) comparison must be true, as for `!=`: ['!', ['qty', '=', 1]] keeps empty qty.
      stack.push(`(CASE WHEN ${inner} THEN 0 ELSE 1 END) = 1`);
    } else if (term === '&' || term === '|') {
      const a = stack.pop();
      const b = stack.pop();
      if (a === undefined || b === undefined) throw new ValidationError('Invalid domain');
      stack.push(`(${a} ${term === '&' ? 'AND' : 'OR'} ${b})`);
    } else {
      stack.push(leafSql[i]);
    }
  }
  if (stack.length !== 1) throw new ValidationError('Invalid domain');
  return { sql: stack[0], bindings };
}

function compileLeaf(leaf: Leaf, meta: ModelMeta, alias: string, ctx: CompileContext): SqlFragment {
  const [left, rawOp, value] = leaf;
  if (typeof left === 'number') {
    // The original platform's constant leaves (1, '=', 1) and (0, '=', 1).
    if (rawOp === '=' && value === 1 && (left === 0 || left === 1)) return left === 1 ? TRUE : FALSE;
    throw new ValidationError(`Invalid domain term: ${JSON.stringify(leaf)}`);
  }
  const op: Operator = rawOp === '<>' ? '!=' : rawOp;
  const [head, ...rest] = left.split('.');
  const field = meta.field(head);
  if (!field) throw new ValidationError(`Invalid field '${head}' in domain of model '${meta.name}'`);
  ctx.scope?.useField(field);
  if (field.compute && !field.stored) throw new ValidationError(`Field '${meta.name}.${head}' is not stored and cannot be searched`);
  if (ctx.depth > 8) throw new ValidationError('Domain path is too deep');

  if (rest.length > 0) {
    if (!field.comodel) throw new ValidationError(`Field '${meta.name}.${head}' is not relational; '${left}' is not a valid path`);
    const sub = subquery(field, ctx, [rest.join('.'), op, value] as Leaf);
    return relationalIn(field, meta, alias, ctx, sub, false);
  }
  if (field.type === 'one2many' || field.type === 'many2many') return compileToMany(field, meta, alias, ctx, op, value);
  if (field.type === 'many2one' && typeof value === 'string' && op !== '=' && op !== '!=' && !op.endsWith('in')) {
    // A name given for a many2one: match the target's display name.
    const co = ctx.registry.get(field.comodel!)!;
    if (!co.recName) throw new ValidationError(`Model '${co.name}' has no name to search`);
    const sub = subquery(field, ctx, [co.recName, op, value]);
    return { sql: `${q(alias)}.${q(field.name)} IN (${sub.sql})`, bindings: sub.bindings };
  }
  return compileScalar(field, columnExpr(field, alias, ctx.dialect, ctx.lang), op, value, ctx);
}

/** `SELECT id FROM comodel WHERE <leaf>`, limited to the comodel records the caller may read. */
function subquery(field: Field, ctx: CompileContext, leaf: Leaf): SqlFragment {
  return comodelIds(field, ctx, (co, a, inner) => compileLeaf(leaf, co, a, inner));
}

/**
 * `SELECT a.id FROM comodel a WHERE <condition>`: a hop into the comodel of `field`. For a caller, the
 * scope refuses it unless the caller may read the comodel, and the caller's record rules there are
 * added, compiled as the system's domains: rules are trusted server data (a rule whose path enters a
 * model the caller cannot read must still work), and compiling them without the scope cannot recurse
 * (rules of models a rule's path enters are not applied again).
 */
function comodelIds(
  field: Field, ctx: CompileContext, condition: (co: ModelMeta, alias: string, inner: CompileContext) => SqlFragment | null,
): SqlFragment {
  const co = ctx.registry.get(field.comodel!)!;
  const depth = ctx.depth + 1;
  const a = `t${depth}`;
  const rules = ctx.scope ? ctx.scope.enter(co.name, depth) : [];
  const inner = condition(co, a, { ...ctx, depth });
  const rule = rules.length ? compileTerms(normalize(rules), co, a, { ...ctx, depth, scope: undefined }) : null;
  const parts = [inner, rule].filter((f): f is SqlFragment => f !== null);
  const where = parts.length === 2 ? ` WHERE (${parts[0].sql}) AND (${parts[1].sql})` : parts.length ? ` WHERE ${parts[0].sql}` : '';
  return { sql: `SELECT ${q(a)}.id FROM ${q(co.table)} ${q(a)}${where}`, bindings: parts.flatMap((f) => f.bindings) };
}

/** Records of `meta` whose relational `field` reaches one of the ids selected by `sub`. */
function relationalIn(field: Field, meta: ModelMeta, alias: string, ctx: CompileContext, sub: SqlFragment, negate: boolean): SqlFragment {
  const not = negate ? 'NOT ' : '';
  if (field.type === 'many2one') return { sql: `${q(alias)}.${q(field.name)} ${not}IN (${sub.sql})`, bindings: sub.bindings };
  if (field.type === 'one2many') {
    const co = ctx.registry.get(field.comodel!)!;
    return {
      sql: `${q(alias)}.id ${not}IN (SELECT ${q(field.inverse!)} FROM ${q(co.table)} WHERE ${q(field.inverse!)} IS NOT NULL AND id IN (${sub.sql}))`,
      bindings: sub.bindings,
    };
  }
  return {
    sql: `${q(alias)}.id ${not}IN (SELECT ${q(field.column1!)} FROM ${q(field.relation!)} WHERE ${q(field.column2!)} IN (${sub.sql}))`,
    bindings: sub.bindings,
  };
}

function compileToMany(field: Field, meta: ModelMeta, alias: string, ctx: CompileContext, op: Operator, value: unknown): SqlFragment {
  const co = ctx.registry.get(field.comodel!)!;
  const emptyCheck = value === false || value === null || (Array.isArray(value) && value.length === 0 && op !== 'in' && op !== 'not in');
  if (emptyCheck && (op === '=' || op === '!=')) {
    // "has linked records" counts only those the caller may see.
    const any = relationalIn(field, meta, alias, ctx, comodelIds(field, ctx, () => null), false);
    return op === '=' ? { sql: `NOT (${any.sql})`, bindings: any.bindings } : any;
  }
  if (typeof value === 'string' || (Array.isArray(value) && value.some((v) => typeof v === 'string'))) {
    if (!co.recName) throw new ValidationError(`Model '${co.name}' has no name to search`);
    const sub = subquery(field, ctx, [co.recName, op, value]);
    return relationalIn(field, meta, alias, ctx, sub, false);
  }
  const ids = Array.isArray(value) ? value : [value];
  if (!ids.every((v) => Number.isSafeInteger(v))) throw new ValidationError(`Invalid ids for '${meta.name}.${field.name}'`);
  const negate = op === '!=' || op === 'not in';
  if (!['=', '!=', 'in', 'not in'].includes(op)) throw new ValidationError(`Operator '${op}' is not supported on '${meta.name}.${field.name}'`);
  if (ids.length === 0) return negate ? TRUE : FALSE;
  // Whether given records are linked is also a question about them: asked of those the caller may see.
  const sub = comodelIds(field, ctx, (_co, a) => ({ sql: `${q(a)}.id IN (${ids.map(() => '?').join(',')})`, bindings: ids }));
  return relationalIn(field, meta, alias, ctx, sub, negate);
}

function compileScalar(field: Field, col: string, op: Operator, value: unknown, ctx: CompileContext): SqlFragment {
  const conv = (v: unknown) => toDb(field, v, ctx.dialect);
  switch (op) {
    case '=':
    case '!=': {
      const isNull = value === false || value === null;
      if (field.type === 'boolean') {
        const truthy = !isNull && Boolean(value);
        const want = truthy === (op === '=');
        return want ? { sql: `${col} = ?`, bindings: [conv(true)] } : { sql: `(${col} IS NULL OR ${col} = ?)`, bindings: [conv(false)] };
      }
      if (isNull) return { sql: `${col} IS ${op === '=' ? '' : 'NOT '}NULL`, bindings: [] };
      if (Array.isArray(value)) throw new ValidationError(`Operator '${op}' takes a single value, not a list`);
      return op === '='
        ? { sql: `${col} = ?`, bindings: [conv(value)] }
        : { sql: `(${col} <> ? OR ${col} IS NULL)`, bindings: [conv(value)] };
    }
    case '<':
    case '<=':
    case '>':
    case '>=':
      if (value === false || value === null || Array.isArray(value)) throw new ValidationError(`Operator '${op}' needs a single value`);
      return { sql: `${col} ${op} ?`, bindings: [conv(value)] };
    case 'in':
    case 'not in': {
      if (!Array.isArray(value)) throw new ValidationError(`Operator '${op}' needs a list`);
      if (field.type === 'boolean') {
        // A boolean is true, or false/not set (as `= false` means): `in [false]` must match stored false too.
        const t = value.some((v) => Boolean(v));
        const f = value.some((v) => !v);
        if (t === f) return t === (op === 'in') ? TRUE : FALSE;
        return compileScalar(field, col, op === 'in' ? '=' : '!=', t, ctx);
      }
      const withNull = value.some((v) => v === false || v === null);
      const vals = value.filter((v) => v !== false && v !== null).map(conv);
      const parts: string[] = [];
      if (vals.length) parts.push(`${col} ${op === 'in' ? 'IN' : 'NOT IN'} (${vals.map(() => '?').join(',')})`);
      if (op === 'in') {
        if (withNull) parts.push(`${col} IS NULL`);
        return parts.length ? { sql: `(${parts.join(' OR ')})`, bindings: vals } : FALSE;
      }
      if (withNull) parts.push(`${col} IS NOT NULL`);
      else if (vals.length) return { sql: `(${parts[0]} OR ${col} IS NULL)`, bindings: vals };
      return parts.length ? { sql: `(${parts.join(' AND ')})`, bindings: vals } : TRUE;
    }
    default:
      return compileLike(field, col, op, value, ctx);
  }
}

function compileLike(field: Field, col: string, op: Operator, value: unknown, ctx: CompileContext): SqlFragment {
  if (typeof value !== 'string' && typeof value !== 'number') throw new ValidationError(`Operator '${op}' needs a text value`);
  const text = String(value);
  const exact = op.startsWith('=');
  const pattern = exact ? text : `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const insensitive = op.includes('ilike');
  const negate = op.startsWith('not');
  const asText = field.type === 'char' || field.type === 'text' || field.type === 'html' || field.type === 'selection' || field.translate
    ? col
    : `CAST(${col} AS ${ctx.dialect === 'postgres' ? 'TEXT' : 'TEXT'})`;
  const lhs = insensitive ? `LOWER(${asText})` : asText;
  const rhs = insensitive ? 'LOWER(?)' : '?';
  const esc = exact ? '' : ` ESCAPE '\\'`;
  const sql = `${lhs} LIKE ${rhs}${esc}`;
  return negate ? { sql: `(NOT (${sql}) OR ${col} IS NULL)`, bindings: [pattern] } : { sql, bindings: [pattern] };
}

export type { Domain, DomainTerm };
