import { AsyncLocalStorage } from 'node:async_hooks';

/** What is known of the request a piece of work runs for. */
export interface RequestScopeData {
  requestId: string;
}

/**
 * The request the current code runs for, carried across awaits, timers and `setImmediate`
 * (AsyncLocalStorage), so that a log line written by deferred work, or by the process's last-resort
 * error handlers, names the request that started it. One per process: `main` makes it and every
 * kernel of the process (reloads included) gets it through its boot options and the container.
 */
export class RequestScope {
  private readonly storage = new AsyncLocalStorage<RequestScopeData>();

  run<T>(data: RequestScopeData, work: () => T): T {
    return this.storage.run(data, work);
  }

  current(): RequestScopeData | undefined {
    return this.storage.getStore();
  }
}
