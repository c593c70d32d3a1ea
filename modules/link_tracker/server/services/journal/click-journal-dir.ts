import os from 'node:os';
import path from 'node:path';
import type { Config } from '@platform/core';

/**
 * Where this site's processes keep their click journals: `LINK_CLICK_JOURNAL_DIR`, else next to the
 * SQLite file, else (PostgreSQL) `data/click-journal/<host>_<port>_<database>`. One directory per
 * database, so that processes of different databases never replay each other's clicks.
 */
export function clickJournalDir(config: Pick<Config, 'databaseUrl' | 'repoRoot'>, env: NodeJS.ProcessEnv = process.env): string {
  if (env.LINK_CLICK_JOURNAL_DIR) return path.resolve(env.LINK_CLICK_JOURNAL_DIR);
  const url = config.databaseUrl;
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    // An in-memory database ends with its process: so does its journal (nobody may replay it elsewhere).
    if (!file || file === ':memory:') return path.join(os.tmpdir(), `click-journal-memory-${process.pid}`);
    return `${path.resolve(file)}-click-journal`;
  }
  const u = new URL(url);
  const name = `${u.hostname || 'localhost'}_${u.port || '5432'}_${decodeURIComponent(u.pathname.slice(1)) || 'postgres'}`;
  return path.join(config.repoRoot, 'data', 'click-journal', name.replace(/[^A-Za-z0-9._-]/g, '-'));
}
