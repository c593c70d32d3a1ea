import { inject, injectable } from 'inversify';
import type { LifecycleContribution } from '../../../platform/kernel/contribution-points';
import { PgBusListener } from './services/pg-listener';

/** Starts listening to other processes' notifications with the server, and stops with it. */
@injectable()
export class BusLifecycle implements LifecycleContribution {
  constructor(@inject(PgBusListener) private readonly listener: PgBusListener) {}

  async onStart(): Promise<void> {
    await this.listener.start();
  }

  async onStop(): Promise<void> {
    await this.listener.stop();
  }
}
