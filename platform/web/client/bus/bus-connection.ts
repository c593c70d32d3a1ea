import { errorRetryDelay, type BusTimings } from './timings';

export interface BusNotification {
  id: number;
  channel: string;
  message: unknown;
}

export interface ConnectionState {
  channels: string[];
  last: number;
  inactivity: () => number;
}

/**
 * The one connection of the browser (held by the master tab): a WebSocket, or long-polling when
 * WebSockets fail. Both resume from the last id seen and hand notifications to `deliver`.
 */
export class BusConnection {
  private socket?: WebSocket;
  private poll?: AbortController;
  private stopped = true;
  private wsFailures = 0;
  private retryTimer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly baseUrl: string,
    private readonly timings: BusTimings,
    private readonly state: () => ConnectionState,
    private readonly deliver: (notifications: BusNotification[]) => void,
    private readonly opts: { websocket: boolean; sessionId?: string } = { websocket: true },
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.socket?.close();
    this.socket = undefined;
    this.poll?.abort();
    this.poll = undefined;
  }

  /** The channels changed: tell the server (re-subscribe, or restart the pending poll). */
  refresh(): void {
    if (this.stopped) return;
    if (this.socket) {
      // A new socket rather than a new subscribe: the server reads the session cookie at the upgrade,
      // and a visitor's first chat may just have created that session. It resumes from the last id.
      const old = this.socket;
      this.socket = undefined;
      old.close();
      this.connect();
    } else {
      this.poll?.abort();
    }
  }

  reportPresence(): void {
    if (this.socket?.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify({ event_name: 'update_presence', data: { inactivity_period: this.state().inactivity() } }));
    }
  }

  private connect(): void {
    if (this.stopped) return;
    if (this.opts.websocket && typeof WebSocket !== 'undefined' && this.wsFailures < 3) this.openSocket();
    else void this.longPoll();
  }

  private openSocket(): void {
    const url = new URL('/websocket', this.baseUrl || window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    if (this.opts.sessionId) url.searchParams.set('session_id', this.opts.sessionId);
    const socket = new WebSocket(url);
    this.socket = socket;
    let opened = false;
    socket.addEventListener('open', () => {
      opened = true;
      this.wsFailures = 0;
      this.subscribe(socket);
    });
    socket.addEventListener('message', (e) => {
      const frame = JSON.parse(String(e.data)) as unknown;
      if (Array.isArray(frame)) this.deliver(frame as BusNotification[]);
    });
    socket.addEventListener('close', () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (this.stopped) return;
      if (!opened) this.wsFailures++;
      // A socket that worked is reopened at once; one that never opened counts toward falling back to long-polling.
      this.retryTimer = setTimeout(() => this.connect(), opened ? 500 : 1000 * this.wsFailures);
    });
  }

  private subscribe(socket: WebSocket): void {
    const { channels, last, inactivity } = this.state();
    socket.send(JSON.stringify({ event_name: 'subscribe', data: { channels, last, options: { bus_inactivity: inactivity() } } }));
  }

  private async longPoll(): Promise<void> {
    while (!this.stopped) {
      const controller = new AbortController();
      this.poll = controller;
      const timeout = setTimeout(() => controller.abort(), this.timings.longPollTimeout);
      const { channels, last, inactivity } = this.state();
      try {
        const headers: Record<string, string> = { 'Content-Type': 'application/json' };
        if (this.opts.sessionId) headers['X-Openerp-Session-Id'] = this.opts.sessionId;
        const res = await fetch(new URL('/longpolling/poll', this.baseUrl || window.location.href), {
          method: 'POST', credentials: this.opts.sessionId ? 'omit' : 'same-origin', headers, signal: controller.signal,
          body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: Date.now(), params: { channels, last, options: { bus_inactivity: inactivity() } } }),
        });
        const body = (await res.json()) as { result?: BusNotification[]; error?: unknown };
        if (body.error || !Array.isArray(body.result)) throw new Error('poll refused');
        if (body.result.length) this.deliver(body.result);
      } catch {
        if (this.stopped) return;
        // An abort means the channels changed or the request timed out: poll again at once.
        if (!controller.signal.aborted) {
          await new Promise((r) => (this.retryTimer = setTimeout(r, errorRetryDelay(this.timings))));
        }
      } finally {
        clearTimeout(timeout);
      }
    }
  }
}
