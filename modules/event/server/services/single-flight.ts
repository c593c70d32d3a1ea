/**
 * Concurrent identical computations share one run: when a cached page expires under load, every request
 * that misses would otherwise compute the same listing at once (50 connections: 50 times the queries).
 * Only the in-flight promise is shared (nothing is kept after it settles), so no result outlives a write.
 */
export class SingleFlight<T> {
  private readonly running = new Map<string, Promise<T>>();

  run(key: string, compute: () => Promise<T>): Promise<T> {
    const current = this.running.get(key);
    if (current) return current;
    const started = compute().finally(() => this.running.delete(key));
    this.running.set(key, started);
    return started;
  }
}
