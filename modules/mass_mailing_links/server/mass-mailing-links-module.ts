import { ContainerModule } from 'inversify';
import { bindContribution } from '@platform/core';
import { MailingClickRedirect } from '@modules/mass_mailing';
import { LinkTrackerClicks } from './contributions/link-tracker-clicks';

export const massMailingLinksModule = new ContainerModule(({ bind }) => {
  bindContribution(bind, MailingClickRedirect, LinkTrackerClicks);
});
