import path from 'node:path';
import { expect } from 'chai';
import { loadConfig } from '@platform/core/config';
import { discoverModules, defaultModuleRoots } from '../discovery';
import { Kernel } from '../kernel';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../../test/support/test-database';

/** `npm start` on a new database, as a newcomer runs it: with demo data (the default), and with DEMO=0. */
describe('first start on a new database', function () {
  this.timeout(180_000);
  const repoRoot = path.resolve(__dirname, '..', '..', '..');
  const every = discoverModules(defaultModuleRoots(repoRoot)).map((m) => m.manifest.name).sort();
  const databases: ThrowawayDatabase[] = [];
  after(async () => Promise.all(databases.map((d) => d.drop())));

  async function firstStart(demo: boolean): Promise<{ installed: string[]; enabled: string[] }> {
    const database = await createThrowawayDatabase();
    databases.push(database);
    const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), databaseUrl: database.url, adminPassword: 'first-start-123', demo };
    const kernel = await Kernel.boot({ config });
    try {
      const installed = kernel.modules.map((m) => m.manifest.name).sort();
      const enabled = (await kernel.db('website_module').where({ website_id: 1 }).pluck('module')).map(String).sort();
      return { installed, enabled };
    } finally {
      await kernel.stop();
    }
  }

  it('with demo data, installs every module and enables each on the demo site', async () => {
    const { installed, enabled } = await firstStart(true);
    expect(installed).to.deep.equal(every);
    expect(enabled).to.include.members(every.filter((m) => m !== 'base'));
  });

  it('with DEMO=0, installs only the core (modules marked autoInstall); forum waits for the Apps screen', async () => {
    const { installed } = await firstStart(false);
    expect(installed).to.include.members(['base', 'website']);
    expect(installed).to.not.include('forum');
  });
});
