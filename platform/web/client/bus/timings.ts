/** The notification channel's timings (SPEC section 9), in milliseconds. Tests pass shorter ones. */
export interface BusTimings {
  /** A long-poll request is abandoned (and re-sent) after this long. */
  longPollTimeout: number;
  /** After a failed poll: wait this long plus a random 1 to 20 s. */
  errorDelay: number;
  errorJitterMin: number;
  errorJitterMax: number;
  /** How often a tab says it is alive; the master tab says so more often. */
  tabHeartbeat: number;
  masterHeartbeat: number;
  /** A master silent this long is dead: another tab takes over. */
  masterDead: number;
  /** A tab silent this long is forgotten by the master (its channels are dropped). */
  peerDropped: number;
  /** The last notification id stored for the next tab is not trusted after this long. */
  lastIdStale: number;
  /** How often partner presence is refreshed. */
  presenceCheck: number;
}

export const SPEC_TIMINGS: BusTimings = {
  longPollTimeout: 60_000,
  errorDelay: 10_000,
  errorJitterMin: 1_000,
  errorJitterMax: 20_000,
  tabHeartbeat: 10_000,
  masterHeartbeat: 1_500,
  masterDead: 5_000,
  peerDropped: 15_000,
  lastIdStale: 50_000,
  presenceCheck: 30_000,
};

/** Delay before retrying after a failure: the base error delay plus a random 1 to 20 s. */
export function errorRetryDelay(t: BusTimings, random: () => number = Math.random): number {
  return t.errorDelay + t.errorJitterMin + Math.floor(random() * (t.errorJitterMax - t.errorJitterMin + 1));
}
