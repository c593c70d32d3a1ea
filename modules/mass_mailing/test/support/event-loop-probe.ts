/**
 * Timer lag probe: a timer due every `intervalMs` fires late by as long as the event loop was held.
 * On a loaded machine the process may also wait for a CPU meanwhile, which is not this code holding
 * the loop: `heldMs` counts a late tick only up to the CPU time the process used during it.
 */
export class EventLoopProbe {
  /** The longest late tick, wall clock. */
  worstWallMs = 0;
  /** The longest late tick, counted up to the CPU time used meanwhile. */
  heldMs = 0;
  private readonly timer: NodeJS.Timeout;
  private last = performance.now();
  private cpu = process.cpuUsage();

  constructor(private readonly intervalMs = 5) {
    this.timer = setInterval(() => this.tick(), intervalMs);
  }

  stop(): this {
    clearInterval(this.timer);
    this.tick();
    return this;
  }

  private tick(): void {
    const now = performance.now();
    const cpu = process.cpuUsage();
    const late = Math.max(0, now - this.last - this.intervalMs);
    const used = (cpu.user - this.cpu.user + cpu.system - this.cpu.system) / 1000;
    this.worstWallMs = Math.max(this.worstWallMs, late);
    this.heldMs = Math.max(this.heldMs, Math.min(late, used));
    this.last = now;
    this.cpu = cpu;
  }
}
