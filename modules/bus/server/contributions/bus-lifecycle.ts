import { inject, injectable } from 'inversify';
import type { LifecycleContribution } from '@platform/core';
import { PgBusListener } from '../services/pg-listener';
import { SqliteBusWatcher } from '../services/sqlite-watcher';

/**
 * Starts hearing other processes' notifications with the server, and stops with it: LISTEN on
 * PostgreSQL, reading the table on SQLite (each of the two does nothing on the other database).
 */
@injectable()
export class BusLifecycle implements LifecycleContribution {
  constructor(
    @inject(PgBusListener) private readonly listener: PgBusListener,
    @inject(SqliteBusWatcher) private readonly watcher: SqliteBusWatcher,
  ) {}

  async onStart(): Promise<void> {
    await this.listener.start();
    await this.watcher.start();
  }

  async onStop(): Promise<void> {
    await this.listener.stop();
    await this.watcher.stop();
  }
}
