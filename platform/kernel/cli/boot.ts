import fs from 'node:fs';
import pino from 'pino';
import { openDatabase } from '@platform/db/connection';
import { loadConfig, type Config } from '@platform/core/config';
import { UserError } from '@platform/core/errors';
import { Kernel, type BootOptions } from '../kernel';
import { ModuleState } from '../module-state';

/** Installed modules of the configured database, read without booting (empty when not created). */
export async function installedModules(config: Config): Promise<Set<string>> {
  const url = config.databaseUrl;
  // Do not create an empty SQLite file just to find out that there is nothing in it.
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (!file || file === ':memory:' || !fs.existsSync(file)) return new Set();
  }
  const db = openDatabase(url);
  try {
    return new Set((await new ModuleState(db).installed()).keys());
  } finally {
    await db.destroy();
  }
}

/** Options of withKernel: everything Kernel.boot takes except what the CLI always supplies. */
export interface CliBootOptions extends Omit<BootOptions, 'config' | 'logger'> {
  config?: Config;
  /** Only `db init` may create the database; other commands refuse an uninitialised one. */
  allowCreate?: boolean;
}

/** Boots a kernel for one command and always stops it, so no command can leak a connection. */
export async function withKernel<T>(opts: CliBootOptions, run: (kernel: Kernel) => Promise<T>): Promise<T> {
  const { allowCreate, config = loadConfig(), ...boot } = opts;
  if (!allowCreate && !(await installedModules(config)).has('base')) {
    throw new UserError("the database is not initialised; run 'db init' first");
  }
  // Logs go to stderr so that stdout only carries the command's output.
  const logger = pino({ level: config.logLevel }, pino.destination(2));
  const kernel = await Kernel.boot({ ...boot, config, logger });
  try {
    return await run(kernel);
  } finally {
    await kernel.stop();
  }
}

/** Prints one line of command output; one place to change if output ever needs redirecting. */
export function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

/** Aligns rows into columns for the list commands. */
export function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ').trimEnd());
}
