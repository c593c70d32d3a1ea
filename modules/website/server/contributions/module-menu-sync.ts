import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { type LifecycleContribution, LoggerToken } from '@platform/core';
import { SiteService } from '@platform/http';
import { EnvFactory } from '@platform/orm';
import { ModuleMenuEntries } from '../services/module-menu-entries';

/**
 * Brings every site's module entries in line at start (a module installed or enabled while the server
 * was down), so the first page a visitor asks does not write the menu and miss the caches it just
 * filled. A change later is caught by the menu's next read, as before.
 */
@injectable()
export class ModuleMenuSync implements LifecycleContribution {
  constructor(
    @inject(ModuleMenuEntries) private readonly entries: ModuleMenuEntries,
    @inject(SiteService) private readonly sites: SiteService,
    @inject(EnvFactory) private readonly envs: EnvFactory,
    @inject(LoggerToken) private readonly logger: Logger,
  ) {}

  async onStart(): Promise<void> {
    try {
      for (const site of await this.sites.all()) await this.entries.sync(this.envs.superuser(), site);
    } catch (err) {
      // The menu's next read tries again; a start must not fail for it.
      this.logger.warn({ err }, 'website: the modules\' menu entries could not be brought in line at start');
    }
  }
}
