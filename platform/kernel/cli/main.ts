import 'reflect-metadata';
import { ModuleLoadError, UserError } from '@platform/core/errors';
import { UsageError } from './args';
import { contributedCommand } from './contributed-commands';
import { dbInit } from './db-commands';
import { moduleInstall, moduleList, moduleNew, moduleUpgrade } from './module-commands';
import { siteCreate, siteDisable, siteEnable, siteList } from './site-commands';
import { userCreate, userPasswd } from './user-commands';

/** The usage text, shown by `help` and on bad command lines. */
export const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  db init [--no-demo]                         create and install the database (DATABASE_URL)
  module list                                 list modules: version, installed or not, depends, summary
  module install <name...>                    install modules and their dependencies
  module upgrade <name...>                    reload module data and run pending migrations
  module new <name> [--depends a,b]           write a new module (manifest, model, migration, routes, page,
                                              island, demo, tests) into modules/<name>/
  site list                                   list websites with their domain, languages and modules
  site create <name> [--domain host] [--lang en_US]
                                              create a website with every installed module enabled
  site enable <site-id> <module...>           enable modules (and their dependencies) on a website
  site disable <site-id> <module...>          disable modules (and their dependents) on a website
  user create <login> --name "Name" [--password X] [--admin]
                                              create a portal user (administrator with --admin)
  user passwd <login> [--password X]          set a user's password
  help                                        show this text
  <module> <command> ...                      commands added by installed modules (e.g. mailing send <id>)

Without --password, the password is read from NEW_PASSWORD, else generated and printed once.
`;

type Command = (argv: string[]) => Promise<void>;

const COMMANDS: Record<string, Command> = {
  'db init': dbInit,
  'module list': moduleList,
  'module install': moduleInstall,
  'module upgrade': moduleUpgrade,
  'module new': moduleNew,
  'site list': siteList,
  'site create': siteCreate,
  'site enable': siteEnable,
  'site disable': siteDisable,
  'user create': userCreate,
  'user passwd': userPasswd,
};

/** Dispatches one command line and returns the exit code: 0 ok, 1 failed, 2 bad usage. */
export async function runCli(argv: string[]): Promise<number> {
  const [group, sub, ...rest] = argv;
  if (!group || ['help', '--help', '-h'].includes(group)) {
    process.stdout.write(USAGE);
    return 0;
  }
  // Not built in: maybe a command of an installed module (unknown there too: usage error, exit 2).
  const command = COMMANDS[`${group} ${sub ?? ''}`] ?? contributedCommand([group, sub].filter(Boolean).join(' '));
  try {
    await command(rest);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`error: ${err.message}\n\n${USAGE}`);
      return 2;
    }
    // Expected failures get one line; anything else too, with the stack only when asked for.
    const known = err instanceof UserError || err instanceof ModuleLoadError;
    process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
    if (!known && process.env.CLI_DEBUG && err instanceof Error) process.stderr.write(`${err.stack}\n`);
    return 1;
  }
}

if (require.main === module) {
  runCli(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
