import { callKwArguments } from './call-kw';

/**
 * Rows a search without a limit is assumed to touch. It is not known before the query runs; this is
 * about what a full read of a mid-sized table costs (the 5,000 country states: ~70 ms on SQLite).
 */
export const UNBOUNDED_ROWS = 2000;

export interface CallKwCost {
  /** What the call is charged, in units of about a millisecond of database work on a mid-sized table. */
  units: number;
  /** Conditions in its domain(s): each one is evaluated on every row the query scans. */
  leaves: number;
  /** Rows it was charged for (see `extraUnits` for a result that holds more). */
  rows: number;
}

/**
 * What a call_kw call will cost, estimated from its arguments before it runs: 1 for the round trip,
 * half a unit per domain condition (200 `ilike` conditions on 5,000 rows take ~0.1 s on SQLite) and a
 * unit per 50 rows read or written (the limit asked, ids given, records created; UNBOUNDED_ROWS without a
 * limit or above it, the rows beyond charged once they are known). Arguments callKw would refuse throw
 * the same ValidationError here.
 */
export function callKwCost(method: string, args: unknown[], kwargs: Record<string, unknown>): CallKwCost {
  const { named } = callKwArguments(method, args, kwargs);
  let leaves = 0;
  let rows = 0;
  switch (method) {
    case 'search':
    case 'search_read':
      leaves = domainLeaves(named.domain);
      rows = named.count ? 0 : limitOf(named.limit, UNBOUNDED_ROWS);
      break;
    case 'search_count':
      leaves = domainLeaves(named.domain);
      break;
    case 'read_group':
      // Every matching row is read to be grouped, whatever the limit on groups.
      leaves = domainLeaves(named.domain);
      rows = UNBOUNDED_ROWS;
      break;
    case 'name_search':
      leaves = domainLeaves(named.args) + 1;
      rows = limitOf(named.limit, 100);
      break;
    case 'read':
    case 'write':
    case 'unlink':
      rows = Array.isArray(named.ids) ? named.ids.length : 1;
      break;
    case 'create':
      rows = Array.isArray(named.vals) ? named.vals.length : 1;
      break;
    default:
      rows = 1; // name_create, copy, default_get, fields_get
  }
  return { units: Math.ceil(1 + leaves / 2 + rows / ROWS_PER_UNIT), leaves, rows };
}

/** Units a call's result shows it cost beyond its estimate: the rows of a list longer than it was charged for. */
export function extraUnits(cost: CallKwCost, result: unknown): number {
  return Array.isArray(result) && result.length > cost.rows ? Math.ceil((result.length - cost.rows) / ROWS_PER_UNIT) : 0;
}

const ROWS_PER_UNIT = 50;

/** Conditions of a domain (its lists; '&', '|', '!' cost nothing). Not a list: 0, callKw refuses it. */
function domainLeaves(domain: unknown): number {
  return Array.isArray(domain) ? domain.filter((term) => Array.isArray(term)).length : 0;
}

function limitOf(limit: unknown, otherwise: number): number {
  return Number.isInteger(limit) && (limit as number) > 0 ? Math.min(limit as number, UNBOUNDED_ROWS) : otherwise;
}
