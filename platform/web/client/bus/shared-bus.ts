import { BusClient, type BusClientOptions } from './bus-client';

let bus: BusClient | undefined;

/**
 * The tab's bus client. Islands hydrate as separate React roots, so they cannot share a context:
 * they share this instance instead (one per page, created on first use, in the common chunk). Options
 * only matter to the first caller (the embedded chat passes its explicit session id).
 */
export function sharedBus(options?: BusClientOptions): BusClient {
  if (!bus) {
    bus = new BusClient(options);
    const client = bus;
    for (const event of ['mousemove', 'keydown', 'touchstart', 'scroll']) window.addEventListener(event, () => client.markActive(), { passive: true });
    window.addEventListener('pagehide', () => client.stop());
    client.start();
  }
  return bus;
}
