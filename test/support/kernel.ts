/*
 * The kernel and its server for tests that assemble a site themselves (several processes on one
 * database, a restart, a database prepared before the server starts): modules' tests get them here,
 * not from platform/kernel.
 */
export { Kernel, type BootOptions } from '@platform/kernel/kernel';
export { startServer, type RunningServer } from '@platform/kernel/server';
export { discoverModules, defaultModuleRoots } from '@platform/kernel/discovery';
export { freePort, SiteProcess, isAlive } from '@platform/kernel/test/site-process';
export { openDatabase } from '@platform/db/connection';
