import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/** First restart delay of a worker slot, doubled at each further crash of that slot up to MAX_DELAY_MS. */
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
/** A worker that stayed up this long was healthy: its slot's next restart is quick again. */
const STABLE_MS = 60_000;
/** Crashes counted over this window to decide that restarting is pointless. */
const CRASH_WINDOW_MS = 5 * 60_000;
/** Workers asked to stop get this long to finish their requests and flush, then are killed. */
const STOP_GRACE_MS = 10_000;

interface Slot {
  worker?: Worker;
  startedAt: number;
  delayMs: number;
  timer?: NodeJS.Timeout;
}

/**
 * The primary of `WORKERS=N`: keeps N workers running. A worker that dies is replaced after a delay
 * growing per slot (1 s doubling up to 30 s, back to 1 s once a worker stayed up a minute), so a
 * worker killed by the OOM killer comes back within a second while a crash at start does not spin. When
 * workers keep crashing (5 crashes, or two per worker when more, within 5 minutes), restarting is
 * pointless: the primary stops the rest and exits with 1, so that its own supervisor (systemd,
 * Docker, ...) sees the failure. SIGTERM/SIGINT stop every worker (they finish and flush) and exit 0.
 */
export class WorkerSupervisor {
  private readonly slots: Slot[] = [];
  private readonly crashes: number[] = [];
  private readonly crashLimit: number;
  private stopping = false;
  private exitCode = 0;
  private finish!: (code: number) => void;

  constructor(private readonly workers: number, private readonly logger: Logger) {
    this.crashLimit = Math.max(5, 2 * workers);
  }

  /** Forks the workers; resolves with the primary's exit code once they are all gone. */
  run(): Promise<number> {
    const done = new Promise<number>((resolve) => (this.finish = resolve));
    for (let i = 0; i < this.workers; i++) {
      const slot: Slot = { startedAt: 0, delayMs: FIRST_DELAY_MS };
      this.slots.push(slot);
      this.fork(slot);
    }
    const onSignal = (signal: NodeJS.Signals) => {
      this.logger.info({ signal }, 'stopping the workers');
      this.stop(0);
    };
    // Once: a second signal of the same kind takes its default action and ends the primary at once.
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
    return done;
  }

  private fork(slot: Slot): void {
    slot.timer = undefined;
    slot.startedAt = Date.now();
    const worker = cluster.fork();
    slot.worker = worker;
    worker.once('exit', (code, signal) => {
      slot.worker = undefined;
      if (this.stopping) return this.settleIfDone();
      this.crashed(slot, worker, code, signal);
    });
  }

  private crashed(slot: Slot, worker: Worker, code: number, signal: string | null): void {
    const now = Date.now();
    if (now - slot.startedAt >= STABLE_MS) slot.delayMs = FIRST_DELAY_MS;
    this.crashes.push(now);
    while (this.crashes[0] < now - CRASH_WINDOW_MS) this.crashes.shift();
    const details = { worker: worker.process.pid, code, signal, upMs: now - slot.startedAt };
    if (this.crashes.length >= this.crashLimit) {
      this.logger.error({ ...details, crashes: this.crashes.length, windowMs: CRASH_WINDOW_MS }, 'worker exited');
      this.logger.fatal('workers keep crashing: giving up');
      this.stop(1);
      return;
    }
    this.logger.error({ ...details, restartInMs: slot.delayMs }, 'worker exited; restarting it');
    slot.timer = setTimeout(() => this.fork(slot), slot.delayMs);
    slot.delayMs = Math.min(slot.delayMs * 2, MAX_DELAY_MS);
  }

  private stop(code: number): void {
    if (this.stopping) return;
    this.stopping = true;
    this.exitCode = code;
    for (const slot of this.slots) if (slot.timer) clearTimeout(slot.timer);
    const running = this.slots.flatMap((s) => (s.worker ? [s.worker] : []));
    for (const worker of running) worker.process.kill('SIGTERM');
    // A worker stuck in its shutdown must not keep the primary (and the port) forever.
    setTimeout(() => {
      for (const s of this.slots) s.worker?.process.kill('SIGKILL');
    }, STOP_GRACE_MS).unref();
    this.settleIfDone();
  }

  private settleIfDone(): void {
    if (this.stopping && this.slots.every((s) => !s.worker)) this.finish(this.exitCode);
  }
}
