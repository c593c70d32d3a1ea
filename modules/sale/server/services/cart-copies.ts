import { LRUCache } from 'lru-cache';
import type { PartnerAddress } from '@platform/base';
import type { WriteSignal } from '@platform/http';
import type { TableWrite } from '@platform/db';
import type { TransactionInfo } from '@modules/payment';

/** One line of a cart as its pages show it (its product's template for the link and the picture). */
export interface CartLine {
  id: number;
  productId: number;
  name: string;
  qty: number;
  priceUnit: number;
  subtotal: number;
  tmplId: number | null;
  tmplName: string;
  pictured: boolean;
}

/** The order's contact as the checkout shows it and a payment copies it (no country names: those are cached apart). */
export type CartPartner = Pick<PartnerAddress, 'id' | 'name' | 'email' | 'phone' | 'lang' | 'street' | 'city' | 'zip' | 'countryId' | 'stateId'>;

/** An order with its lines and its contact, as one read gives them (`CartService.load`). */
export interface CartCopy {
  id: number;
  state: string;
  websiteId: number | null;
  partnerId: number;
  amountTotal: number;
  amountDelivery: number;
  name: string;
  currencyId: number;
  carrierId: number | null;
  carrierName: string | null;
  paymentTxId: number | null;
  /** The order's current transaction (payment's `joinInfo`), null without one. */
  payment: TransactionInfo | null;
  lines: CartLine[];
  partner: CartPartner | null;
}

/** The tables a copy is read from; a write to one that names no order drops every copy. */
const ORDER = 'sale_order';
const LINE = 'sale_order_line';
const PARTNER = 'res_partner';
const TRANSACTION = 'payment_transaction';
const OTHERS = ['delivery_carrier', 'product_product', 'product_template', 'res_currency'];
export const CART_TABLES = [ORDER, LINE, PARTNER, TRANSACTION, ...OTHERS];
const MAX_ENTRIES = 10_000;

/**
 * What a write names: the orders it may change (ids), every copy (`all`), or none (a new order or a new
 * contact cannot make a copy stale). Only the shapes the shop's own statements have are read: a
 * `where "id" = ?` (orders, contacts) or `"order_id" = ?` (lines) first and AND-ed, a line insert's
 * `order_id` column; anything else drops every copy.
 */
type Named = { orders?: number[]; orderNames?: string[]; partners?: number[]; transactions?: number[] } | 'all' | null;

/** Which of the statement's values the placeholder at `at` stands for. */
function placeholderIndex(sql: string, at: number): number {
  // PostgreSQL's statements number their parameters; SQLite's are counted.
  const m = /^\$(\d+)/.exec(sql.slice(at));
  if (m) return Number(m[1]) - 1;
  return (sql.slice(0, at).match(/\?/g) ?? []).length;
}

/** The statement's own WHERE (not a sub-query's): its position and text. */
function topWhere(sql: string): { index: number; 0: string } | null {
  const re = /\(|\)|\swhere\s+/gi;
  let depth = 0;
  for (let m = re.exec(sql); m; m = re.exec(sql)) {
    if (m[0] === '(') depth++;
    else if (m[0] === ')') depth--;
    else if (depth === 0) return m;
  }
  return null;
}

/**
 * Which value `col = ?` compares with when it is the first condition of the statement's WHERE, without
 * OR (null: none). Read from the SQL text alone, so worked out once per text: the shop's statements are
 * a few texts run again and again with other values.
 */
function whereFirstIndex(sql: string, col: string): number | null {
  const key = `${col}\u0000${sql}`;
  let index = firstConditions.get(key);
  if (index === undefined) firstConditions.set(key, (index = readWhereFirstIndex(sql, col) ?? NONE));
  return index === NONE ? null : index;
}

/** Per column and SQL text (a bounded number: statements with an IN list of any length differ in text). */
const firstConditions = new LRUCache<string, number>({ max: 1000 });
const NONE = -1;

function readWhereFirstIndex(sql: string, col: string): number | null {
  const where = topWhere(sql);
  if (!where || /\sor\s/i.test(sql.slice(where.index))) return null;
  const cond = new RegExp(`^[\`"]?${col}[\`"]?\\s*=\\s*(\\?|\\$\\d+)`, 'i').exec(sql.slice(where.index + where[0].length));
  if (!cond) return null;
  return placeholderIndex(sql, where.index + where[0].length + cond[0].length - cond[1].length);
}

/** The value `col = ?` compares with when it is the first condition of the statement's WHERE, without OR (undefined: none). */
function whereFirstValue(sql: string, col: string, bindings: readonly unknown[]): unknown {
  const index = whereFirstIndex(sql, col);
  return index === null ? undefined : bindings[index];
}

/** The id `col = ?` compares with when it is the first condition of the statement's WHERE, without OR. */
function whereFirst(sql: string, col: string, bindings: readonly unknown[]): number | undefined {
  const v = whereFirstValue(sql, col, bindings);
  return typeof v === 'number' || typeof v === 'bigint' || (typeof v === 'string' && /^\d+$/.test(v)) ? Number(v) : undefined;
}

function named(w: TableWrite): Named {
  // Through a foreign key of another table's statement (a country deleted, say): which rows, unknown.
  if (w.cascadedFrom !== undefined) return 'all';
  // An upsert or a replace (told as an update or a delete): its WHERE, if any, does not name the rows it changed.
  if (w.upsert) return 'all';
  const { table, sql, bindings } = w;
  const insert = w.verb === 'insert';
  if (table === ORDER || table === PARTNER || table === TRANSACTION) {
    if (insert) return null;
    const id = whereFirst(sql, 'id', bindings);
    if (id === undefined && table === ORDER) {
      // An order named by its reference (a paid draft confirmed by its payment's reference).
      const name = whereFirstValue(sql, 'name', bindings);
      return typeof name === 'string' ? { orderNames: [name] } : 'all';
    }
    return id === undefined ? 'all' : table === ORDER ? { orders: [id] } : table === PARTNER ? { partners: [id] } : { transactions: [id] };
  }
  if (table === LINE) {
    if (insert) {
      const cols = /\(([^)]*)\)\s*values\s*/i.exec(sql);
      const names = cols ? cols[1].split(',').map((c) => c.trim().replace(/[`"]/g, '')) : [];
      const at = names.indexOf('order_id');
      if (at < 0 || !names.length || bindings.length % names.length !== 0) return 'all';
      const orders: number[] = [];
      for (let i = at; i < bindings.length; i += names.length) orders.push(Number(bindings[i]));
      return orders.every(Number.isSafeInteger) ? { orders } : 'all';
    }
    const id = whereFirst(sql, 'order_id', bindings);
    return id === undefined ? 'all' : { orders: [id] };
  }
  return OTHERS.includes(table) ? 'all' : null;
}

function index<K>(map: Map<K, Set<number>>, key: K, orderId: number): void {
  const ids = map.get(key);
  if (ids) ids.add(orderId);
  else map.set(key, new Set([orderId]));
}

function unindex<K>(map: Map<K, Set<number>>, key: K, orderId: number): void {
  const ids = map.get(key);
  if (!ids) return;
  ids.delete(orderId);
  if (!ids.size) map.delete(key);
}

/**
 * This process's copies of the carts it read (an order, its lines, its contact), so the checkout's
 * pages do not read the same cart again at each step. Exact, like the sessions' copies (SessionCache):
 *
 * - a write through this process to an order, its lines or its contact drops that order's copy (every
 *   copy when the statement names none: a removed line, a product or a shipping method changed); a
 *   write inside a transaction drops them again when the transaction ends, and no copy is kept while
 *   it is open;
 * - a read that a change overlapped is not kept;
 * - other processes: a write elsewhere to a contact or a product (pages show them), or an update of an
 *   order or a transaction (`WriteSignal.announce`: every change of a cart's lines updates its order's
 *   amounts in the same transaction), drops every copy; the write signal tells it (SQLite: the tables'
 *   write counts, read when data_version moved; PostgreSQL: the NOTIFY naming the table);
 * - while the write signal cannot vouch for other processes (`exact()` false), nothing is kept.
 *
 * Every rule is still checked on each use (the draft state, the site, the session's order): a copy is
 * the rows as they are, not a decision.
 */
export class CartCopies {
  /** The copies, and which show each order name, contact and payment (kept in step by `dispose`). */
  private readonly copies = new LRUCache<number, CartCopy>({ max: MAX_ENTRIES, dispose: (copy, id) => this.unindex(copy, id) });
  private readonly byName = new Map<string, Set<number>>();
  private readonly byPartner = new Map<number, Set<number>>();
  private readonly byTransaction = new Map<number, Set<number>>();
  /** Bumped by a change that drops every copy. */
  private version = 0;
  /** Bumped per order (a change of that order): a read it overlapped is not kept. */
  private readonly orderVersions = new Map<number, number>();
  /** The connections whose open transaction wrote a cart, and what it named. */
  private readonly openWriters = new Map<string, Named[]>();
  private readonly loading = new Map<number, { at: string; promise: Promise<CartCopy | null> }>();

  constructor(private readonly signal: WriteSignal) {
    signal.announce(ORDER);
    signal.announce(LINE);
    signal.announce(TRANSACTION);
    signal.watch(CART_TABLES, (_table, elsewhere) => {
      // Local writes are followed statement by statement below; a change elsewhere drops everything.
      if (elsewhere) this.clear();
    });
    signal.watchWrites(CART_TABLES, {
      started: (w) => this.changed(w, true),
      ended: (w) => this.changed(w, false),
      transactionEnded: (connection) => this.released(connection),
    });
  }

  /**
   * The copy of an order, or what `load` reads (kept when nothing changed meanwhile). `shared`: the load
   * may be another request's that is under way, and this one's may serve others. A load in a transaction
   * is neither: on SQLite another's waits for the one connection the transaction holds, and the
   * transaction's may see its own writes, not committed yet.
   */
  async get(orderId: number, load: () => Promise<CartCopy | null>, shared = true): Promise<CartCopy | null> {
    this.signal.generation();
    if (!this.signal.exact()) {
      this.clear();
      return load();
    }
    const copy = this.copies.get(orderId);
    if (copy) return copy;
    const at = this.stamp(orderId);
    const pending = shared ? this.loading.get(orderId) : undefined;
    if (pending && pending.at === at) return pending.promise;
    const promise = load().then((row) => {
      this.signal.generation();
      if (row && this.stamp(orderId) === at && this.openWriters.size === 0 && this.signal.exact()) this.keep(orderId, row);
      return row;
    }).finally(() => {
      if (this.loading.get(orderId)?.promise === promise) this.loading.delete(orderId);
    });
    if (shared) this.loading.set(orderId, { at, promise });
    return promise;
  }

  private stamp(orderId: number): string {
    return `${this.version}.${this.orderVersions.get(orderId) ?? 0}`;
  }

  private changed(w: TableWrite, starting: boolean): void {
    const what = named(w);
    if (!what) return;
    if (starting && w.transaction !== undefined) {
      const list = this.openWriters.get(w.transaction) ?? [];
      list.push(what);
      this.openWriters.set(w.transaction, list);
    }
    this.drop(what);
  }

  private drop(what: Named): void {
    if (!what) return;
    if (what === 'all') {
      this.clear();
      return;
    }
    for (const id of what.orders ?? []) {
      this.copies.delete(id);
      this.loading.delete(id);
      if (this.orderVersions.size >= MAX_ENTRIES) {
        this.orderVersions.clear();
        this.version++;
      }
      this.orderVersions.set(id, (this.orderVersions.get(id) ?? 0) + 1);
    }
    const names = what.orderNames ?? [];
    const partners = what.partners ?? [];
    const transactions = what.transactions ?? [];
    if (names.length || partners.length || transactions.length) {
      // An order named by its reference, a contact's or a payment's change: the copies that show it (few:
      // the order of that name, the carts of that contact, the order of that payment). A copy is the row as
      // it is, so the order of that name is the copy of that name; one being read is not kept.
      this.version++;
      this.loading.clear();
      const shown = new Set<number>();
      for (const name of names) for (const id of this.byName.get(name) ?? []) shown.add(id);
      for (const partner of partners) for (const id of this.byPartner.get(partner) ?? []) shown.add(id);
      for (const tx of transactions) for (const id of this.byTransaction.get(tx) ?? []) shown.add(id);
      for (const id of shown) this.copies.delete(id);
    }
  }

  private keep(orderId: number, copy: CartCopy): void {
    this.copies.set(orderId, copy);
    // (Set after: replacing a copy disposes of the one it replaces, and with it that one's entries.)
    index(this.byName, copy.name, orderId);
    index(this.byPartner, copy.partnerId, orderId);
    if (copy.paymentTxId !== null) index(this.byTransaction, copy.paymentTxId, orderId);
  }

  private unindex(copy: CartCopy, orderId: number): void {
    unindex(this.byName, copy.name, orderId);
    unindex(this.byPartner, copy.partnerId, orderId);
    if (copy.paymentTxId !== null) unindex(this.byTransaction, copy.paymentTxId, orderId);
  }

  /** A connection is back in the pool: what its transaction wrote is committed (or undone), and read again from now on. */
  private released(connection: string): void {
    const list = this.openWriters.get(connection);
    if (!list) return;
    this.openWriters.delete(connection);
    for (const what of list) this.drop(what);
  }

  private clear(): void {
    this.version++;
    this.copies.clear();
    this.byName.clear();
    this.byPartner.clear();
    this.byTransaction.clear();
    this.loading.clear();
  }
}
