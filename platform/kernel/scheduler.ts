import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EnvFactory } from '../orm/env-factory';
import { nowUtc } from '../orm/sql-values';
import type { ScheduledJob } from './contribution-points';

/**
 * Runs scheduled jobs. Each run is claimed with a conditional UPDATE on `ir_cron`, so when several
 * processes share a database exactly one of them runs a job each period.
 */
export class Scheduler {
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(private readonly db: Knex, private readonly envs: EnvFactory, private readonly jobs: ScheduledJob[], private readonly logger: Logger) {}

  start(tickMs = 5000): void {
    this.timer = setInterval(() => void this.tick(), tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    while (this.running) await new Promise((r) => setTimeout(r, 20));
  }

  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (const job of this.jobs) {
        if (await this.claim(job)) {
          try {
            await job.run(this.envs.superuser());
          } catch (err) {
            this.logger.error({ err, job: job.name }, 'scheduled job failed');
          }
        }
      }
    } finally {
      this.running = false;
    }
  }

  private async claim(job: ScheduledJob): Promise<boolean> {
    const now = nowUtc();
    const next = new Date(Date.now() + job.intervalSeconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
    await this.db('ir_cron').insert({ name: job.name, next_call: now }).onConflict('name').ignore();
    const updated = await this.db('ir_cron').where({ name: job.name }).andWhere('next_call', '<=', now).update({ next_call: next, last_call: now });
    return updated === 1;
  }
}
