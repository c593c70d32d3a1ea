import { inject, injectable } from 'inversify';
import type { Notification } from './bus-options';
import { BusDispatcher, type BusSubscriber } from './bus-dispatcher';
import { BusService } from './bus-service';

/**
 * Long-poll semantics: answer at once with what the client has not seen, else wait for the first
 * notification on its channels (or the timeout, or the client leaving). The subscription is taken
 * before the table is read, so nothing published in between is lost.
 */
@injectable()
export class BusPoller {
  constructor(@inject(BusService) private readonly bus: BusService, @inject(BusDispatcher) private readonly dispatcher: BusDispatcher) {}

  async poll(channels: string[], last: number, opts: { timeoutMs: number; signal?: AbortSignal; peek?: boolean }): Promise<Notification[]> {
    const pushed: Notification[] = [];
    let wake: (() => void) | undefined;
    const subscriber: BusSubscriber = {
      channels: new Set(channels),
      push: (ns) => {
        // A wake-up arriving late for something the client already saw (id <= last) is not news.
        for (const n of ns) if (n.id > last) pushed.push(n);
        if (pushed.length) wake?.();
      },
    };
    const unsubscribe = this.dispatcher.subscribe(subscriber);
    try {
      const marker = await this.bus.tooOld(last);
      if (marker) return [marker];
      const stored = await this.bus.fetch(channels, last);
      if (stored.length || pushed.length || opts.peek) return merge(stored, pushed);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, opts.timeoutMs);
        function done(): void {
          clearTimeout(timer);
          opts.signal?.removeEventListener('abort', done);
          resolve();
        }
        wake = done;
        if (opts.signal?.aborted) done();
        else opts.signal?.addEventListener('abort', done, { once: true });
      });
      return merge([], pushed);
    } finally {
      unsubscribe();
    }
  }
}

/** Stored and pushed notifications, once each, in id order. */
export function merge(a: Notification[], b: Notification[]): Notification[] {
  if (b.length === 0) return a;
  const seen = new Set<number>();
  const out: Notification[] = [];
  for (const n of [...a, ...b]) {
    if (seen.has(n.id)) continue;
    seen.add(n.id);
    out.push(n);
  }
  return out.sort((x, y) => x.id - y.id);
}
