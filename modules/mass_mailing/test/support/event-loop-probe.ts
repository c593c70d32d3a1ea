import fs from 'node:fs';

/**
 * The CPU time of this process's main thread, in ms: Linux's scheduler statistics of that thread (its
 * id is the process's), to the nanosecond; elsewhere the whole process's CPU time, every thread's.
 */
function mainThreadCpuMs(): number {
  try {
    return Number(fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
}

/**
 * Timer lag probe: a timer due every `intervalMs` fires late by as long as the event loop was held.
 * On a loaded machine the process may also wait for a CPU meanwhile, which is not this code holding
 * the loop: `heldMs` counts a late tick only up to the CPU time the main thread (the event loop's) used
 * during it. The whole process's time would count the garbage collector's and the thread pool's threads
 * too, which run beside the loop without holding it.
 */
export class EventLoopProbe {
  /** The longest late tick, wall clock. */
  worstWallMs = 0;
  /** The longest late tick, counted up to the CPU time used meanwhile. */
  heldMs = 0;
  private readonly timer: NodeJS.Timeout;
  private last = performance.now();
  private cpu = mainThreadCpuMs();

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
    const cpu = mainThreadCpuMs();
    const late = Math.max(0, now - this.last - this.intervalMs);
    const used = cpu - this.cpu;
    this.worstWallMs = Math.max(this.worstWallMs, late);
    this.heldMs = Math.max(this.heldMs, Math.min(late, used));
    this.last = now;
    this.cpu = cpu;
  }
}
