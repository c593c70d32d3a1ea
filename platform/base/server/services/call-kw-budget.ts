import { ValidationError } from '@platform/core/errors';
import type { Config } from '@platform/core/config';
import { addressBucket } from '@platform/http/address-bucket';
import { ConcurrencyGate, type Release } from '@platform/http/concurrency-gate';
import type { RateLimiter } from '@platform/http/rate-limiter';
import type { RequestContext } from '@platform/http/route-definition';
import { TooManyRequests } from '@platform/http/too-many-requests';
import { callKwCost, extraUnits } from '@platform/orm/call-kw-cost';
import { MAX_DOMAIN_LEAVES } from '@platform/orm/domain-limits';

/**
 * Domain conditions a caller outside the staff may put in one call. Each condition is evaluated on
 * every row scanned: 200 `ilike` conditions on the 5,000 country states hold SQLite (synchronous: the
 * whole process) for ~0.1 s, 50 for ~25 ms. A website's own calls use a handful; the back office,
 * for internal users, keeps the general bound of 200 (platform/orm/domain-limits.ts).
 */
export const MAX_PUBLIC_DOMAIN_LEAVES = 50;

/** The sliding window of the budgets (rate-limiter.ts). */
const WINDOW_SECONDS = 60;

/**
 * Calls at once in this process: per address for visitors and portal users (one running, the next
 * ones queued in order), all of them together (PostgreSQL keeps connections for pages and /health:
 * its pool has 10), per account for internal users (the back office sends a few at once).
 */
const PER_ADDRESS = { running: 1, waiting: 8 };
const ALL_PUBLIC = { running: 4, waiting: 64 };
const PER_STAFF_ACCOUNT = { running: 4, waiting: 32 };

/**
 * The budget of `/web/dataset/call_kw`, which anyone may call. Each call is charged its estimated
 * cost (call-kw-cost.ts: domain conditions, rows asked for) in sliding windows kept in the database
 * (shared by all workers): visitors and portal users per address (an IPv6 client per /64) and, when
 * signed in, per account; internal users, whose back office lives on call_kw, per account with a
 * budget twenty times larger (staff behind one office address do not share one). A call that does not
 * fit answers 429 with Retry-After, and so does one finding too many calls of its client already
 * running and queued in this process. Rows returned beyond the estimate are charged afterwards.
 */
export class CallKwBudget {
  private readonly perAddress = new ConcurrencyGate(PER_ADDRESS.running, PER_ADDRESS.waiting);
  private readonly allPublic = new ConcurrencyGate(ALL_PUBLIC.running, ALL_PUBLIC.waiting);
  private readonly perStaffAccount = new ConcurrencyGate(PER_STAFF_ACCOUNT.running, PER_STAFF_ACCOUNT.waiting);

  constructor(private readonly limiter: RateLimiter, private readonly config: Pick<Config, 'callKwBudget'>) {}

  /** Runs `work` (the call) once `method(args, kwargs)` is within the caller's budget and turn. */
  async run<T>(req: RequestContext, method: string, args: unknown[], kwargs: Record<string, unknown>, work: () => Promise<T>): Promise<T> {
    const staff = !req.isPublic && (req.env.hasGroup('base.group_user') || req.env.hasGroup('base.group_system'));
    const cost = callKwCost(method, args, kwargs);
    // Before any charge: a domain the ORM would refuse is not a matter of waiting (a 429 would say so).
    const maxLeaves = staff ? MAX_DOMAIN_LEAVES : MAX_PUBLIC_DOMAIN_LEAVES;
    if (cost.leaves > maxLeaves) throw new ValidationError(`Domain too complex: more than ${maxLeaves} conditions`);
    const address = addressBucket(req.ip);
    const { publicPerMinute, internalPerMinute } = this.config.callKwBudget;
    const buckets: Array<[key: string, max: number]> = staff
      ? [[`call_kw:uid:${req.user.id}`, internalPerMinute]]
      : [[`call_kw:${address}`, publicPerMinute], ...(req.isPublic ? [] : [[`call_kw:uid:${req.user.id}`, publicPerMinute] as [string, number]])];
    const lanes: Array<[ConcurrencyGate, string]> = staff ? [[this.perStaffAccount, `uid:${req.user.id}`]] : [[this.perAddress, address], [this.allPublic, '']];
    const releases: Release[] = [];
    let result: T;
    try {
      // The turn first: a client's calls reach the database (budget included) one at a time, so that
      // a burst of them cannot queue on the connection pool in front of everyone else's requests; what
      // does not fit in the queue is refused without touching the database. Always in this order
      // (address, then all), so that two calls never wait for each other's slot.
      for (const [gate, key] of lanes) {
        const entered = gate.enter(key);
        if (!entered) throw new TooManyRequests('Too many requests at once. Please wait a moment and try again.', 1);
        releases.push(await entered);
      }
      for (const [key, max] of buckets) {
        // A call costing more than a whole window's budget runs when the budget is untouched, and uses it up.
        const taken = await this.limiter.take(key, max, WINDOW_SECONDS, Math.min(cost.units, max));
        if (!taken.ok) throw new TooManyRequests('Too many requests. Please wait a moment and try again.', taken.retryAfterSeconds);
      }
      result = await work();
    } finally {
      for (const release of releases.reverse()) release();
    }
    const extra = extraUnits(cost, result);
    for (const [key] of extra ? buckets : []) await this.limiter.increment(key, WINDOW_SECONDS, extra);
    return result;
  }
}
