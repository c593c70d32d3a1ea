import { CliCommandContribution, type CliCommandContribution as CliPoint } from './cli-command';
import { loadConfig } from '@platform/core/config';
import { EnvFactory } from '@platform/orm/env-factory';
import { UsageError } from './args';
import { installedModules, withKernel } from './boot';

/**
 * A command that is not built in may come from an installed module (CliCommandContribution): boot the
 * kernel of the configured database and run it there. Unknown everywhere: the usual usage error.
 */
export function contributedCommand(name: string): (argv: string[]) => Promise<void> {
  return async (argv) => {
    const unknown = new UsageError(`unknown command '${name.trim()}'`);
    if (!(await installedModules(loadConfig())).has('base')) throw unknown;
    await withKernel({}, async (kernel) => {
      const command = kernel.contributions<CliPoint>(CliCommandContribution).flatMap((c) => c.commands()).find((c) => c.name === name.trim());
      if (!command) throw unknown;
      await command.run(argv, kernel.container.get(EnvFactory).superuser());
    });
  };
}
