import type WebSocket from 'ws';
import type { Notification } from '../services/bus-options';
import type { BusSubscriber } from '../services/bus-dispatcher';

/** Serialises (and encodes) a batch once even when thousands of connections receive the same array. */
const serialized = new WeakMap<Notification[], Buffer>();
function frame(list: Notification[]): Buffer {
  let data = serialized.get(list);
  if (data === undefined) {
    data = Buffer.from(JSON.stringify(list));
    serialized.set(list, data);
  }
  return data;
}

/** How long the ids of a backlog are remembered, to drop their late wake-ups (NOTIFY lag is milliseconds). */
const BACKLOG_MEMORY_MS = 10_000;

/**
 * One WebSocket client. Kept small on purpose (10,000 of them per process): the socket, who it is
 * (session id, user id) and what it listens to. While a subscription's backlog is being read, live
 * notifications are held back and sent after it, minus the ones the backlog already had.
 */
export class BusConnection implements BusSubscriber {
  channels: ReadonlySet<string> = new Set();
  unsubscribe?: () => void;
  alive = true;
  private held?: Notification[];

  constructor(readonly socket: WebSocket, readonly sid: string | undefined, readonly userId: number | null) {}

  /** Ids up to the client's resume point were already seen: a late wake-up must not send them again. */
  private floor = 0;

  /** Ids just sent from the table: their wake-up may still be on its way from another process. */
  private backlogIds?: Set<number>;
  private backlogAt = 0;

  push(list: Notification[]): void {
    if (this.backlogIds && Date.now() - this.backlogAt > BACKLOG_MEMORY_MS) this.backlogIds = undefined;
    const recent = this.backlogIds;
    if (list.some((n) => n.id <= this.floor || recent?.has(n.id))) list = list.filter((n) => n.id > this.floor && !recent?.has(n.id));
    if (list.length === 0) return;
    if (this.held) this.held.push(...list);
    else this.send(frame(list));
  }

  holdLive(last: number): void {
    this.floor = last;
    this.held = [];
  }

  /** Sends the backlog, then whatever arrived meanwhile that the backlog did not contain. */
  release(backlog: Notification[]): void {
    const held = this.held ?? [];
    this.held = undefined;
    const seen = new Set(backlog.map((n) => n.id));
    const rest = held.filter((n) => !seen.has(n.id));
    if (seen.size) {
      this.backlogIds = seen;
      this.backlogAt = Date.now();
    }
    if (backlog.length) this.send(frame(backlog));
    if (rest.length) this.send(frame(rest));
  }

  /** Always a text frame, even from a Buffer. */
  send(data: string | Buffer): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(data, { binary: false });
  }

  sendError(name: string, message: string): void {
    this.send(JSON.stringify({ error: { name, message } }));
  }
}
