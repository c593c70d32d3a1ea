import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import type { ThrowawayDatabase } from './test-database';

/**
 * Installed databases kept as templates, one per set of modules (and demo flag and config) within a test
 * run: installing modules with their demo data takes seconds (sale with demo: 14 s, forum: 4 s), booting
 * a kernel on a database where they are installed a third of a second. So the first test kernel of a kind
 * installs into a template database, and every test kernel of that kind, that one included, gets a copy
 * of it: PostgreSQL's CREATE DATABASE ... TEMPLATE, or a copy of the SQLite file. Each copy is the test's
 * own throwaway database, as before; only the install is shared.
 *
 * TEST_TEMPLATES=0 turns this off (every kernel installs from scratch, as the first one does).
 */
export class InstalledTemplates {
  private readonly templates = new Map<string, Promise<DatabaseTemplate>>();

  static enabled(): boolean {
    return process.env.TEST_TEMPLATES !== '0';
  }

  /**
   * A copy of the template for `key`, made first by `install` (which installs into the database it is
   * given and closes every connection to it before resolving).
   */
  async copy(key: string, fresh: () => Promise<ThrowawayDatabase>, install: (db: ThrowawayDatabase) => Promise<void>): Promise<ThrowawayDatabase> {
    let template = this.templates.get(key);
    if (!template) {
      template = (async () => {
        const db = await fresh();
        try {
          await install(db);
        } catch (err) {
          await db.drop();
          throw err;
        }
        return DatabaseTemplate.of(db);
      })();
      this.templates.set(key, template);
      template.catch(() => this.templates.delete(key)); // a failed install is not remembered: the next test tries again
    }
    return (await template).copy();
  }

  async dropAll(): Promise<void> {
    const all = [...this.templates.values()];
    this.templates.clear();
    for (const t of all) await t.then((tpl) => tpl.drop(), () => undefined);
  }
}

/** The test run's installed databases; test/setup.ts drops them at the end of the run. */
export const installedTemplates = new InstalledTemplates();

/** An installed database no kernel uses any more, copied for each test. */
class DatabaseTemplate {
  private constructor(private readonly source: ThrowawayDatabase) {}

  static of(db: ThrowawayDatabase): DatabaseTemplate {
    return new DatabaseTemplate(db);
  }

  drop(): Promise<void> {
    return this.source.drop();
  }

  async copy(): Promise<ThrowawayDatabase> {
    const name = `t_${Date.now().toString(36)}_${crypto.randomBytes(4).toString('hex')}`;
    if (this.source.url.startsWith('sqlite:')) {
      const from = this.source.url.slice('sqlite:'.length);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteplatform-'));
      const to = path.join(dir, `${name}.sqlite`);
      fs.copyFileSync(from, to);
      if (fs.existsSync(`${from}-wal`)) fs.copyFileSync(`${from}-wal`, `${to}-wal`);
      const copy = { url: `sqlite:${to}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
      await forgetSecret(copy.url);
      return copy;
    }
    const templateName = decodeURIComponent(new URL(this.source.url).pathname.slice(1));
    const admin = process.env.TEST_DATABASE_URL as string; // where the throwaway databases are made (test-database.ts)
    const server = knexFactory({ client: 'pg', connection: admin, pool: { min: 0, max: 1 } });
    try {
      // The install's connections close asynchronously on the server's side: a copy made in that instant
      // is refused ("being accessed by other users"), so it is asked again for a moment.
      for (let attempt = 0; ; attempt++) {
        try {
          await server.raw(`CREATE DATABASE "${name}" TEMPLATE "${templateName}"`);
          break;
        } catch (err) {
          if (attempt >= 50 || !/being accessed by other users/.test(String(err))) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    } finally {
      await server.destroy();
    }
    const url = new URL(this.source.url);
    url.pathname = `/${name}`;
    const copy = {
      url: url.toString(),
      drop: async () => {
        const again = knexFactory({ client: 'pg', connection: admin, pool: { min: 0, max: 1 } });
        await again.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await again.destroy();
      },
    };
    await forgetSecret(copy.url);
    return copy;
  }
}

/**
 * Each database keeps its own secret (the HMAC key of CSRF and mail tokens), made on first use: a copy
 * drops the template's, so two test kernels never accept each other's tokens.
 */
async function forgetSecret(url: string): Promise<void> {
  const db = url.startsWith('sqlite:')
    ? knexFactory({ client: 'better-sqlite3', connection: { filename: url.slice('sqlite:'.length) }, useNullAsDefault: true })
    : knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  try {
    if (await db.schema.hasTable('ir_config_parameter')) await db('ir_config_parameter').where({ key: 'database.secret' }).delete();
  } finally {
    await db.destroy();
  }
}
