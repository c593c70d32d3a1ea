import 'reflect-metadata';
import { installedTemplates } from './support/installed-templates';

// Tests run quiet; set LOG_LEVEL=debug to see server logs.
process.env.LOG_LEVEL ??= 'silent';

/** Root hooks: the installed databases the run kept as templates (test/support/installed-templates.ts) go at the end. */
export const mochaHooks = {
  async afterAll(): Promise<void> {
    await installedTemplates.dropAll();
  },
};
