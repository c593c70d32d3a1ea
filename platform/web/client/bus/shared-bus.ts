import { BusClient } from './bus-client';

let bus: BusClient | undefined;

/**
 * The tab's bus client. Islands hydrate as separate React roots, so they cannot share a context:
 * they share this instance instead (one per page, created on first use, in the common chunk).
 */
export function sharedBus(): BusClient {
  if (!bus) {
    bus = new BusClient();
    const client = bus;
    for (const event of ['mousemove', 'keydown', 'touchstart', 'scroll']) window.addEventListener(event, () => client.markActive(), { passive: true });
    window.addEventListener('pagehide', () => client.stop());
    client.start();
  }
  return bus;
}
