import { loadConfig } from '@platform/core/config';
import { parseArgs } from './args';
import { installedModules, print, withKernel } from './boot';

/** `db init [--no-demo]`: creates the database with the auto-install modules; idempotent for scripts. */
export async function dbInit(argv: string[]): Promise<void> {
  const args = parseArgs(argv, { 'no-demo': 'boolean' });
  const config = loadConfig();
  if (args.options['no-demo']) config.demo = false;
  if ((await installedModules(config)).has('base')) {
    print(`database already initialised (${config.databaseUrl}); nothing to do`);
    return;
  }
  await withKernel({ config, allowCreate: true }, async (kernel) => {
    print(`database initialised: ${config.databaseUrl}`);
    print(`installed: ${kernel.installReport.installed.join(', ')}${config.demo ? ' (with demo data)' : ''}`);
  });
}
