/** Timings of the bus. One object per process, bound in the container; tests shorten the waits. */
export interface BusOptions {
  /** How long a long-poll is held when nothing arrives (the original's TIMEOUT). */
  pollTimeoutMs: number;
  /** How long notifications are kept; a client resuming from an older id is told to reload. */
  retentionSeconds: number;
  /** A poll without a last id (`last: 0`) gets what arrived in this window. */
  replaySeconds: number;
  /** Path of the WebSocket endpoint. */
  websocketPath: string;
  /** Presence: offline after this long without a poll, away after this long without activity. */
  disconnectionSeconds: number;
  awaySeconds: number;
}
export const BusOptions = Symbol('BusOptions');

export function defaultBusOptions(env: NodeJS.ProcessEnv = process.env): BusOptions {
  return {
    pollTimeoutMs: Number(env.BUS_POLL_TIMEOUT_MS) || 50_000,
    retentionSeconds: Number(env.BUS_RETENTION_SECONDS) || 600,
    replaySeconds: 50,
    websocketPath: '/websocket',
    disconnectionSeconds: 55,
    awaySeconds: 1800,
  };
}

/** What a client receives: the same shape over long-polling and WebSocket. */
export interface Notification {
  id: number;
  channel: string;
  message: unknown;
}

/** Channel of the marker telling a client that its last id is older than what is retained. */
export const RELOAD_CHANNEL = 'bus.reload';
