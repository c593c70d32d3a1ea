import type { Logger } from 'pino';
import type { RequestScope } from '@platform/core/request-scope';

/**
 * The last resort against errors nothing caught, so that one bad request cannot stop the site:
 * - a rejected promise nobody awaited is logged (with the request that started it, from the logger's
 *   scope) and the process keeps serving: the rejection unwound its own chain of work and nothing else;
 * - an exception thrown from a callback of work a request started (it runs in that request's scope)
 *   is logged the same way and the process keeps serving: that work could only touch its own request;
 * - an exception outside any request (the server's own machinery: timers, pools, listeners) may have
 *   left shared state half-changed: it is logged as fatal and `stop` ends the process gracefully with
 *   code 1, for its supervisor (the WORKERS primary, systemd, a container) to start a fresh one.
 * Installed once per process by `main`; returns a function that removes the handlers (tests).
 */
export function guardProcess(logger: Logger, scope: RequestScope, stop: (code: number) => void): () => void {
  const onRejection = (reason: unknown) => {
    logger.error({ err: reason }, 'unhandled promise rejection; still serving');
  };
  const onException = (err: Error, origin: string) => {
    if (scope.current()) {
      logger.error({ err, origin }, 'uncaught exception in work of a request; still serving');
      return;
    }
    logger.fatal({ err, origin }, 'uncaught exception outside any request: stopping this process');
    stop(1);
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}
