/**
 * Installing and upgrading modules while the site runs (the back office's Apps screen). The kernel
 * implements and binds it; modules inject it by the token and never see the kernel itself.
 *
 * One operation runs at a time per database (all processes and administrators together): starting a
 * second one while another runs is refused with a UserError. An operation runs in the background:
 * `install`/`upgrade` answer at once with the status, which `status()` then reports step by step.
 */
export interface ModuleManager {
  /** The modules `install(names)` would install: the names and their dependencies not installed yet, in order. */
  plan(names: string[]): Promise<string[]>;
  /** Installs the modules with their missing dependencies, then every process of the site reloads. */
  install(names: string[], by?: number): Promise<ModuleOperationStatus>;
  /** Runs pending migrations and reloads the modules' data (as `module upgrade`), then every process reloads. */
  upgrade(names: string[], by?: number): Promise<ModuleOperationStatus>;
  /** The running or last operation on this database. */
  status(): Promise<ModuleOperationStatus>;
}
export const ModuleManager = Symbol('ModuleManager');

export type ModuleOperationState = 'idle' | 'running' | 'done' | 'failed';

export interface ModuleOperationStatus {
  /** An id per operation, so a screen can tell its own operation from a later one. */
  id: number;
  state: ModuleOperationState;
  operation: 'install' | 'upgrade' | null;
  /** The modules asked for. */
  modules: string[];
  /** The modules installed (or upgraded) along, in order, once resolved. */
  plan: string[];
  /** What is being done now: `resolving`, `migrating`, `loading`, `reloading`, `done`, `failed`. */
  step: string;
  /** The module the step is about, if any; on failure, the module that failed. */
  module: string | null;
  /** 0 to 100. */
  progress: number;
  /** On failure: why. */
  error: string | null;
}
