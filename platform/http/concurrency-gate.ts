/** Gives back a slot taken with `ConcurrencyGate.enter` (calling it again does nothing). */
export type Release = () => void;

interface Lane {
  running: number;
  waiting: Array<(release: Release) => void>;
}

/**
 * How many pieces of work of one key (a client address, an account) run at once in this process,
 * with a bounded queue behind them served in order. In-process on purpose: what it protects is this
 * process's event loop and database connections (SQLite has one), which a client holding many slots
 * at once would keep from everyone else.
 */
export class ConcurrencyGate {
  private readonly lanes = new Map<string, Lane>();

  constructor(readonly maxRunning: number, readonly maxWaiting: number) {}

  /**
   * A slot for `key`: a promise of its release, settled at once when one is free or later in turn;
   * null when `maxWaiting` already wait (the caller refuses the work).
   */
  enter(key: string): Promise<Release> | null {
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      this.lanes.set(key, lane);
    }
    if (lane.running < this.maxRunning) {
      lane.running++;
      return nextTurn(this.releaser(key, lane));
    }
    if (lane.waiting.length >= this.maxWaiting) return null;
    const queued = lane;
    return new Promise((resolve) => queued.waiting.push(resolve));
  }

  /** Work running for `key` now (for tests and logs). */
  runningFor(key: string): number {
    return this.lanes.get(key)?.running ?? 0;
  }

  private releaser(key: string, lane: Lane): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = lane.waiting.shift();
      // The slot passes to the next in line (in a later turn, see nextTurn); a lane with nothing left is forgotten.
      if (next) void nextTurn(this.releaser(key, lane)).then(next);
      else if (--lane.running === 0) this.lanes.delete(key);
    };
  }
}

/**
 * `value` in a later turn of the event loop. SQLite answers synchronously: work started at once would
 * run, from the request that arrived first to the last, before the loop even reads the requests behind
 * them (a health check among them). Started from the check phase, each piece of work lets the loop
 * first read what has arrived meanwhile: other clients are answered between two calls of one client,
 * and a burst is queued or refused before any of it runs.
 */
function nextTurn<T>(value: T): Promise<T> {
  return new Promise((resolve) => setImmediate(() => resolve(value)));
}
