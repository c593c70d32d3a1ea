import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { LoggerToken } from './tokens';

/**
 * Work that runs after its request has been answered (a mail whose sending must not delay or reveal
 * anything in the answer). Its failure has nobody to answer to: it is logged, with the request's id
 * (the logger reads the RequestScope, which follows the work), and goes no further. Without this, one
 * throw inside a bare `setImmediate` ends the process.
 */
@injectable()
export class DetachedWork {
  constructor(@inject(LoggerToken) private readonly logger: Logger) {}

  /** Runs `work` once the current turn of the event loop is over; `what` names it in the log. */
  run(what: string, work: () => unknown, details: Record<string, unknown> = {}): void {
    setImmediate(() => {
      try {
        const result = work();
        if (result instanceof Promise) result.catch((err: unknown) => this.failed(what, err, details));
      } catch (err) {
        this.failed(what, err, details);
      }
    });
  }

  private failed(what: string, err: unknown, details: Record<string, unknown>): void {
    this.logger.error({ err, ...details }, `${what} failed`);
  }
}
