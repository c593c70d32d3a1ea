import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, createThrowawayDatabase } from '../../../test/support/harness';
import type { ThrowawayDatabase } from '../../../test/support/test-database';
import { loadConfig, type Config } from '@platform/core/config';
import { Kernel } from '../kernel';
import { EnvFactory } from '@platform/orm/env-factory';
import { BASE_ROOT, fixture, moduleLoadError } from './support';

const NEW_MIGRATION = `import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('upgrade_mod_note', (t) => {
    t.integer('priority');
  });
  await knex('upgrade_mod_note').update({ priority: 5 });
}
`;

describe('migrations', () => {
  describe('failures', () => {
    it('a failing migration stops the boot, naming the module and the file', async () => {
      const err = await moduleLoadError(() => bootTestKernel({ modules: ['fail_migration'], roots: [fixture('failing-migration')] }));
      expect(err.moduleName).to.equal('fail_migration');
      expect(err.message).to.match(/^module 'fail_migration': migration 20260101000001_boom\.ts failed: /);
    });

    it('schema check: a stored field without its column stops the boot, naming the module and column', async () => {
      const err = await moduleLoadError(() => bootTestKernel({ modules: ['missing_column'], roots: [fixture('schema-check')] }));
      expect(err.moduleName).to.equal('missing_column');
      expect(err.message).to.contain("column 'missing_column_thing.size' for field 'missing_column.thing.size' does not exist");
    });

    it('schema check: a model without a table stops the boot, naming the module', async () => {
      const err = await moduleLoadError(() => bootTestKernel({ modules: ['missing_table'], roots: [fixture('schema-check')] }));
      expect(err.moduleName).to.equal('missing_table');
      expect(err.message).to.contain("table 'missing_table_thing' of model 'missing_table.thing' does not exist");
    });
  });

  describe('upgrading an installed module', () => {
    let db: ThrowawayDatabase;
    let config: Config;
    const tmpDirs: string[] = [];

    /** A copy of the upgrade fixture in a fresh folder (a new path, so require() loads it afresh). */
    function copyFixture(edit?: (moduleDir: string) => void): string {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kernel-upgrade-'));
      tmpDirs.push(root);
      fs.cpSync(fixture('upgrade', 'upgrade_mod'), path.join(root, 'upgrade_mod'), { recursive: true });
      edit?.(path.join(root, 'upgrade_mod'));
      return root;
    }

    async function boot(root: string, install: string[] = []): Promise<Kernel> {
      return Kernel.boot({ config, roots: [BASE_ROOT, root], install, autoInstall: false });
    }

    async function fixturePartnerName(kernel: Kernel): Promise<string> {
      const env = kernel.container.get(EnvFactory).superuser();
      const row = await kernel.db('ir_model_data').where({ module: 'upgrade_mod', name: 'partner_fixture' }).first();
      const [partner] = await env.model('res.partner').read([row.res_id], ['name']);
      return String(partner.name);
    }

    before(async () => {
      db = await createThrowawayDatabase();
      config = { ...loadConfig({ LOG_LEVEL: 'silent' }), databaseUrl: db.url, adminPassword: ADMIN_PASSWORD, demo: false };
    });
    after(async () => {
      await db?.drop();
      for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('installs the module: runs its migration and loads its data', async () => {
      const kernel = await boot(copyFixture(), ['upgrade_mod']);
      try {
        expect(kernel.installReport.installed).to.include('upgrade_mod');
        expect(kernel.installReport.migrations).to.include('upgrade_mod/20260101000000_notes');
        expect(await fixturePartnerName(kernel)).to.equal('Upgrade fixture 1.0.0');
        const state = await kernel.db('ir_module_module').where({ name: 'upgrade_mod' }).first();
        expect(state.version).to.equal('1.0.0');
      } finally {
        await kernel.stop();
      }
    });

    it('re-booting unchanged runs nothing and does not reload data', async () => {
      let kernel = await boot(copyFixture());
      try {
        expect(kernel.installReport).to.deep.equal({ installed: [], upgraded: [], migrations: [] });
        expect(kernel.installedNames.has('upgrade_mod')).to.equal(true);
        // A local edit survives a boot at the same version.
        const row = await kernel.db('ir_model_data').where({ module: 'upgrade_mod', name: 'partner_fixture' }).first();
        await kernel.container.get(EnvFactory).superuser().model('res.partner').write([row.res_id], { name: 'Edited locally' });
      } finally {
        await kernel.stop();
      }
      kernel = await boot(copyFixture());
      try {
        expect(await fixturePartnerName(kernel)).to.equal('Edited locally');
      } finally {
        await kernel.stop();
      }
    });

    it('after a new migration and a version bump: only the new migration runs and data is reloaded', async () => {
      const root = copyFixture((dir) => {
        fs.writeFileSync(path.join(dir, 'migrations', '20260201000000_priority.ts'), NEW_MIGRATION);
        const manifest = path.join(dir, 'manifest.ts');
        fs.writeFileSync(manifest, fs.readFileSync(manifest, 'utf8').replace("const VERSION = '1.0.0'", "const VERSION = '1.1.0'"));
      });
      const kernel = await boot(root);
      try {
        expect(kernel.installReport.migrations).to.deep.equal(['upgrade_mod/20260201000000_priority']);
        expect(kernel.installReport.upgraded).to.deep.equal(['upgrade_mod']);
        expect(kernel.installReport.installed).to.deep.equal([]);
        const notes = await kernel.db('upgrade_mod_note').select('name', 'priority');
        expect(notes).to.have.length(1); // the first migration did not run again
        expect(notes[0].name).to.equal('first');
        expect(Number(notes[0].priority)).to.equal(5);
        const applied = await kernel.db('ir_module_migration').where({ module: 'upgrade_mod' }).orderBy('name').select('name');
        expect(applied.map((r: { name: string }) => r.name)).to.deep.equal(['20260101000000_notes', '20260201000000_priority']);
        expect(await fixturePartnerName(kernel)).to.equal('Upgrade fixture 1.1.0');
        const state = await kernel.db('ir_module_module').where({ name: 'upgrade_mod' }).first();
        expect(state.version).to.equal('1.1.0');
      } finally {
        await kernel.stop();
      }
    });

    it('an installed module whose folder is gone is skipped and its data kept', async () => {
      const kernel = await Kernel.boot({ config, roots: [BASE_ROOT], autoInstall: false });
      try {
        expect(kernel.installedNames.has('upgrade_mod')).to.equal(false);
        expect(await kernel.db('upgrade_mod_note').count({ n: '*' }).first()).to.satisfy((r: { n: unknown }) => Number(r.n) === 1);
      } finally {
        await kernel.stop();
      }
    });
  });
});
