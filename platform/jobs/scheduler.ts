import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EnvFactory } from '@platform/orm/env-factory';
import { nowUtc, utcText } from '@platform/orm/sql-values';
import type { ScheduledJob } from './job-contribution';

/**
 * Runs scheduled jobs. Each run is claimed with a conditional UPDATE on `ir_cron`, so when several
 * processes share a database exactly one of them runs a job each period. Jobs run independently: a
 * long one (sending a mailing) does not hold the others back, and is not started again here while it
 * runs. Stopping aborts the signal jobs are given, then waits for the runs in progress.
 */
export class Scheduler {
  private timer?: NodeJS.Timeout;
  private readonly running = new Map<string, Promise<void>>();
  private readonly stopping = new AbortController();
  /** Jobs whose ir_cron row this scheduler has made sure of (once, not every tick). */
  private readonly registered = new Set<string>();

  constructor(private readonly db: Knex, private readonly envs: EnvFactory, private readonly jobs: ScheduledJob[], private readonly logger: Logger) {}

  start(tickMs = 5000): void {
    this.timer = setInterval(() => void this.tick(), tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.stopping.abort();
    await Promise.all(this.running.values());
  }

  /** Resolves once the run of this job in progress here (if any) has ended, its bookkeeping included. */
  async whenDone(name: string): Promise<void> {
    await this.running.get(name);
  }

  /** Starts every due job that is not already running here; resolves once the ones it started end. */
  async tick(): Promise<void> {
    const started: Array<Promise<void>> = [];
    for (const job of this.jobs) {
      if (this.running.has(job.name) || this.stopping.signal.aborted) continue;
      const run = this.runIfDue(job).finally(() => this.running.delete(job.name));
      this.running.set(job.name, run);
      started.push(run);
    }
    await Promise.all(started);
  }

  private async runIfDue(job: ScheduledJob): Promise<void> {
    try {
      if (await this.claim(job)) await job.run(this.envs.superuser(), this.stopping.signal);
    } catch (err) {
      this.logger.error({ err, job: job.name }, 'scheduled job failed');
    }
  }

  private async claim(job: ScheduledJob): Promise<boolean> {
    const now = nowUtc();
    const next = utcText(Date.now() + job.intervalSeconds * 1000);
    if (!this.registered.has(job.name)) {
      await this.db('ir_cron').insert({ name: job.name, next_call: now }).onConflict('name').ignore();
      this.registered.add(job.name);
    }
    const updated = await this.db('ir_cron').where({ name: job.name }).andWhere('next_call', '<=', now).update({ next_call: next, last_call: now });
    return updated === 1;
  }
}
