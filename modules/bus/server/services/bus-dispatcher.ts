import { injectable } from 'inversify';
import type { Notification } from './bus-options';

/** Someone waiting for notifications in this process: a long-poll or a WebSocket connection. */
export interface BusSubscriber {
  channels: ReadonlySet<string>;
  push(notifications: Notification[]): void;
}

/**
 * In-memory fan-out of one process: notifications (read from the table on SQLite, from LISTEN/NOTIFY on
 * PostgreSQL) go to the subscribers of their channels. Indexed by channel so a message costs the
 * number of its listeners, not the number of connections.
 */
@injectable()
export class BusDispatcher {
  private readonly byChannel = new Map<string, Set<BusSubscriber>>();
  private readonly all = new Set<BusSubscriber>();

  subscribe(subscriber: BusSubscriber): () => void {
    this.all.add(subscriber);
    for (const channel of subscriber.channels) {
      let set = this.byChannel.get(channel);
      if (!set) this.byChannel.set(channel, (set = new Set()));
      set.add(subscriber);
    }
    return () => this.unsubscribe(subscriber);
  }

  private unsubscribe(subscriber: BusSubscriber): void {
    this.all.delete(subscriber);
    for (const channel of subscriber.channels) {
      const set = this.byChannel.get(channel);
      if (!set) continue;
      set.delete(subscriber);
      if (set.size === 0) this.byChannel.delete(channel);
    }
  }

  deliver(notifications: Notification[]): void {
    if (notifications.length === 1) {
      for (const s of this.byChannel.get(notifications[0].channel) ?? []) s.push(notifications);
      return;
    }
    const batches = new Map<BusSubscriber, Notification[]>();
    for (const n of notifications) {
      for (const s of this.byChannel.get(n.channel) ?? []) {
        const list = batches.get(s);
        if (list) list.push(n);
        else batches.set(s, [n]);
      }
    }
    for (const [s, list] of batches) s.push(list);
  }

  get subscriberCount(): number {
    return this.all.size;
  }
}
