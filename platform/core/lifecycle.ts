/** Hooks around the life of a process: after the database is ready, and before it stops (in reverse order). */
export interface LifecycleContribution {
  onStart?(): Promise<void> | void;
  onStop?(): Promise<void> | void;
}
export const LifecycleContribution = Symbol('LifecycleContribution');
