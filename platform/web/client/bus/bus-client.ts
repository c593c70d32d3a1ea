import { BusConnection, type BusNotification, type ConnectionState } from './bus-connection';
import { createTabMessenger, type TabMessage, type TabMessenger } from './tab-messenger';
import { SPEC_TIMINGS, type BusTimings } from './timings';

/** What the master tab runs: the real connection, or a fake in tests. */
export interface BusConnectionLike {
  start(): void;
  stop(): void;
  refresh(): void;
  reportPresence?(): void;
}

export interface BusClientOptions {
  /** Server to talk to ('' = this site). The embedded chat passes the chat server's origin. */
  baseUrl?: string;
  timings?: BusTimings;
  /** Shared by the tabs (localStorage); null: this tab works alone. */
  storage?: Storage | null;
  messenger?: TabMessenger;
  /** Prefix of the storage keys and of the BroadcastChannel name. */
  name?: string;
  websocket?: boolean;
  /** Explicit session id (embedded chat on another site, where the cookie is not sent). */
  sessionId?: string;
  connection?: (state: () => ConnectionState, deliver: (n: BusNotification[]) => void) => BusConnectionLike;
  now?: () => number;
}

type Listener = (notifications: BusNotification[]) => void;

interface MasterRecord {
  id: string;
  at: number;
}

/**
 * The browser side of the bus: one connection per browser for all tabs of the site. Tabs elect a
 * master through localStorage (a heartbeat record); the master holds the connection for the union of
 * every tab's channels and shares what arrives over a BroadcastChannel. When the master stops beating
 * for `masterDead` another tab claims the record and takes over, resuming from the last id it saw
 * (or the stored one, unless it is older than `lastIdStale`).
 */
export class BusClient {
  readonly tabId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  private readonly timings: BusTimings;
  private readonly storage: Storage | null;
  private readonly messenger: TabMessenger | null;
  private readonly keys: { master: string; last: string };
  private readonly now: () => number;
  private readonly channels = new Map<string, number>();
  private readonly peers = new Map<string, { channels: string[]; seen: number; activeAt: number }>();
  private readonly listeners = new Set<Listener>();
  private connection?: BusConnectionLike;
  private master = false;
  private started = false;
  private lastId = 0;
  private activeAt: number;
  private masterSeenAt = 0;
  private knownMaster?: string;
  private lastPeerBeat = 0;
  private lastPresence = 0;
  private timer?: ReturnType<typeof setInterval>;
  private connectedChannels = '';

  constructor(private readonly opts: BusClientOptions = {}) {
    this.timings = opts.timings ?? SPEC_TIMINGS;
    this.now = opts.now ?? Date.now;
    this.activeAt = this.now();
    const name = opts.name ?? 'bus';
    this.keys = { master: `${name}.master`, last: `${name}.last` };
    this.storage = opts.storage === undefined ? safeLocalStorage() : opts.storage;
    this.messenger = this.storage ? (opts.messenger ?? createTabMessenger(name, this.storage)) : null;
  }

  get isMaster(): boolean {
    return this.master;
  }

  /** Channels of every tab (on the master), else this tab's. */
  get allChannels(): string[] {
    const all = new Set(this.channels.keys());
    for (const p of this.peers.values()) for (const c of p.channels) all.add(c);
    return [...all].sort();
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.messenger?.onMessage((m) => this.onTabMessage(m));
    this.announce();
    this.tick();
    this.timer = setInterval(() => this.tick(), this.timings.masterHeartbeat);
  }

  /** Leaves: a master hands over at once instead of letting the others wait for it to be declared dead. */
  stop(): void {
    if (!this.started) return;
    this.started = false;
    clearInterval(this.timer);
    if (this.master) {
      this.connection?.stop();
      this.connection = undefined;
      this.master = false;
      if (this.readMaster()?.id === this.tabId) this.storage?.removeItem(this.keys.master);
    }
    this.messenger?.post({ type: 'leaving', from: this.tabId });
    this.messenger?.close();
  }

  addChannel(channel: string): void {
    this.channels.set(channel, (this.channels.get(channel) ?? 0) + 1);
    this.channelsChanged();
  }

  removeChannel(channel: string): void {
    const n = this.channels.get(channel) ?? 0;
    if (n <= 1) this.channels.delete(channel);
    else this.channels.set(channel, n - 1);
    this.channelsChanged();
  }

  /** Listens to notifications; returns the function that stops listening. */
  onNotification(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The user did something in this tab (presence is computed from the most recent tab). */
  markActive(): void {
    this.activeAt = this.now();
  }

  /** Re-subscribes with the current channels (e.g. after the session changed on the server). */
  reconnect(): void {
    if (this.master) {
      this.connection?.stop();
      this.connection?.start();
    }
  }

  private channelsChanged(): void {
    if (!this.started) return;
    if (this.master) this.refreshConnection();
    else this.announce();
  }

  private announce(): void {
    this.lastPeerBeat = this.now();
    this.messenger?.post({ type: 'peer', from: this.tabId, channels: [...this.channels.keys()], activeAt: this.activeAt });
  }

  private tick(): void {
    const now = this.now();
    if (this.master) {
      // Still ours? Another tab may have claimed the record while this one was frozen.
      const record = this.readMaster();
      if (record && record.id !== this.tabId && now - record.at < this.timings.masterDead) return this.stepDown();
      this.writeMaster(now);
      this.messenger?.post({ type: 'master', from: this.tabId });
      let dropped = false;
      for (const [id, p] of this.peers) {
        if (now - p.seen > this.timings.peerDropped) {
          this.peers.delete(id);
          dropped = true;
        }
      }
      if (dropped) this.refreshConnection();
      if (now - this.lastPresence >= this.timings.presenceCheck) {
        this.lastPresence = now;
        this.connection?.reportPresence?.();
      }
      return;
    }
    if (now - this.lastPeerBeat >= this.timings.tabHeartbeat) this.announce();
    const record = this.readMaster();
    const alive = record && now - record.at < this.timings.masterDead && record.id !== this.tabId;
    if (!alive) this.claim();
  }

  /** Claims the master record, then checks a moment later that no other tab overwrote it. */
  private claim(): void {
    if (!this.storage) return this.becomeMaster();
    this.writeMaster(this.now());
    setTimeout(() => {
      if (this.started && !this.master && this.readMaster()?.id === this.tabId) this.becomeMaster();
    }, 30 + Math.floor(Math.random() * 40));
  }

  private becomeMaster(): void {
    this.master = true;
    const stored = this.readLast();
    if (stored && this.now() - stored.at < this.timings.lastIdStale) this.lastId = Math.max(this.lastId, stored.id);
    const state = (): ConnectionState => ({ channels: this.allChannels, last: this.lastId, inactivity: () => this.inactivity() });
    const deliver = (ns: BusNotification[]) => this.receive(ns, true);
    this.connection = this.opts.connection
      ? this.opts.connection(state, deliver)
      : new BusConnection(this.opts.baseUrl ?? '', this.timings, state, deliver, { websocket: this.opts.websocket ?? true, sessionId: this.opts.sessionId });
    this.connectedChannels = this.allChannels.join('\n');
    this.connection.start();
    this.writeMaster(this.now());
    this.messenger?.post({ type: 'master', from: this.tabId });
  }

  private stepDown(): void {
    this.master = false;
    this.connection?.stop();
    this.connection = undefined;
    this.peers.clear();
    this.announce();
  }

  private refreshConnection(): void {
    const key = this.allChannels.join('\n');
    if (key === this.connectedChannels) return;
    this.connectedChannels = key;
    this.connection?.refresh();
  }

  private onTabMessage(m: TabMessage): void {
    if (!m || m.from === this.tabId) return;
    switch (m.type) {
      case 'peer':
      case 'channels':
        if (!this.master) return;
        this.peers.set(m.from, { channels: (m.channels as string[]) ?? [], seen: this.now(), activeAt: Number(m.activeAt) || 0 });
        this.refreshConnection();
        return;
      case 'leaving':
        if (this.master) {
          if (this.peers.delete(m.from)) this.refreshConnection();
        } else if (m.from === this.knownMaster) {
          this.claim();
        }
        return;
      case 'master':
        if (this.master) {
          // Two masters (both claimed at once): the smaller id keeps the connection.
          if (m.from < this.tabId) this.stepDown();
          return;
        }
        this.masterSeenAt = this.now();
        if (m.from !== this.knownMaster) {
          this.knownMaster = m.from;
          this.announce(); // a new master learns this tab's channels
        }
        return;
      case 'notifications':
        this.receive(m.notifications as BusNotification[], false);
        return;
    }
  }

  private receive(notifications: BusNotification[], fromServer: boolean): void {
    for (const n of notifications) if (n.id > this.lastId) this.lastId = n.id;
    if (fromServer) {
      this.storage?.setItem(this.keys.last, JSON.stringify({ id: this.lastId, at: this.now() }));
      this.messenger?.post({ type: 'notifications', from: this.tabId, notifications });
    }
    for (const l of [...this.listeners]) {
      try {
        l(notifications);
      } catch (err) {
        console.error('bus listener failed', err);
      }
    }
  }

  private inactivity(): number {
    let latest = this.activeAt;
    for (const p of this.peers.values()) latest = Math.max(latest, p.activeAt);
    return Math.max(0, this.now() - latest);
  }

  private readMaster(): MasterRecord | null {
    return parse<MasterRecord>(this.storage?.getItem(this.keys.master));
  }

  private writeMaster(at: number): void {
    this.storage?.setItem(this.keys.master, JSON.stringify({ id: this.tabId, at }));
  }

  private readLast(): { id: number; at: number } | null {
    return parse<{ id: number; at: number }>(this.storage?.getItem(this.keys.last));
  }

  /** For tests and diagnostics: when this tab last heard the master. */
  get masterHeardAt(): number {
    return this.masterSeenAt;
  }
}

function parse<T>(text: string | null | undefined): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

function safeLocalStorage(): Storage | null {
  try {
    const s = window.localStorage;
    s.setItem('bus.probe', '1');
    s.removeItem('bus.probe');
    return s;
  } catch {
    return null;
  }
}
