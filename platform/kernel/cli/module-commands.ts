import { loadConfig } from '@platform/core/config';
import { defaultModuleRoots, discoverModules } from '../discovery';
import { UserError } from '@platform/core/errors';
import type { InstallReport } from '../module-installer';
import { parseArgs, requirePositionals, stringOption, UsageError } from './args';
import { installedModules, print, table, withKernel } from './boot';
import { parseDepends } from './scaffold/check-new-module';
import { createModule } from './scaffold/new-module';
import { nextSteps } from './scaffold/next-steps';
import { scaffoldNames } from './scaffold/scaffold-names';

/** `module list`: what can be installed and what is, for the operator deciding what to install. */
export async function moduleList(argv: string[]): Promise<void> {
  parseArgs(argv, {});
  await withKernel({}, async (kernel) => {
    const installed = kernel.installedNames;
    const rows = kernel.allModules.map(({ manifest: m }) => [
      m.name, m.version, installed.has(m.name) ? 'installed' : '-', m.depends.join(',') || '-', m.summary,
    ]);
    for (const line of table([['NAME', 'VERSION', 'STATE', 'DEPENDS', 'SUMMARY'], ...rows])) print(line);
  });
}

/** `module install <name...>`: installs modules with their dependencies (the kernel does the work). */
export async function moduleInstall(argv: string[]): Promise<void> {
  const names = requirePositionals(parseArgs(argv, {}), 1, 'module name(s)');
  await withKernel({ install: names }, async (kernel) => {
    const { installed } = kernel.installReport;
    print(installed.length ? `installed: ${installed.join(', ')}` : `already installed: ${names.join(', ')}`);
    printMigrations(kernel.installReport);
  });
}

/** `module upgrade <name...>`: reloads module data and runs pending migrations after a code update. */
export async function moduleUpgrade(argv: string[]): Promise<void> {
  const names = requirePositionals(parseArgs(argv, {}), 1, 'module name(s)');
  // The kernel silently ignores unknown or uninstalled names here, so check them first.
  const config = loadConfig();
  const known = new Set(discoverModules(defaultModuleRoots(config.repoRoot)).map((m) => m.manifest.name));
  const installed = await installedModules(config);
  for (const n of names) {
    if (!known.has(n)) throw new UserError(`Unknown module '${n}'`);
    if (installed.size && !installed.has(n)) throw new UserError(`Module '${n}' is not installed; install it first`);
  }
  await withKernel({ config, upgrade: names }, async (kernel) => {
    const report = kernel.installReport;
    print(`upgraded: ${report.upgraded.join(', ') || '(none)'}`);
    if (report.installed.length) print(`installed: ${report.installed.join(', ')}`);
    printMigrations(report);
  });
}

/** `module new <name> [--depends a,b]`: writes a new module's standard anatomy; needs no database. */
export async function moduleNew(argv: string[]): Promise<void> {
  const args = parseArgs(argv, { depends: 'string' });
  const [name, ...extra] = requirePositionals(args, 1, 'module name');
  if (extra.length) throw new UsageError(`one module at a time ('${extra.join(' ')}' is one too many)`);
  const depends = parseDepends(stringOption(args, 'depends'));
  const report = createModule({ name, depends }, loadConfig().repoRoot);
  print(`created module '${name}' in ${report.folder}/${depends.length ? ` (depends on ${depends.join(', ')})` : ''}:`);
  for (const file of report.files) print(`  ${file}`);
  print();
  for (const line of nextSteps(scaffoldNames(name))) print(line);
}

function printMigrations(report: InstallReport): void {
  print(`migrations run: ${report.migrations.length ? report.migrations.join(', ') : '(none)'}`);
}
