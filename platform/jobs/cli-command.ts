import { UserError } from '@platform/core/errors';
import type { Env } from '@platform/orm/environment';

/** A bad command line: the CLI prints the message and the usage, and exits with 2. */
export class UsageError extends UserError {
  override name = 'UsageError';
}

/** A command a module adds to `npm run cli` (e.g. `mailing send <id>`), run on a booted kernel. */
export interface CliCommand {
  /** Two words, as the built-in commands: `mailing send`. */
  name: string;
  /** Line shown by `help`, e.g. `mailing send <id>   send a mailing, showing its progress`. */
  usage: string;
  /** Throws UsageError on a bad command line (exit 2), UserError on expected failures (exit 1). */
  run(argv: string[], env: Env): Promise<void>;
}
export interface CliCommandContribution {
  commands(): CliCommand[];
}
export const CliCommandContribution = Symbol('CliCommandContribution');
