import type { Env } from '@platform/orm/environment';

/** Something to run periodically; claimed through the database so only one process runs it at a time. */
export interface ScheduledJob {
  /** Unique, e.g. `link_tracker.flush_clicks`. */
  name: string;
  intervalSeconds: number;
  /** `stopping` is aborted when the process stops: a long job should wind down (it is waited for). */
  run(env: Env, stopping: AbortSignal): Promise<void>;
}
export interface JobContribution {
  jobs(): ScheduledJob[];
}
export const JobContribution = Symbol('JobContribution');
