import { ContainerModule } from 'inversify';
import { bindContributionProvider } from '@platform/core/contribution';
import { JobContribution } from './job-contribution';

/** The point the scheduler reads (the kernel's server start runs the scheduler). */
export const jobsModule = new ContainerModule(({ bind }) => {
  bindContributionProvider(bind, JobContribution);
});
