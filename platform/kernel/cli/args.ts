import { UsageError } from '@platform/jobs/cli-command';

// Thrown for bad command lines; main.ts prints usage and exits 2 (unlike runtime errors, exit 1).
export { UsageError };

/** Which options a command accepts: booleans are flags, strings take the next argument. */
export type OptionSpec = Record<string, 'string' | 'boolean'>;

/** Positionals and options of one command line; kept minimal so commands read like the usage text. */
export interface ParsedArgs {
  positionals: string[];
  options: Record<string, string | boolean | undefined>;
}

/** A tiny parser (`--x v`, `--x=v`, `--flag`, `--` ends options) so the CLI needs no dependency. */
export function parseArgs(argv: string[], spec: OptionSpec): ParsedArgs {
  const positionals: string[] = [];
  const options: ParsedArgs['options'] = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--') || arg.length === 2) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const kind = spec[name];
    if (!kind) throw new UsageError(`unknown option '--${name}'`);
    if (kind === 'boolean') {
      if (eq >= 0) throw new UsageError(`option '--${name}' takes no value`);
      options[name] = true;
    } else if (eq >= 0) {
      options[name] = arg.slice(eq + 1);
    } else {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`option '--${name}' needs a value`);
      options[name] = value;
      i++;
    }
  }
  return { positionals, options };
}

/** Reads a string option, so commands do not repeat the typeof check. */
export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const value = args.options[name];
  return typeof value === 'string' ? value : undefined;
}

/** Demands at least `min` positionals, naming what is missing, so commands fail before booting. */
export function requirePositionals(args: ParsedArgs, min: number, what: string): string[] {
  if (args.positionals.length < min) throw new UsageError(`missing ${what}`);
  return args.positionals;
}
