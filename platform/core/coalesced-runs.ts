/**
 * Runs a task one at a time; calls made while it runs share a single further run instead of queueing
 * one each (a busy click recorder or bus reader then does one more pass that takes everything new).
 * The task must not reject: the next run is chained after it.
 */
export class CoalescedRuns {
  private last: Promise<void> = Promise.resolve();
  private waiting = false;

  constructor(private readonly task: () => Promise<void>) {}

  /** Starts a run after the current one, or joins the run already waiting; resolves when it is done. */
  run(): Promise<void> {
    if (this.waiting) return this.last;
    this.waiting = true;
    this.last = this.last.then(() => {
      this.waiting = false;
      return this.task();
    });
    return this.last;
  }

  /** Resolves once the running and waiting runs are over. */
  settled(): Promise<void> {
    return this.last;
  }
}
